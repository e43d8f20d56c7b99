import type { components } from '@fantasy-cricket/api-client';
import type { Kysely, Selectable } from 'kysely';
import type { DB, ImportRunsTable } from '../db/schema';
import type { PartialHandlerMap } from '../http/contract';
import { HttpError } from '../http/errors';
import { requireOperator } from './access';
import { fetchMessages, fetchState, runCricsheetFetch } from './fetch';

type FetchOps = 'getFetchStatus' | 'runCricsheetFetch';

const iso = (d: Date | string) => new Date(d).toISOString();

type LineStatus = components['schemas']['ImportLine']['Status'];

/** An import_runs row as the contract's ImportRun. */
function importRunOf(r: Selectable<ImportRunsTable>) {
  return {
    ImportRunID: r.id,
    Kind: r.kind,
    Trigger: r.trigger,
    Source: r.source,
    StartedBy: r.started_by_label,
    StartedAt: iso(r.started_at),
    FinishedAt: r.finished_at ? iso(r.finished_at) : null,
    Outcome: r.outcome,
    Counts: r.counts,
    Message: r.message,
  };
}

/** A recorded run with its lines, as the contract's ImportReport. */
async function importReportOf(db: Kysely<DB>, runId: number) {
  const run = await db.selectFrom('import_runs').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom('import_run_lines')
    .selectAll()
    .where('run_id', '=', runId)
    .orderBy('line_no')
    .execute();
  return {
    ...importRunOf(run),
    Lines: lines.map((l) => ({
      Line: l.line_no,
      Key: l.key,
      Status: l.status as LineStatus,
      FixtureID: l.fixture_id,
      Reason: l.reason,
      Path: l.path,
      Before: l.before ?? null,
      After: l.after ?? null,
    })),
    RescoredFixtureIDs: run.rescored_fixture_ids,
  };
}

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
        LastRun: last ? importRunOf(last) : null,
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
    });
    if (!result.ran) {
      // A console run never waits for `next_run_at`: not running means another run holds the job.
      const until = result.reason === 'busy' ? result.leaseUntil : new Date();
      throw new HttpError(400, fetchMessages.busy(until));
    }
    return { status: 200, body: await importReportOf(deps.db, result.runId) };
  },
};
