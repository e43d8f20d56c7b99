import type { Kysely, Selectable } from 'kysely';
import { isPositionId, type PositionId } from '../../cricket/catalogue';
import type { CricsheetDelivery, CricsheetInfo } from '../../cricket/import/cricsheet-format';
import type { FeatureWinners } from '../../cricket/scoring/match-prediction';
import type { DB, LiveFixturesTable } from '../../db/schema';
import { type InningsTotals, inningsSummary, type overParse, UNKNOWN_POSITION } from '../lines';
import { overKey, storedBallFingerprint } from './ball-keys';
import { groupOvers } from './innings';
import { readJson } from './json';
import type { LineRow } from './line-rows';
import { signedPointsByLeague } from './member-points';

/**
 * What a live fixture's next ball is derived from (`LiveState`), and reading it from the database
 * under the fixture's lock: the stored balls, the players' lines, each innings' totals, the registry's
 * players found in the database, and what the `live_fixtures` row says about the members.
 */

/** A stored ball, as the state keeps it. */
export interface StoredBall {
  team: string;
  superOver: boolean;
  delivery: CricsheetDelivery;
  /** `ballFingerprint` of the ball as stored. */
  fingerprint: string;
}

/** The balls of one over, by seq. */
export type OverBalls = Map<number, StoredBall>;

/** Database id and position of the registry's players found in `players`, by Cricsheet id. */
export type DatabasePlayers = Map<string, { id: number; position: PositionId }>;

/** A `live_fixtures` row. */
export type LiveFixtureRow = Selectable<LiveFixturesTable>;

/** One over by the parser: each player's part of it and the over's innings totals. */
export type OverParse = ReturnType<typeof overParse>;

/**
 * What a ball is derived from, as of the fixture's `state_token` (migration 0013). A process keeps it
 * in memory between balls (`state-cache.ts`) and checks the token in the ball's own statement; a
 * different token (another process wrote a ball, the info changed) means it is read from the
 * database again. Never changed in place: a ball makes a new one.
 */
export interface LiveState {
  token: string;
  info: CricsheetInfo;
  /** Stored balls by `overKey(innings, over)`, then by seq. */
  ballsByOver: Map<string, OverBalls>;
  /** Each player's line, by Cricsheet id. */
  linesByPlayer: Map<string, LineRow>;
  /** Each innings' totals, by innings index. */
  inningsTotals: Map<number, InningsTotals>;
  /** The players of the match's registry who are in the database. */
  databasePlayers: DatabasePlayers;
  leaders: FeatureWinners[];
  /** The fixture's Player Selection leagues (`live_fixtures.ps_leagues`). */
  psLeagues: number[];
  /** Signed points of each of `psLeagues` (a league's points are fixed once it is out of Draft). */
  signedPointsByLeague: Map<number, Map<number, number>>;
  /** The fixture's pick count as last counted (`picks_seen`; -1 before the first ball). */
  picksSeen: number;
  started: boolean;
  silent: boolean;
  /** The parse of the over last written (its balls as in `ballsByOver`): the next ball of it starts from it. */
  lastOverWritten?: { balls: OverBalls; team: string; superOver: boolean; parse: OverParse };
}

/** Player ids and positions by Cricsheet id (players not in the database are absent). */
export async function playersInDatabase(trx: Kysely<DB>, cricsheetIds: readonly string[]): Promise<DatabasePlayers> {
  if (cricsheetIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('players')
    .select(['id', 'cricsheet_id', 'position_id'])
    .where('cricsheet_id', 'in', cricsheetIds)
    .execute();
  return new Map(
    rows.map((r) => [
      r.cricsheet_id!,
      { id: r.id, position: isPositionId(r.position_id) ? r.position_id : UNKNOWN_POSITION },
    ]),
  );
}

/** The `live_fixtures` row's part of the state (read under the fixture's lock). */
export function stateOfRow(row: LiveFixtureRow) {
  return {
    token: row.state_token,
    info: readJson<CricsheetInfo>(row.info),
    leaders: readJson<FeatureWinners[]>(row.leaders),
    psLeagues: readJson<number[]>(row.ps_leagues),
    picksSeen: row.picks_seen,
    started: row.first_ball_at !== null,
    silent: row.silent_since !== null,
  };
}

/** The whole state from the database (under the fixture's lock). */
export async function loadFixtureState(trx: Kysely<DB>, row: LiveFixtureRow): Promise<LiveState> {
  const fromRow = stateOfRow(row);
  const deliveries = await trx
    .selectFrom('live_deliveries')
    .select(['innings', 'over', 'seq', 'team', 'super_over', 'delivery'])
    .where('fixture_id', '=', row.fixture_id)
    .orderBy('innings')
    .orderBy('over')
    .orderBy('seq')
    .execute();
  const ballsByOver = new Map<string, OverBalls>();
  const deliveriesByInnings = new Map<number, typeof deliveries>();
  for (const r of deliveries) {
    const delivery = readJson<CricsheetDelivery>(r.delivery);
    const key = overKey(r.innings, r.over);
    const over = ballsByOver.get(key) ?? new Map<number, StoredBall>();
    over.set(r.seq, {
      team: r.team,
      superOver: r.super_over,
      delivery,
      fingerprint: storedBallFingerprint(r.team, delivery),
    });
    ballsByOver.set(key, over);
    deliveriesByInnings.set(r.innings, [...(deliveriesByInnings.get(r.innings) ?? []), r]);
  }
  // Each innings' totals by the parser over its balls, as the Match Centre's snapshot computes them.
  const inningsTotals = new Map<number, InningsTotals>();
  for (const [index, balls] of deliveriesByInnings) {
    const summary = inningsSummary(fromRow.info, balls[0]!.team, balls[0]!.super_over, groupOvers(balls));
    inningsTotals.set(index, {
      runs: summary.runs,
      wickets: summary.wickets,
      legalBalls: summary.legalBalls,
      extras: summary.extras,
    });
  }
  const lines = await trx
    .selectFrom('live_player_lines')
    .selectAll()
    .where('fixture_id', '=', row.fixture_id)
    .execute();
  const registry = Object.values(fromRow.info.registry?.people ?? {});
  return {
    ...fromRow,
    ballsByOver,
    linesByPlayer: new Map(lines.map((line) => [line.cricsheet_id, line])),
    inningsTotals,
    databasePlayers: await playersInDatabase(trx, [...new Set(registry)]),
    signedPointsByLeague: await signedPointsByLeague(trx, fromRow.psLeagues),
  };
}
