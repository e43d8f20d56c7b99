import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { recordResults, type ResultSource } from '../../results/pipeline';
import { type CricketDataProvider, CricsheetFileProvider } from '../provider';
import { planDuplicates } from './duplicates';
import type { ParsedMatch } from './parse';
import { applyPositions, loadPositionOverrides, type PositionOverride } from './positions';
import { type ReadMatch, readCricsheetMatch } from './read-match';
import { ImportBatch } from './batch';
import { fixturesOfPlayers } from './players';
import { type ImportStatus, importMatch, writeMatch } from './write';

/**
 * What happened to one file: written (`imported`, `updated`), nothing to write (`unchanged`), or not
 * imported: `superseded` (another file of the same match was chosen with `prefer`), `conflict` (the
 * same match as another file: the operator has to choose) or `failed`. The last two are failures.
 */
export type ImportOutcome = ImportStatus | 'superseded' | 'conflict' | 'failed';

export interface ImportReportEntry {
  id: string;
  source: string;
  status: ImportOutcome;
  fixtureId?: number;
  /** Why it failed (the file and JSON path for a malformed file), or which file it duplicates. */
  reason?: string;
  /** For `conflict` and `superseded`, and a correction chosen with `prefer`: the other file of the same match. */
  duplicateOf?: string;
  /** For a malformed file: the JSON path of the fault (also in `reason`). */
  path?: string;
}

/** A field of the Cricsheet files that the format as we know it does not have (accepted and ignored). */
export interface UnknownField {
  /** e.g. `innings[].overs[].deliveries[].spin`. */
  path: string;
  /** How many files of the run have it. */
  files: number;
  /** The first of them. */
  firstSource: string;
}

export interface ImportReport {
  entries: ImportReportEntry[];
  counts: Record<ImportOutcome, number>;
  /** Fields not in the Cricsheet format as we know it, each once, by path: the format has grown. */
  unknownFields: UnknownField[];
  /** Players whose position changed after the import (inference and overrides). */
  positionsChanged: number;
  /** Fixtures whose result or scoring changed (imported, updated, or re-scored for moved players). */
  fixtureIds: number[];
}

export interface ImportProviderOptions {
  overrides?: ReadonlyMap<string, PositionOverride>;
  seasonSource?: string;
  /** Called after each match (once its batch committed), for progress output. */
  onEntry?: (entry: ImportReportEntry) => void;
  /** Where a failure of the steps after the import (standings, statistics) is reported besides the log. */
  onWarning?: (message: string, err: unknown) => void;
  /** How the results are recorded (results/pipeline.ts): 'import' unless the live final is imported ('live'). */
  source?: ResultSource;
  /**
   * Files (names, paths or match ids) to import when they are the same match as another file: as a
   * correction of that match when the other one was imported (docs/decisions/0015-duplicate-matches.md).
   */
  prefer?: readonly string[];
}

/**
 * Matches per import transaction. Each match still writes all or nothing (a failed batch is retried
 * one match per transaction; inside a caller's transaction, each match has a savepoint), and the
 * batch re-scores its fixtures once before committing. At most 64, PostgreSQL's cache of
 * subtransactions per transaction (the savepoints).
 */
export const IMPORT_BATCH_SIZE = 24;

/**
 * Imports every match of a provider, in batches of `IMPORT_BATCH_SIZE` matches per transaction:
 * each match writes all or nothing (a failure rolls the batch back and its matches are imported one
 * per transaction: the failed one writes nothing and does not stop the others), the batch's reference rows (seasons, teams, players, previous imports)
 * are looked up once per batch, the positions of the batch's players are inferred from their stats so
 * far, and the batch's fixtures (and those of players who moved) are recorded as results once
 * (`recordResults`: re-scored in the transaction that wrote them, standings points and planner
 * statistics once it committed). Then positions are inferred for everyone and the fixtures of players
 * whose position still changed are recorded again. Inside a caller's transaction, what follows the
 * commit is owed to the `recordResults` that opened it (results/pipeline.ts).
 */
export async function importFromProvider(
  db: Kysely<DB>,
  provider: CricketDataProvider,
  options: ImportProviderOptions = {},
): Promise<ImportReport> {
  const read: ReadMatch[] = [];
  for (const m of await provider.listFixtures()) {
    let json: unknown;
    try {
      json = await provider.getMatch(m.id);
    } catch (e) {
      read.push({ id: m.id, source: m.source, failure: { reason: (e as Error).message }, unknownFields: [] });
      continue;
    }
    read.push(readCricsheetMatch(json, m.id, m.source));
  }
  return importReadMatches(db, read, options);
}

