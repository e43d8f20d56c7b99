import type { PartialHandlerMap } from '../http/contract';
import { HttpError } from '../http/errors';
import { requireOperator } from './access';
import { fetchMessages, fetchState, runCricsheetFetch } from './fetch';
import { importRunReport, runBody } from './reports';

type FetchOps = 'getFetchStatus' | 'runCricsheetFetch';

const iso = (d: Date | string) => new Date(d).toISOString();

/** Operator operations: the scheduled Cricsheet fetch (operator/fetch.ts). */
export const fetchHandlers: PartialHandlerMap<FetchOps> = {
  async getFetchStatus({ session, deps }) {
    await requireOperator(deps.db, session);
    const settings = deps.config.cricsheetFetch;
    const state = await fetchState(deps.db);
    const last = await deps.db
      .selectFrom('import_runs')
      .selectAll()
      .where('kind', '=', 'fetch')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const enabled = settings.url !== undefined;
    // The validators the next run sends: those stored for the configured URL.
    const same = enabled && state.url === settings.url;
    return {
      status: 200,
      body: {
        Enabled: enabled,
        Url: settings.url ?? null,
        IntervalMinutes: enabled ? Math.round(settings.intervalMs / 60_000) : null,
        LastRun: last ? runBody(last) : null,
        // Never run yet: due at the next look of the timer, that is now.
        NextRunAt: enabled ? iso(state.next_run_at ?? new Date()) : null,
        ETag: same ? state.etag : null,
        LastModified: same ? state.last_modified : null,
      },
    };
  },

  async runCricsheetFetch({ session, deps }) {
    const actor = await requireOperator(deps.db, session);
    const settings = deps.config.cricsheetFetch;
    if (!settings.url) throw new HttpError(400, fetchMessages.off);
    const result = await runCricsheetFetch(deps.db, settings, {
      trigger: 'console',
      actor,
      dueOnly: false,
      audit: true,
      log: deps.log,
      fileLimits: deps.config.fileLimits,
    });
    if (!result.ran) {
      // A console run never waits for `next_run_at`: not running means another run holds the job.
      const until = result.reason === 'busy' ? result.leaseUntil : new Date();
      throw new HttpError(400, fetchMessages.busy(until));
    }
    return { status: 200, body: await importRunReport(deps.db, result.runId) };
  },
};
