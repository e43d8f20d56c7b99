import type { components } from '@fantasy-cricket/api-client';
import type { Kysely, Selectable } from 'kysely';
import { parseJson } from '../db/parse';
import type { DB, ImportRunKind, ImportRunsTable } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Actor } from './access';
import type { ImportLine } from './runs';

export type ImportReportBody = components['schemas']['ImportReport'];
type ImportRunBody = components['schemas']['ImportRun'];
type ImportLineBody = components['schemas']['ImportLine'];

export const reportMessages = {
  runNotFound: 'There is no import run with this id.',
} as const;

/** A line of a report as the API gives it. */
export function lineBody(l: ImportLine, i: number): ImportLineBody {
  return {
    Line: i + 1,
    Key: l.key,
    Status: l.status as ImportLineBody['Status'],
    FixtureID: l.fixtureId ?? null,
    Reason: l.reason ?? null,
    Path: l.path ?? null,
    Before: l.before ?? null,
    After: l.after ?? null,
  };
}

/** The report of a preview: nothing recorded (`ImportRunID` null, `Outcome` preview). */
export function previewReport(
  kind: ImportRunKind,
  source: string,
  actor: Actor,
  startedAt: Date,
  lines: readonly ImportLine[],
  counts: Record<string, number>,
  message: string | null,
): ImportReportBody {
  return {
    ImportRunID: null,
    Kind: kind,
    Trigger: 'console',
    Source: source,
    StartedBy: actor.label,
    StartedAt: startedAt.toISOString(),
    FinishedAt: new Date().toISOString(),
    Outcome: 'preview',
    Counts: counts,
    Message: message,
    Lines: lines.map(lineBody),
    RescoredFixtureIDs: [],
  };
}

/** An import_runs row as the contract's ImportRun. */
export function runBody(r: Selectable<ImportRunsTable>): ImportRunBody {
  return {
    ImportRunID: r.id,
    Kind: r.kind,
    Trigger: r.trigger,
    Source: r.source,
    StartedBy: r.started_by_label,
    StartedAt: new Date(r.started_at).toISOString(),
    FinishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
    Outcome: r.outcome,
    Counts: parseJson<Record<string, number>>(r.counts),
    Message: r.message,
  };
}

/** One recorded run with its lines (404 for an unknown id). */
export async function importRunReport(db: Kysely<DB>, runId: number): Promise<ImportReportBody> {
  const run = await db.selectFrom('import_runs').selectAll().where('id', '=', runId).executeTakeFirst();
  if (!run) throw new HttpError(404, reportMessages.runNotFound);
  const lines = await db
    .selectFrom('import_run_lines')
    .selectAll()
    .where('run_id', '=', runId)
    .orderBy('line_no')
    .execute();
  const rescored = parseJson<number[] | null>(run.rescored_fixture_ids);
  return {
    ...runBody(run),
    Lines: lines.map((l) => ({
      Line: l.line_no,
      Key: l.key,
      Status: l.status as ImportLineBody['Status'],
      FixtureID: l.fixture_id,
      Reason: l.reason,
      Path: l.path,
      Before: parseJson(l.before) ?? null,
      After: parseJson(l.after) ?? null,
    })),
    RescoredFixtureIDs: rescored ?? [],
  };
}

/** The import history, newest first, `limit` runs older than run `before`. */
export async function importRunPage(
  db: Kysely<DB>,
  page: { before?: number | undefined; limit?: number | undefined },
): Promise<components['schemas']['ImportRunPage']> {
  const limit = page.limit ?? 50;
  let q = db
    .selectFrom('import_runs')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (page.before !== undefined) q = q.where('id', '<', page.before);
  const rows = await q.execute();
  const runs = rows.slice(0, limit);
  return { Runs: runs.map(runBody), NextBefore: rows.length > limit ? (runs.at(-1)?.id ?? null) : null };
}
