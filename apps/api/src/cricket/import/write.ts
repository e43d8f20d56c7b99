import type { Kysely } from 'kysely';
import type { DB, FixtureStatus } from '../../db/schema';
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
    const fixtureId = await upsertFixture(trx, parsed, { seasonId, stageId, teamIds, status });

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

    await trx
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

    if (options.inferPositions ?? true) {
      const moved = await applyPositions(trx, overrides);
      await onResultsChanged(trx, await fixturesOfPlayers(trx, moved, fixtureId));
    } else {
      await onResultChanged(trx, fixtureId);
    }
    return { matchId: parsed.matchId, fixtureId, status: previous ? 'updated' : 'imported' };
  });
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

async function upsertFixture(
  db: Kysely<DB>,
  parsed: ParsedMatch,
  ctx: { seasonId: number; stageId: number; teamIds: Map<string, number>; status: FixtureStatus },
): Promise<number> {
  const local = ctx.teamIds.get(parsed.teams[0])!;
  const visitor = ctx.teamIds.get(parsed.teams[1])!;
  const fixture =
    (await db.selectFrom('fixtures').selectAll().where('cricsheet_match_id', '=', parsed.matchId).executeTakeFirst()) ??
    (await findScheduledFixture(db, parsed, ctx.seasonId, local, visitor));

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
  // A scheduled fixture keeps its start time and home/away order (users saw them when picking).
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
