import type { Kysely } from 'kysely';
import type { RowReport } from '../cricket/import/rows';
import type { DB, ImportRunKind } from '../db/schema';
import { cliActor } from './access';
import { countLines, type ImportLine, outcomeOf, recordImportRun } from './runs';

/** What a CLI import did, for the import history. */
export interface CliRunResult {
  lines: ImportLine[];
  rescoredFixtureIds?: number[];
  message?: string | null;
}

/** A schedule or results file's row report as import lines. */
export function linesOfRows(rows: readonly RowReport[]): ImportLine[] {
  return rows.map((r) => ({
    key: r.key,
    status: r.status,
    fixtureId: r.fixtureId ?? null,
    reason: r.reason ?? null,
  }));
}

/**
 * Runs a CLI import (`cli import cricsheet|schedule|results|squads`) and records it in the import
 * history (trigger `cli`, started by `cli (<os user>)`), so the history shows every run. An import
 * that throws is recorded as a failed run with its message, then the error goes on to the CLI.
 */
export async function withCliRun<T>(
  db: Kysely<DB>,
  kind: ImportRunKind,
  source: string,
  run: () => Promise<{ value: T; result: CliRunResult }>,
): Promise<T> {
  const startedAt = new Date();
  const actor = cliActor();
  let done: { value: T; result: CliRunResult };
  try {
    done = await run();
  } catch (e) {
    await recordImportRun(db, {
      kind,
      trigger: 'cli',
      source,
      actor,
      outcome: 'failed',
      counts: {},
      message: (e as Error).message,
      lines: [],
      startedAt,
    });
    throw e;
  }
  const { lines, rescoredFixtureIds, message } = done.result;
  await recordImportRun(db, {
    kind,
    trigger: 'cli',
    source,
    actor,
    outcome: lines.length ? outcomeOf(lines) : 'succeeded',
    counts: countLines(lines),
    message: message ?? null,
    rescoredFixtureIds: rescoredFixtureIds ?? [],
    lines,
    startedAt,
  });
  return done.value;
}
