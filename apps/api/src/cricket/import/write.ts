import type { Kysely, Selectable } from 'kysely';
import type { DB, FixtureStatus, FixturesTable } from '../../db/schema';
import { POSITION } from '../catalogue';
import { ensureSeason, ensureStage, ensureTeams, withTransaction } from '../db-util';
import { onResultChanged, onResultsChanged } from '../scoring/rescore';
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
}

export class FixtureMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FixtureMismatchError';
  }
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
    const previous = await trx
      .selectFrom('cricsheet_imports')
      .select(['checksum', 'fixture_id'])
      .where('cricsheet_match_id', '=', parsed.matchId)
      .executeTakeFirst();
    if (previous && previous.checksum === parsed.checksum) {
      return { matchId: parsed.matchId, fixtureId: previous.fixture_id, status: 'unchanged' };
    }

    const seasonId = await ensureSeason(trx, {
      name: parsed.seasonName,
      competition: parsed.competition,
      year: parsed.year,
      ...(options.seasonSource ? { source: options.seasonSource } : {}),
    });
    const stageId = await ensureStage(trx, seasonId, parsed.stageName);
    const teamIds = await ensureTeams(trx, parsed.teams);
    const teamId = (name: string | null) => (name === null ? null : teamIds.get(name)!);
    const playerIds = await ensurePlayers(trx, parsed, overrides);

    const status: FixtureStatus = parsed.result.type === 'no_result' ? 'no_result' : 'completed';
    const importStatus: ImportStatus = previous ? 'updated' : 'imported';
    const target = await resolveFixture(trx, parsed, previous?.fixture_id, { seasonId, teamIds });
    if (target.kind === 'attach') {
      // Another attempt at this fixture (a replay that was played) holds its result: keep this one
      // on record, so that re-imports report 'unchanged', but change nothing else.
      await recordImport(trx, parsed, target.fixtureId);
      return { matchId: parsed.matchId, fixtureId: target.fixtureId, status: importStatus };
    }
    const fixtureId = await upsertFixture(trx, parsed, target, { seasonId, stageId, teamIds, status });

    await trx
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
      )
      .execute();

    await trx.deleteFrom('fixture_player_of_match').where('fixture_id', '=', fixtureId).execute();
    const pom = [...new Set(parsed.playerOfMatch.map((id) => playerIds.get(id)!))];
    if (pom.length) {
      await trx
        .insertInto('fixture_player_of_match')
        .values(pom.map((player_id) => ({ fixture_id: fixtureId, player_id })))
        .execute();
    }

    await trx.deleteFrom('fixture_innings').where('fixture_id', '=', fixtureId).execute();
    if (parsed.innings.length) {
      await trx
        .insertInto('fixture_innings')
        .values(
          parsed.innings.map((i) => ({
            fixture_id: fixtureId,
            innings_number: i.number,
            team_id: teamIds.get(i.team)!,
            super_over: i.superOver,
            runs: i.runs,
            wickets: i.wickets,
            legal_balls: i.legalBalls,
            extras: i.extras,
          })),
        )
        .execute();
    }

    await trx.deleteFrom('player_fixture_stats').where('fixture_id', '=', fixtureId).execute();
    if (parsed.lines.length) {
      await trx
        .insertInto('player_fixture_stats')
        .values(
          parsed.lines.map((l) => ({
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
          })),
        )
        .execute();
      await trx
        .insertInto('squads')
        .values(
          parsed.lines.map((l) => ({
            season_id: seasonId,
            team_id: teamIds.get(l.team)!,
            player_id: playerIds.get(l.cricsheetId)!,
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
    }

    await recordImport(trx, parsed, fixtureId);

    if (options.inferPositions ?? true) {
      const moved = await applyPositions(trx, overrides);
      await onResultsChanged(trx, await fixturesOfPlayers(trx, moved, fixtureId));
    } else {
      await onResultChanged(trx, fixtureId);
    }
    return { matchId: parsed.matchId, fixtureId, status: importStatus };
  });
}

/** Remembers which fixture a Cricsheet match went to, and its checksum (for 'unchanged'). */
async function recordImport(db: Kysely<DB>, parsed: ParsedMatch, fixtureId: number): Promise<void> {
  await db
    .insertInto('cricsheet_imports')
    .values({
      cricsheet_match_id: parsed.matchId,
      fixture_id: fixtureId,
      checksum: parsed.checksum,
      source: parsed.source,
    })
    .onConflict((oc) =>
      oc.column('cricsheet_match_id').doUpdateSet((eb) => ({
        fixture_id: eb.ref('excluded.fixture_id'),
        checksum: eb.ref('excluded.checksum'),
        source: eb.ref('excluded.source'),
        imported_at: new Date(),
      })),
    )
    .execute();
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

/** Player ids by Cricsheet id; new players start as Batsman (or their override) until inference runs. */
async function ensurePlayers(
  db: Kysely<DB>,
  parsed: ParsedMatch,
  overrides: ReadonlyMap<string, PositionOverride>,
): Promise<Map<string, number>> {
  const wanted = new Map(parsed.lines.map((l) => [l.cricsheetId, l.name]));
  const ids = new Map<string, number>();
  const existing = await db
    .selectFrom('players')
    .select(['id', 'cricsheet_id', 'full_name'])
    .where('cricsheet_id', 'in', [...wanted.keys()])
    .execute();
  for (const p of existing) {
    ids.set(p.cricsheet_id!, p.id);
    const name = wanted.get(p.cricsheet_id!)!;
    if (name !== p.full_name) await db.updateTable('players').set({ full_name: name }).where('id', '=', p.id).execute();
  }
  const missing = [...wanted.entries()].filter(([cid]) => !ids.has(cid));
  if (missing.length) {
    const rows = await db
      .insertInto('players')
      .values(
        missing.map(([cricsheet_id, full_name]) => {
          const o = overrides.get(cricsheet_id);
          return {
            cricsheet_id,
            full_name,
            position_id: o?.position ?? POSITION.Batsman,
            position_source: o ? ('override' as const) : ('inferred' as const),
          };
        }),
      )
      .returning(['id', 'cricsheet_id'])
      .execute();
    for (const r of rows) ids.set(r.cricsheet_id!, r.id);
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
  ctx: { seasonId: number; teamIds: Map<string, number> },
): Promise<FixtureTarget> {
  const own = await db
    .selectFrom('fixtures')
    .selectAll()
    .where('cricsheet_match_id', '=', parsed.matchId)
    .executeTakeFirst();
  if (own) return { kind: 'write', fixture: own };

  const local = ctx.teamIds.get(parsed.teams[0])!;
  const visitor = ctx.teamIds.get(parsed.teams[1])!;
  // An attempt seen before that did not hold its fixture, or the fixture of an earlier attempt.
  const seenBefore = previousFixtureId !== undefined;
  const held = seenBefore
    ? await db.selectFrom('fixtures').selectAll().where('id', '=', previousFixtureId).executeTakeFirst()
    : await findReplayedFixture(db, parsed, ctx.seasonId, local, visitor);
  if (held) {
    if (outranksHolder(parsed, held)) return { kind: 'write', fixture: held };
    if (parsed.result.type === 'no_result') return { kind: 'attach', fixtureId: held.id };
    if (seenBefore) {
      throw new FixtureMismatchError(
        `${parsed.source}: fixture ${held.id} (${held.name}) already has the result of Cricsheet match ${held.cricsheet_match_id}`,
      );
    }
  }
  return { kind: 'write', fixture: await findScheduledFixture(db, parsed, ctx.seasonId, local, visitor) };
}

/** A fixture of the same season, slot and teams that another Cricsheet match already went to. */
async function findReplayedFixture(db: Kysely<DB>, parsed: ParsedMatch, seasonId: number, a: number, b: number) {
  // Only numbered matches and playoffs have a slot; unnumbered league games between the same two
  // teams are different matches.
  if (parsed.matchNumber === null && parsed.stageName !== 'Playoffs') return undefined;
  let q = db
    .selectFrom('fixtures')
    .selectAll()
    .where('season_id', '=', seasonId)
    .where('cricsheet_match_id', 'is not', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('local_team_id', '=', a), eb('visitor_team_id', '=', b)]),
        eb.and([eb('local_team_id', '=', b), eb('visitor_team_id', '=', a)]),
      ]),
    );
  q =
    parsed.matchNumber !== null
      ? q.where('match_number', '=', parsed.matchNumber)
      : q.where('name', '=', parsed.fixtureName);
  return q.orderBy('id').executeTakeFirst();
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
): Promise<number> {
  const local = ctx.teamIds.get(parsed.teams[0])!;
  const visitor = ctx.teamIds.get(parsed.teams[1])!;
  const fixture = target.fixture;

  if (!fixture) {
    const row = await db
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
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
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
  await db
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
    .execute();
  return fixture.id;
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
