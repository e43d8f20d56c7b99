import { type Compilable, type Kysely, type OperationNodeSource, type RawBuilder, type Selectable, sql } from 'kysely';
import type { DB, FixtureStatus, FixturesTable } from '../../db/schema';
import { POSITION } from '../catalogue';
import { withTransaction } from '../../db/transaction';
import { ensureSeason, ensureStage, ensureTeams } from '../db-util';
import { onResultChanged, onResultsChanged } from '../scoring/rescore';
import { matchKey } from './duplicates';
import type { ParsedMatch } from './parse';
import { applyPositions, loadPositionOverrides, type PositionOverride } from './positions';

export type ImportStatus = 'imported' | 'unchanged' | 'updated';

export interface ImportMatchResult {
  matchId: string;
  fixtureId: number;
  status: ImportStatus;
}

export interface ImportMatchOptions {
  /** Position overrides for new players (default: apps/api/data/position-overrides.json). */
  overrides?: ReadonlyMap<string, PositionOverride>;
  /**
   * Re-infer positions after the import (default true). The folder importer turns it off per file
   * and infers once at the end.
   */
  inferPositions?: boolean;
  /** Season source label for a season this import creates. */
  seasonSource?: string;
  /**
   * Matches imported as a correction of another file's import of the same match (match id -> the
   * match id it replaces; `planDuplicates` in duplicates.ts): the match takes that import's place
   * (its fixture, or its place beside the attempt holding a replayed fixture), and that import is
   * marked superseded.
   */
  corrects?: ReadonlyMap<string, string>;
}

export class FixtureMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FixtureMismatchError';
  }
}

/**
 * What the matches of one import transaction share, so that each reference row (season, stage,
 * team, player, the previous import of a match) is looked up once per batch instead of once per match.
 * Valid only inside the transaction that filled it: call `reset()` after rolling a match back.
 */
export class ImportBatch {
  /** Previous imports by Cricsheet match id, for the matches prefetched (absent: not imported before). */
  readonly previous = new Map<string, { checksum: string; fixture_id: number }>();
  /** The match ids whose previous import was prefetched (looked up, found or not). */
  readonly prefetched = new Set<string>();
  readonly seasons = new Map<string, number>();
  readonly stages = new Map<string, number>();
  readonly teams = new Map<string, number>();
  /** Players known to exist, by Cricsheet id. */
  readonly players = new Map<string, { id: number; full_name: string }>();
  /** Cricsheet ids known to have no player row. */
  readonly absentPlayers = new Set<string>();
  /** Each prefetched match's own fixture (the one holding its Cricsheet match id), null for none. */
  readonly ownFixtures = new Map<string, FixtureRow | null>();
  /** Seasons known to have no scheduled fixture waiting for a result (no Cricsheet match id). */
  readonly noScheduled = new Set<number>();
  /** Per season: its fixtures holding a Cricsheet match id (where a replay finds its fixture), kept current by `fixtureWritten`. */
  readonly heldFixtures = new Map<number, FixtureRow[]>();

  reset(): void {
    for (const m of [this.previous, this.seasons, this.stages, this.teams, this.players, this.ownFixtures]) m.clear();
    this.heldFixtures.clear();
    this.prefetched.clear();
    this.absentPlayers.clear();
    this.noScheduled.clear();
  }

  /** One query per table for the whole batch: the matches' previous imports and their players. */
  async prefetch(db: Kysely<DB>, matches: readonly ParsedMatch[]): Promise<void> {
    const ids = [...new Set(matches.map((m) => m.matchId))];
    if (ids.length) {
      const rows = await db
        .selectFrom('cricsheet_imports')
        .select(['cricsheet_match_id', 'checksum', 'fixture_id'])
        .where('cricsheet_match_id', 'in', ids)
        .execute();
      for (const r of rows) this.previous.set(r.cricsheet_match_id, r);
      for (const id of ids) this.prefetched.add(id);
      const own = await db.selectFrom('fixtures').selectAll().where('cricsheet_match_id', 'in', ids).execute();
      for (const id of ids) this.ownFixtures.set(id, null);
      for (const f of own) this.ownFixtures.set(f.cricsheet_match_id!, f);
    }
    await this.lookUpPlayers(
      db,
      matches.flatMap((m) => m.lines.map((l) => l.cricsheetId)),
    );
  }