/**
 * Imports matches already read (`readCricsheetMatch`: by a provider, or by the console's file reader
 * off the main thread), as `importFromProvider` describes: the files that could not be read are
 * reported `failed`, in their order, before the others.
 */
export async function importReadMatches(
  db: Kysely<DB>,
  read: readonly ReadMatch[],
  options: ImportProviderOptions = {},
): Promise<ImportReport> {
  const overrides = options.overrides ?? loadPositionOverrides();
  const entries: ImportReportEntry[] = [];
  const record = (e: ImportReportEntry) => {
    entries.push(e);
    options.onEntry?.(e);
  };

  const all: ParsedMatch[] = [];
  const unknown = new Map<string, UnknownField>();
  for (const m of read) {
    for (const path of m.unknownFields) {
      const u = unknown.get(path);
      if (u) u.files += 1;
      else unknown.set(path, { path, files: 1, firstSource: m.source });
    }
    if ('parsed' in m) all.push(m.parsed);
    else {
      record({
        id: m.id,
        source: m.source,
        status: 'failed',
        reason: m.failure.reason,
        ...(m.failure.path !== undefined ? { path: m.failure.path } : {}),
      });
    }
  }
  // Files that are the same match as another file (a correction under another name) are not imported twice.
  const plan = await planDuplicates(db, all, options.prefer ?? []);
  for (const s of plan.skipped) {
    record({
      id: s.match.matchId,
      source: s.match.source,
      status: s.status,
      reason: s.reason,
      duplicateOf: s.duplicateOf,
    });
  }
  const parsed = plan.toImport;
  assignDoubleHeaderTimes(parsed); // after leaving duplicates out: a match and its duplicate are no double-header

  const source = options.source ?? 'import';
  const recordOptions = { onWarning: options.onWarning };
  const matchOptions = {
    overrides,
    inferPositions: false,
    corrects: plan.corrects,
    source,
    ...(options.onWarning ? { onWarning: options.onWarning } : {}),
    ...(options.seasonSource ? { seasonSource: options.seasonSource } : {}),
  };
  const changed = new Set<number>();
  const movedPlayers = new Set<number>();
  for (let i = 0; i < parsed.length; i += IMPORT_BATCH_SIZE) {
    const batch = parsed.slice(i, i + IMPORT_BATCH_SIZE);
    let done: ImportReportEntry[];
    try {
      const r = await recordResults(
        db,
        source,
        async (trx) => {
          const done = await importBatch(trx, batch, matchOptions, db.isTransaction);
          return { value: done, fixtureIds: done.rescored };
        },
        recordOptions,
      );
      done = r.entries;
      for (const id of r.rescored) changed.add(id);
      for (const id of r.moved) movedPlayers.add(id);
    } catch (e) {
      // A match of the batch, its re-score or its commit failed: nothing of the batch was written.
      // Inside the caller's transaction (where each match has a savepoint, so this is the re-score)
      // that transaction is lost; else retry the batch one match per transaction, so that the others
      // still import and the failure is reported for its match.
      if (db.isTransaction) throw e;
      done = [];
      for (const p of batch) {
        try {
          const r = await importMatch(db, p, matchOptions);
          done.push({ id: p.matchId, source: p.source, status: r.status, fixtureId: r.fixtureId });
        } catch (err) {
          done.push({ id: p.matchId, source: p.source, status: 'failed', reason: (err as Error).message });
        }
      }
    }
    for (const e of done) {
      const replaced = plan.replacedFiles.get(e.id);
      if (replaced !== undefined && e.status !== 'failed') {
        e.duplicateOf = replaced;
        e.reason = `chosen (--prefer) over ${replaced}, the same match: imported as its correction`;
      }
      if ((e.status === 'imported' || e.status === 'updated') && e.fixtureId !== undefined) changed.add(e.fixtureId);
      record(e);
    }
  }

  // Everyone's positions (the overrides may have changed, a batch may have failed): usually no one
  // moves any more, the batches having inferred their players'.
  await recordResults(
    db,
    'positions',
    async (trx) => {
      const moved = await applyPositions(trx, overrides);
      const fixtures = await fixturesOfPlayers(trx, moved);
      for (const id of fixtures) changed.add(id);
      for (const id of moved) movedPlayers.add(id);
      return { value: undefined, fixtureIds: fixtures };
    },
    recordOptions,
  );
  const positionsChanged = movedPlayers.size;

  const counts = { imported: 0, unchanged: 0, updated: 0, superseded: 0, conflict: 0, failed: 0 };
  for (const e of entries) counts[e.status] += 1;
  const report = {
    entries,
    counts,
    unknownFields: [...unknown.values()].sort((a, b) => a.path.localeCompare(b.path)),
    positionsChanged,
    fixtureIds: [...changed].sort((a, b) => a - b),
  };
  return report;
}

