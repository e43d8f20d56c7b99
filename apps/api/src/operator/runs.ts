import type { Kysely } from 'kysely';
import type { DB, ImportRunKind, ImportRunOutcome, ImportRunTrigger } from '../db/schema';
import type { Actor } from './access';

/** One line of an import report: a row of a schedule/squads/results file, or one Cricsheet match. */
export interface ImportLine {
  key: string;
  /**
   * Applied: created, imported, updated, unchanged, failed, conflict, superseded. Preview: new, moved,
   * updated, unchanged, conflict, failed.
   */
  status: string;
  fixtureId?: number | null;
  reason?: string | null;
  /** For a malformed file: the JSON path of the fault (`innings[1].overs[3]…`). */
  path?: string | null;
  before?: unknown;
  after?: unknown;
}

export interface ImportRunRecord {
  kind: ImportRunKind;
  trigger: ImportRunTrigger;
  /** Where it came from: the file names, the fetch URL. */
  source: string;
  actor: Actor;
  outcome: Exclude<ImportRunOutcome, 'running'>;
  counts: Record<string, number>;
  message?: string | null;
  rescoredFixtureIds?: number[];
  lines: ImportLine[];
  startedAt?: Date;
}

/** Counts of lines by status. */
export function countLines(lines: readonly ImportLine[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const l of lines) counts[l.status] = (counts[l.status] ?? 0) + 1;
  return counts;
}

/** `succeeded` when nothing failed, `failed` when nothing succeeded, else `partial`. */
export function outcomeOf(lines: readonly ImportLine[]): 'succeeded' | 'partial' | 'failed' {
  const bad = lines.filter((l) => l.status === 'failed' || l.status === 'conflict').length;
  if (bad === 0) return 'succeeded';
  return bad === lines.length ? 'failed' : 'partial';
}

/** A value for a text or jsonb column: U+0000, which PostgreSQL refuses there, as U+FFFD (files may hold it). */
function storable<T>(v: T): T {
  if (typeof v === 'string') return v.replaceAll('\u0000', '\uFFFD') as T;
  if (Array.isArray(v)) return v.map(storable) as T;
  if (typeof v === 'object' && v !== null && !(v instanceof Date))
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [storable(k), storable(x)])) as T;
  return v;
}

/**
 * Records a finished run in the import history, with its lines, and returns its id. Call it in the
 * transaction that applied the import when there is one (a run is on record exactly when its changes
 * are); a failed run that changed nothing is recorded on its own.
 */
export async function recordImportRun(db: Kysely<DB>, given: ImportRunRecord): Promise<number> {
  // Lines and messages quote the files (names, reasons, rows); U+0000 there would fail the insert.
  const run = {
    ...given,
    source: storable(given.source),
    message: storable(given.message),
    lines: storable(given.lines),
  };
  const { id } = await db
    .insertInto('import_runs')
    .values({
      kind: run.kind,
      trigger: run.trigger,
      source: run.source,
      started_by: run.actor.userId,
      started_by_label: run.actor.label,
      ...(run.startedAt ? { started_at: run.startedAt } : {}),
      finished_at: new Date(),
      outcome: run.outcome,
      counts: JSON.stringify(run.counts),
      message: run.message ?? null,
      rescored_fixture_ids: JSON.stringify(run.rescoredFixtureIds ?? []),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const CHUNK = 500;
  for (let i = 0; i < run.lines.length; i += CHUNK) {
    await db
      .insertInto('import_run_lines')
      .values(
        run.lines.slice(i, i + CHUNK).map((l, j) => ({
          run_id: id,
          line_no: i + j + 1,
          key: l.key,
          status: l.status,
          fixture_id: l.fixtureId ?? null,
          reason: l.reason ?? null,
          path: l.path ?? null,
          before: l.before === undefined ? null : JSON.stringify(l.before),
          after: l.after === undefined ? null : JSON.stringify(l.after),
        })),
      )
      .execute();
  }
  return id;
}