  /**
   * Creates the players of `matches` that do not exist yet, in one statement, in the order in which
   * importing the matches one by one would create them (so with the same ids).
   */
  async createMissingPlayers(
    db: Kysely<DB>,
    matches: readonly ParsedMatch[],
    overrides: ReadonlyMap<string, PositionOverride>,
  ): Promise<void> {
    await this.lookUpPlayers(
      db,
      matches.flatMap((m) => m.lines.map((l) => l.cricsheetId)),
    );
    const missing = new Map<string, string>();
    for (const m of matches) {
      for (const [cid, name] of new Map(m.lines.map((l) => [l.cricsheetId, l.name]))) {
        if (!this.players.has(cid) && !missing.has(cid)) missing.set(cid, name);
      }
    }
    await createPlayers(db, [...missing], overrides, this);
  }

  /** Looks up the players not known yet (one query). */
  async lookUpPlayers(db: Kysely<DB>, cricsheetIds: readonly string[]): Promise<void> {
    const unknown = [...new Set(cricsheetIds)].filter((id) => !this.players.has(id) && !this.absentPlayers.has(id));
    for (let i = 0; i < unknown.length; i += MAX_IN_LIST) {
      const part = unknown.slice(i, i + MAX_IN_LIST);
      const rows = await db
        .selectFrom('players')
        .select(['id', 'cricsheet_id', 'full_name'])
        .where('cricsheet_id', 'in', part)
        .execute();
      for (const r of rows) this.players.set(r.cricsheet_id!, { id: r.id, full_name: r.full_name });
      for (const id of part) if (!this.players.has(id)) this.absentPlayers.add(id);
    }
  }

  /** The fixture holding `matchId`: prefetched, else looked up. */
  async ownFixture(db: Kysely<DB>, matchId: string): Promise<FixtureRow | undefined> {
    const known = this.ownFixtures.get(matchId);
    if (known !== undefined) return known ?? undefined;
    return db.selectFrom('fixtures').selectAll().where('cricsheet_match_id', '=', matchId).executeTakeFirst();
  }

  /** A match was written to fixture `row` (as it is now): what was prefetched about that fixture is stale. */
  fixtureWritten(row: FixtureRow): void {
    for (const [matchId, f] of this.ownFixtures) if (f && f.id === row.id) this.ownFixtures.delete(matchId);
    const held = this.heldFixtures.get(row.season_id);
    if (held) {
      const i = held.findIndex((f) => f.id === row.id);
      if (i >= 0) held.splice(i, 1);
      if (row.cricsheet_match_id !== null) held.push(row);
      held.sort((a, b) => a.id - b.id);
    }
  }

  /** The season's fixtures holding a Cricsheet match id, by id (one query per season and batch). */
  async seasonHeldFixtures(db: Kysely<DB>, seasonId: number): Promise<FixtureRow[]> {
    let held = this.heldFixtures.get(seasonId);
    if (!held) {
      held = await db
        .selectFrom('fixtures')
        .selectAll()
        .where('season_id', '=', seasonId)
        .where('cricsheet_match_id', 'is not', null)
        .orderBy('id')
        .execute();
      this.heldFixtures.set(seasonId, held);
    }
    return held;
  }

  async previousImport(db: Kysely<DB>, matchId: string) {
    if (this.prefetched.has(matchId)) return this.previous.get(matchId);
    return db
      .selectFrom('cricsheet_imports')
      .select(['checksum', 'fixture_id'])
      .where('cricsheet_match_id', '=', matchId)
      .executeTakeFirst();
  }
}