/**
 * The matches of one batch, in one transaction, then the positions of the batch's players. Returns
 * the fixtures to re-score (the caller records them as results, once for the batch). Without
 * `savepoints` a failed match fails the batch (the caller retries it match by match): one savepoint
 * per match cost a round trip each, and a file failing to write is rare (malformed ones fail in the
 * parser, before any batch).
 */
async function importBatch(
  trx: Kysely<DB>,
  matches: readonly ParsedMatch[],
  options: Parameters<typeof writeMatch>[2],
  /** A savepoint per match, so that a failed match does not lose the others (in a caller's transaction). */
  savepoints: boolean,
): Promise<{ entries: ImportReportEntry[]; rescored: number[]; moved: number[] }> {
  const batch = new ImportBatch();
  await batch.prefetch(trx, matches);
  if (!savepoints) {
    // New players of the whole batch in one statement (with savepoints, a failed match's would stay).
    const toWrite = matches.filter((p) => batch.previous.get(p.matchId)?.checksum !== p.checksum);
    await batch.createMissingPlayers(trx, toWrite, options.overrides);
  }
  const entries: ImportReportEntry[] = [];
  const rescore = new Set<number>();
  const players: number[] = [];
  for (const p of matches) {
    const previous = await batch.previousImport(trx, p.matchId);
    if (previous && previous.checksum === p.checksum) {
      entries.push({ id: p.matchId, source: p.source, status: 'unchanged', fixtureId: previous.fixture_id });
      continue;
    }
    if (!savepoints) {
      // A failure throws: the batch rolls back and the caller imports its matches one by one.
      const r = await writeMatch(trx, p, options, batch);
      if (r.rescore) rescore.add(r.fixtureId);
      if (r.players) players.push(...r.players);
      entries.push({ id: p.matchId, source: p.source, status: r.status, fixtureId: r.fixtureId });
      continue;
    }
    // Not released after success (a round trip saved): the next match's savepoint nests in it, and
    // ROLLBACK TO goes back to the latest one of that name, this match's. All commit together.
    await sql`SAVEPOINT import_match`.execute(trx);
    try {
      const r = await writeMatch(trx, p, options, batch);
      if (r.rescore) rescore.add(r.fixtureId);
      if (r.players) players.push(...r.players);
      entries.push({ id: p.matchId, source: p.source, status: r.status, fixtureId: r.fixtureId });
    } catch (e) {
      await sql`ROLLBACK TO SAVEPOINT import_match`.execute(trx);
      await sql`RELEASE SAVEPOINT import_match`.execute(trx);
      batch.reset(); // what it learnt may have been rolled back
      entries.push({ id: p.matchId, source: p.source, status: 'failed', reason: (e as Error).message });
    }
  }
  // The positions of the batch's players, inferred from their stats so far (new players start as
  // Batsman): so that the batch's fixtures are scored once with them, rather than scored as Batsman
  // here and again after the last batch. A player who moved has their earlier fixtures re-scored too.
  // The same rebuild as one re-score per match: a fixture's derived rows depend only on its own
  // result, stats and players' positions, which the batch's later matches do not change (a replay
  // writing the same fixture again is re-scored here once, from its final rows).
  const moved = await applyPositions(trx, options.overrides, players);
  for (const id of await fixturesOfPlayers(trx, moved)) rescore.add(id);
  const rescored = [...rescore].sort((a, b) => a - b);
  return { entries, rescored, moved };
}

/** `importFromProvider` over a folder of Cricsheet JSON files (or one file). */
export async function importCricsheetPath(
  db: Kysely<DB>,
  path: string,
  options: ImportProviderOptions = {},
): Promise<ImportReport> {
  return importFromProvider(db, new CricsheetFileProvider(path), options);
}

/**
 * Cricsheet has dates but no start times. Two matches of a season on one date were a double-header:
 * the earlier (lower match number) starts at 10:00 UTC (15:30 in India), the other at 14:00 UTC.
 */
export function assignDoubleHeaderTimes(matches: ParsedMatch[]): void {
  const byDay = new Map<string, ParsedMatch[]>();
  for (const m of matches) {
    const key = `${m.seasonName}|${m.date}`;
    byDay.set(key, [...(byDay.get(key) ?? []), m]);
  }
  for (const day of byDay.values()) {
    if (day.length < 2) continue;
    day.sort((a, b) => (a.matchNumber ?? 1e9) - (b.matchNumber ?? 1e9) || a.matchId.localeCompare(b.matchId));
    day.forEach((m, i) => {
      if (i < day.length - 1) m.startTime = `${m.date}T10:00:00.000Z`;
    });
  }
}