/** PostgreSQL's limit of bind parameters per statement. */
export const MAX_BIND_PARAMETERS = 65_535;
/** Values per `IN (...)` list (each one a bind parameter). */
const MAX_IN_LIST = 10_000;

type WriteQuery = (Compilable & OperationNodeSource) | RawBuilder<unknown>;

function isRaw(q: WriteQuery): q is RawBuilder<unknown> {
  return 'isRawBuilder' in q && q.isRawBuilder === true;
}

/**
 * A multi-row insert of `rows` (keyed by column name, all with the same keys) sent as one JSON
 * parameter: a match's ~25 stat lines of 20 columns are 500 bind parameters otherwise, each one
 * built into the query, serialized and parsed.
 */
export function insertJsonRows(
  table: keyof DB & string,
  rows: readonly Record<string, unknown>[],
  onConflictDoNothing = false,
): RawBuilder<unknown> {
  const cols = sql.join(Object.keys(rows[0] ?? {}).map((c) => sql.id(c)));
  return sql`INSERT INTO ${sql.table(table)} (${cols})
    SELECT ${cols} FROM json_populate_recordset(NULL::${sql.table(table)}, ${JSON.stringify(rows)}::json)${
      onConflictDoNothing ? sql` ON CONFLICT DO NOTHING` : sql``
    }`;
}

/**
 * Runs independent writes in as few statements as possible: consecutive queries go into one
 * statement as data-modifying CTEs (`WITH w0 AS (INSERT ...), w1 AS (...) SELECT 1`) while their bind
 * parameters stay within PostgreSQL's limit. The queries must not depend on each other's effects
 * (the parts of one statement do not see each other's rows).
 */
export async function executeWrites(db: Kysely<DB>, queries: readonly WriteQuery[]): Promise<number> {
  let statements = 0;
  let group: WriteQuery[] = [];
  let params = 0;
  const flush = async () => {
    if (group.length === 1) await sql`${group[0]!}`.execute(db);
    else if (group.length > 1) {
      const parts = group.map((q, i) => sql`${sql.id(`w${i}`)} AS (${q})`);
      await sql`WITH ${sql.join(parts)} SELECT 1`.execute(db);
    }
    if (group.length) statements++;
    group = [];
    params = 0;
  };
  for (const q of queries) {
    const n = (isRaw(q) ? q.compile(db) : q.compile()).parameters.length;
    if (group.length && params + n > MAX_BIND_PARAMETERS) await flush();
    group.push(q);
    params += n;
  }
  await flush();
  return statements;
}

/** Splits rows so that each multi-row insert stays within the bind-parameter limit. */
export function chunkRows<T extends object>(rows: readonly T[], maxParams = MAX_BIND_PARAMETERS): T[][] {
  if (rows.length === 0) return [];
  const perRow = Math.max(1, Object.keys(rows[0]!).length);
  const size = Math.max(1, Math.floor(maxParams / perRow));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Writes one parsed match in one transaction. Idempotent: a match already imported with the same
 * checksum writes nothing ('unchanged'); a changed file replaces that fixture's result and stats
 * ('updated'). Players are keyed by Cricsheet registry id, fixtures by Cricsheet match id; a
 * scheduled fixture without a match id is matched by season and match number, name, or date and teams.
 */
export async function importMatch(
  db: Kysely<DB>,
  parsed: ParsedMatch,
  options: ImportMatchOptions = {},
): Promise<ImportMatchResult> {
  const overrides = options.overrides ?? loadPositionOverrides();
  return withTransaction(db, async (trx) => {
    const r = await writeMatch(trx, parsed, { ...options, overrides }, new ImportBatch());
    const result = { matchId: r.matchId, fixtureId: r.fixtureId, status: r.status };
    if (!r.rescore) return result; // unchanged, or kept on record beside the attempt that holds the fixture
    if (options.inferPositions ?? true) {
      const moved = await applyPositions(trx, overrides);
      await onResultsChanged(trx, await fixturesOfPlayers(trx, moved, r.fixtureId));
    } else {
      await onResultChanged(trx, r.fixtureId);
    }
    return result;
  });
}

/**
 * The writes of `importMatch`, in the caller's transaction, without the re-score: `rescore` says
 * whether the fixture's result changed (the caller runs `onResultsChanged` for it before committing),
 * `players` who has stats in it (whose inferred positions may have changed).
 */
export async function writeMatch(
  trx: Kysely<DB>,
  parsed: ParsedMatch,
  options: ImportMatchOptions & { overrides: ReadonlyMap<string, PositionOverride> },
  batch: ImportBatch,
): Promise<ImportMatchResult & { rescore: boolean; players?: number[] }> {
  const replaces = options.corrects?.get(parsed.matchId);
  const own = await batch.previousImport(trx, parsed.matchId);
  if (!replaces && own && own.checksum === parsed.checksum) {
    return { matchId: parsed.matchId, fixtureId: own.fixture_id, status: 'unchanged', rescore: false };
  }
  // A correction saved under another file name takes the place of the import it replaces.
  const previous = replaces ? await batch.previousImport(trx, replaces) : own;

  let seasonId = batch.seasons.get(parsed.seasonName);
  if (seasonId === undefined) {
    seasonId = await ensureSeason(trx, {
      name: parsed.seasonName,
      competition: parsed.competition,
      year: parsed.year,
      ...(options.seasonSource ? { source: options.seasonSource } : {}),
    });
    batch.seasons.set(parsed.seasonName, seasonId);
  }
  const stageKey = `${seasonId}|${parsed.stageName}`;
  let stageId = batch.stages.get(stageKey);
  if (stageId === undefined) {
    stageId = await ensureStage(trx, seasonId, parsed.stageName);
    batch.stages.set(stageKey, stageId);
  }
  const missingTeams = parsed.teams.filter((t) => !batch.teams.has(t));
  if (missingTeams.length) for (const [name, id] of await ensureTeams(trx, missingTeams)) batch.teams.set(name, id);
  const teamIds = batch.teams;
  const teamId = (name: string | null) => (name === null ? null : teamIds.get(name)!);
  const playerIds = await ensurePlayers(trx, parsed, options.overrides, batch);

  const status: FixtureStatus = parsed.result.type === 'no_result' ? 'no_result' : 'completed';
  const importStatus: ImportStatus = previous ? 'updated' : 'imported';
  const target = await resolveFixture(trx, parsed, previous?.fixture_id, {
    seasonId,
    teamIds,
    batch,
    ownId: replaces ?? parsed.matchId,
  });
  const supersede = replaces
    ? [
        trx
          .updateTable('cricsheet_imports')
          .set({ superseded_by: parsed.matchId })
          .where('cricsheet_match_id', '=', replaces),
      ]
    : [];
  if (target.kind === 'attach') {
    // Another attempt at this fixture (a replay that was played) holds its result: keep this one
    // on record, so that re-imports report 'unchanged', but change nothing else.
    await executeWrites(trx, [recordImport(trx, parsed, target.fixtureId), ...supersede]);
    return { matchId: parsed.matchId, fixtureId: target.fixtureId, status: importStatus, rescore: false };
  }
  const fixtureRow = await upsertFixture(trx, parsed, target, { seasonId, stageId, teamIds, status });
  const fixtureId = fixtureRow.id;
  batch.fixtureWritten(fixtureRow);

  // A fixture created just now has nothing to replace; one that existed loses its previous rows first
  // (in their own statement: the parts of one statement do not see each other's changes).
  if (target.fixture) {
    await executeWrites(trx, [
      trx.deleteFrom('fixture_player_of_match').where('fixture_id', '=', fixtureId),
      trx.deleteFrom('fixture_innings').where('fixture_id', '=', fixtureId),
      trx.deleteFrom('player_fixture_stats').where('fixture_id', '=', fixtureId),
    ]);
  }

  const writes: WriteQuery[] = [
    trx
      .insertInto('fixture_results')
      .values({
        fixture_id: fixtureId,
        result_type: parsed.result.type,
        winner_team_id: teamId(parsed.result.winner),
        won_by_runs: parsed.result.byRuns,
        won_by_wickets: parsed.result.byWickets,
        method: parsed.result.method,
        super_over_winner_team_id: teamId(parsed.result.superOverWinner),
        toss_winner_team_id: parsed.toss.winner ? (teamIds.get(parsed.toss.winner) ?? null) : null,
        toss_decision: parsed.toss.decision,
      })
      .onConflict((oc) =>
        oc.column('fixture_id').doUpdateSet((eb) => ({
          result_type: eb.ref('excluded.result_type'),
          winner_team_id: eb.ref('excluded.winner_team_id'),
          won_by_runs: eb.ref('excluded.won_by_runs'),
          won_by_wickets: eb.ref('excluded.won_by_wickets'),
          method: eb.ref('excluded.method'),
          super_over_winner_team_id: eb.ref('excluded.super_over_winner_team_id'),
          toss_winner_team_id: eb.ref('excluded.toss_winner_team_id'),
          toss_decision: eb.ref('excluded.toss_decision'),
        })),
      ),
    recordImport(trx, parsed, fixtureId),
    ...supersede,
  ];

  const pom = [...new Set(parsed.playerOfMatch.map((id) => playerIds.get(id)!))];
  for (const rows of chunkRows(pom.map((player_id) => ({ fixture_id: fixtureId, player_id })))) {
    writes.push(trx.insertInto('fixture_player_of_match').values(rows));
  }
  const innings = parsed.innings.map((i) => ({
    fixture_id: fixtureId,
    innings_number: i.number,
    team_id: teamIds.get(i.team)!,
    super_over: i.superOver,
    runs: i.runs,
    wickets: i.wickets,
    legal_balls: i.legalBalls,
    extras: i.extras,
  }));
  for (const rows of chunkRows(innings)) writes.push(trx.insertInto('fixture_innings').values(rows));
  const stats = parsed.lines.map((l) => ({
    fixture_id: fixtureId,
    player_id: playerIds.get(l.cricsheetId)!,
    team_id: teamIds.get(l.team)!,
    did_play: l.didPlay,
    batting_position: l.battingPosition,
    runs: l.runs,
    balls: l.balls,
    fours: l.fours,
    sixes: l.sixes,
    dismissed: l.dismissed,
    dismissal_kind: l.dismissalKind,
    balls_bowled: l.ballsBowled,
    maidens: l.maidens,
    runs_conceded: l.runsConceded,
    wickets: l.wickets,
    bowled_lbw_wickets: l.bowledLbwWickets,
    catches: l.catches,
    stumpings: l.stumpings,
    run_outs_direct: l.runOutsDirect,
    run_outs_indirect: l.runOutsIndirect,
  }));
  if (stats.length) writes.push(insertJsonRows('player_fixture_stats', stats));
  // One row per (season, team, player): a player listed twice in a match would otherwise make the
  // multi-row ON CONFLICT insert touch the same row twice.
  const squadKeys = new Set<string>();
  const squads = parsed.lines
    .map((l) => ({ season_id: seasonId, team_id: teamIds.get(l.team)!, player_id: playerIds.get(l.cricsheetId)! }))
    .filter((r) => {
      const k = `${r.team_id}|${r.player_id}`;
      if (squadKeys.has(k)) return false;
      squadKeys.add(k);
      return true;
    });
  if (squads.length) writes.push(insertJsonRows('squads', squads, true));
  await executeWrites(trx, writes);
  return { matchId: parsed.matchId, fixtureId, status: importStatus, rescore: true, players: [...playerIds.values()] };
}

/** Remembers which fixture a Cricsheet match went to, and its checksum (for 'unchanged'). */
function recordImport(db: Kysely<DB>, parsed: ParsedMatch, fixtureId: number) {
  return db
    .insertInto('cricsheet_imports')
    .values({
      cricsheet_match_id: parsed.matchId,
      fixture_id: fixtureId,
      checksum: parsed.checksum,
      source: parsed.source,
      match_key: matchKey(parsed),
    })
    .onConflict((oc) =>
      oc.column('cricsheet_match_id').doUpdateSet((eb) => ({
        fixture_id: eb.ref('excluded.fixture_id'),
        checksum: eb.ref('excluded.checksum'),
        source: eb.ref('excluded.source'),
        match_key: eb.ref('excluded.match_key'),
        superseded_by: null,
        imported_at: new Date(),
      })),
    );
}

/** The fixtures `playerIds` have stats in, plus `always`. */
export async function fixturesOfPlayers(
  db: Kysely<DB>,
  playerIds: readonly number[],
  always?: number,
): Promise<number[]> {
  const ids = new Set<number>(always === undefined ? [] : [always]);
  if (playerIds.length) {
    const rows = await db
      .selectFrom('player_fixture_stats')
      .select('fixture_id')
      .distinct()
      .where('player_id', 'in', [...playerIds])
      .execute();
    for (const r of rows) ids.add(r.fixture_id);
  }
  return [...ids].sort((a, b) => a - b);
}

/**
 * Player ids by Cricsheet id; new players start as Batsman (or their override) until inference runs.
 * Players are looked up through the batch (one query per batch), renamed in one statement and
 * created in one multi-row insert.
 */
async function ensurePlayers(
  db: Kysely<DB>,
  parsed: ParsedMatch,
  overrides: ReadonlyMap<string, PositionOverride>,
  batch: ImportBatch,
): Promise<Map<string, number>> {
  const wanted = new Map(parsed.lines.map((l) => [l.cricsheetId, l.name]));
  await batch.lookUpPlayers(db, [...wanted.keys()]);
  const ids = new Map<string, number>();
  const renamed: { id: number; name: string }[] = [];
  const missing: [string, string][] = [];
  for (const [cid, name] of wanted) {
    const p = batch.players.get(cid);
    if (!p) {
      missing.push([cid, name]);
      continue;
    }
    ids.set(cid, p.id);
    if (name !== p.full_name) {
      renamed.push({ id: p.id, name });
      p.full_name = name;
    }
  }
  for (const part of chunkRows(renamed)) {
    const values = sql.join(part.map((r) => sql`(${r.id}::int, ${r.name}::text)`));
    await sql`UPDATE players p SET full_name = v.name FROM (VALUES ${values}) AS v(id, name) WHERE p.id = v.id`.execute(
      db,
    );
  }
  for (const [cid, id] of await createPlayers(db, missing, overrides, batch)) ids.set(cid, id);
  return ids;
}

/** Creates players (Cricsheet id, name) in one multi-row insert per 10,000 or so; their ids by Cricsheet id. */
async function createPlayers(
  db: Kysely<DB>,
  missing: readonly (readonly [string, string])[],
  overrides: ReadonlyMap<string, PositionOverride>,
  batch: ImportBatch,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const rows = missing.map(([cricsheet_id, full_name]) => {
    const o = overrides.get(cricsheet_id);
    return {
      cricsheet_id,
      full_name,
      position_id: o?.position ?? POSITION.Batsman,
      position_source: o ? ('override' as const) : ('inferred' as const),
    };
  });
  for (const part of chunkRows(rows)) {
    const created = await db
      .insertInto('players')
      .values(part)
      .returning(['id', 'cricsheet_id', 'full_name'])
      .execute();
    for (const r of created) {
      ids.set(r.cricsheet_id!, r.id);
      batch.players.set(r.cricsheet_id!, { id: r.id, full_name: r.full_name });
      batch.absentPlayers.delete(r.cricsheet_id!);
    }
  }
  return ids;
}

type FixtureRow = Selectable<FixturesTable>;

/**
 * Where a match goes:
 * - `write` to `fixture`: the fixture this match already holds, a scheduled fixture it plays, a
 *   fixture whose no-result attempt it replays, or (no fixture) a new one;
 * - `attach` to a fixture whose result comes from another attempt that outranks this one.
 */
type FixtureTarget = { kind: 'write'; fixture: FixtureRow | undefined } | { kind: 'attach'; fixtureId: number };

/**
 * A replayed match: Cricsheet gives each attempt its own match id, but they are one fixture (the
 * slot users picked for), so the same season, match number (or playoff name) and teams are the same
 * fixture. The attempt that was played holds the fixture's result; a no result only holds it until
 * a played attempt arrives (between two no results, the later match id). Two played matches in one
 * slot are not a replay and are left to the other rules.
 */
async function resolveFixture(
  db: Kysely<DB>,
  parsed: ParsedMatch,
  previousFixtureId: number | undefined,
  ctx: { seasonId: number; teamIds: Map<string, number>; batch: ImportBatch; ownId: string },
): Promise<FixtureTarget> {
  const own = await ctx.batch.ownFixture(db, ctx.ownId);
  if (own) return { kind: 'write', fixture: own };

  const local = ctx.teamIds.get(parsed.teams[0])!;
  const visitor = ctx.teamIds.get(parsed.teams[1])!;
  // An attempt seen before that did not hold its fixture, or the fixture of an earlier attempt.
  const seenBefore = previousFixtureId !== undefined;
  const held = seenBefore
    ? await db.selectFrom('fixtures').selectAll().where('id', '=', previousFixtureId).executeTakeFirst()
    : await findReplayedFixture(db, parsed, ctx.seasonId, local, visitor, ctx.batch);
  if (held) {
    if (outranksHolder(parsed, held)) return { kind: 'write', fixture: held };
    if (parsed.result.type === 'no_result') return { kind: 'attach', fixtureId: held.id };
    if (seenBefore) {
      throw new FixtureMismatchError(
        `${parsed.source}: fixture ${held.id} (${held.name}) already has the result of Cricsheet match ${held.cricsheet_match_id}`,
      );
    }
  }
  // Writes never give a fixture back its missing Cricsheet id, so a season without scheduled
  // fixtures stays so for the batch.
  if (ctx.batch.noScheduled.has(ctx.seasonId)) return { kind: 'write', fixture: undefined };
  const scheduled = await db
    .selectFrom('fixtures')
    .select('id')
    .where('season_id', '=', ctx.seasonId)
    .where('cricsheet_match_id', 'is', null)
    .limit(1)
    .executeTakeFirst();
  if (!scheduled) {
    ctx.batch.noScheduled.add(ctx.seasonId);
    return { kind: 'write', fixture: undefined };
  }
  return { kind: 'write', fixture: await findScheduledFixture(db, parsed, ctx.seasonId, local, visitor) };
}

/**
 * A fixture of the same season, slot and teams that another Cricsheet match already went to (the
 * lowest id), from the season's held fixtures the batch keeps.
 */
async function findReplayedFixture(
  db: Kysely<DB>,
  parsed: ParsedMatch,
  seasonId: number,
  a: number,
  b: number,
  batch: ImportBatch,
): Promise<FixtureRow | undefined> {
  // Only numbered matches and playoffs have a slot; unnumbered league games between the same two
  // teams are different matches.
  if (parsed.matchNumber === null && parsed.stageName !== 'Playoffs') return undefined;
  const held = await batch.seasonHeldFixtures(db, seasonId);
  return held.find(
    (f) =>
      ((f.local_team_id === a && f.visitor_team_id === b) || (f.local_team_id === b && f.visitor_team_id === a)) &&
      (parsed.matchNumber !== null ? f.match_number === parsed.matchNumber : f.name === parsed.fixtureName),
  );
}

/** Whether `parsed` should hold the fixture's result instead of the attempt holding it now. */
function outranksHolder(parsed: ParsedMatch, fixture: FixtureRow): boolean {
  const holderPlayed = fixture.status !== 'no_result' && fixture.status !== 'abandoned';
  const played = parsed.result.type !== 'no_result';
  if (played !== holderPlayed) return played;
  if (played) return false; // two played attempts: not a replay
  return parsed.matchId.localeCompare(fixture.cricsheet_match_id ?? '', 'en', { numeric: true }) > 0;
}

async function upsertFixture(
  db: Kysely<DB>,
  parsed: ParsedMatch,
  target: Extract<FixtureTarget, { kind: 'write' }>,
  ctx: { seasonId: number; stageId: number; teamIds: Map<string, number>; status: FixtureStatus },
): Promise<FixtureRow> {
  const local = ctx.teamIds.get(parsed.teams[0])!;
  const visitor = ctx.teamIds.get(parsed.teams[1])!;
  const fixture = target.fixture;

  if (!fixture) {
    return db
      .insertInto('fixtures')
      .values({
        season_id: ctx.seasonId,
        stage_id: ctx.stageId,
        cricsheet_match_id: parsed.matchId,
        match_number: parsed.matchNumber,
        name: parsed.fixtureName,
        start_time: parsed.startTime,
        local_team_id: local,
        visitor_team_id: visitor,
        venue: parsed.venue,
        city: parsed.city,
        status: ctx.status,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  const sameTeams =
    (fixture.local_team_id === local && fixture.visitor_team_id === visitor) ||
    (fixture.local_team_id === visitor && fixture.visitor_team_id === local);
  if (!sameTeams) {
    throw new FixtureMismatchError(
      `${parsed.source}: fixture ${fixture.id} (${fixture.name}) is between other teams than ${parsed.teams.join(' and ')}`,
    );
  }
  // A scheduled (or replayed) fixture keeps its start time and home/away order: users saw them
  // when picking, and their picks count for the match that was played.
  return db
    .updateTable('fixtures')
    .set({
      cricsheet_match_id: parsed.matchId,
      stage_id: fixture.stage_id ?? ctx.stageId,
      match_number: fixture.match_number ?? parsed.matchNumber,
      venue: parsed.venue ?? fixture.venue,
      city: parsed.city ?? fixture.city,
      status: ctx.status,
      updated_at: new Date(),
    })
    .where('id', '=', fixture.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A fixture of the season created by a schedule import (no Cricsheet id yet) that this match plays. */
async function findScheduledFixture(db: Kysely<DB>, parsed: ParsedMatch, seasonId: number, a: number, b: number) {
  const unmatched = db
    .selectFrom('fixtures')
    .selectAll()
    .where('season_id', '=', seasonId)
    .where('cricsheet_match_id', 'is', null)
    .orderBy('start_time')
    .orderBy('id');
  // By number or name regardless of teams: a clash is reported by the caller, not papered over.
  const byKey =
    parsed.matchNumber !== null
      ? await unmatched.where('match_number', '=', parsed.matchNumber).executeTakeFirst()
      : await unmatched.where('name', '=', parsed.fixtureName).executeTakeFirst();
  if (byKey) return byKey;
  const day = new Date(`${parsed.date}T00:00:00.000Z`).getTime();
  return unmatched
    .where((eb) =>
      eb.or([
        eb.and([eb('local_team_id', '=', a), eb('visitor_team_id', '=', b)]),
        eb.and([eb('local_team_id', '=', b), eb('visitor_team_id', '=', a)]),
      ]),
    )
    .where('start_time', '>=', new Date(day - 12 * 3600_000))
    .where('start_time', '<', new Date(day + 36 * 3600_000))
    .executeTakeFirst();
}
