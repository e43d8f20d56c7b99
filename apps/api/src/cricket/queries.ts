import type { Kysely } from 'kysely';
import type { DB, FixtureStatus } from '../db/schema';

/**
 * Read models of the cricket data, shaped like the spec's entities (section 3) so routes can return
 * them as they are.
 */

/** Series option: a whole active season (StageID null) or one of its stages. */
export interface SeriesOption {
  StageID: number | null;
  StageName: string | null;
  SeasonID: number;
  SeasonName: string;
}

export async function activeSeries(db: Kysely<DB>): Promise<SeriesOption[]> {
  const rows = await db
    .selectFrom('seasons as s')
    .leftJoin('stages as st', 'st.season_id', 's.id')
    .select(['s.id as season_id', 's.name as season_name', 'st.id as stage_id', 'st.name as stage_name'])
    .where('s.is_active', '=', true)
    .orderBy('s.year', 'desc')
    .orderBy('s.id')
    .orderBy('st.sort_order')
    .orderBy('st.id')
    .execute();
  const out: SeriesOption[] = [];
  for (const r of rows) {
    if (!out.some((o) => o.SeasonID === r.season_id)) {
      out.push({ StageID: null, StageName: null, SeasonID: r.season_id, SeasonName: r.season_name });
    }
    if (r.stage_id !== null && r.stage_name !== null) {
      out.push({ StageID: r.stage_id, StageName: r.stage_name, SeasonID: r.season_id, SeasonName: r.season_name });
    }
  }
  return out;
}

export interface FixtureRow {
  FixtureID: number;
  FixtureName: string;
  /** ISO 8601, UTC. */
  StartTime: string;
  LocalTeamCode: string;
  VisitorTeamCode: string;
  Status: FixtureStatus;
}

/** Fixtures of a season (or one of its stages), by start time. */
export async function listFixtures(
  db: Kysely<DB>,
  scope: { seasonId: number; stageId?: number | null | undefined },
): Promise<FixtureRow[]> {
  let q = db
    .selectFrom('fixtures as f')
    .innerJoin('teams as h', 'h.id', 'f.local_team_id')
    .innerJoin('teams as v', 'v.id', 'f.visitor_team_id')
    .select(['f.id', 'f.name', 'f.start_time', 'f.status', 'h.code as home', 'v.code as visitor'])
    .where('f.season_id', '=', scope.seasonId);
  if (scope.stageId != null) q = q.where('f.stage_id', '=', scope.stageId);
  const rows = await q.orderBy('f.start_time').orderBy('f.id').execute();
  return rows.map((r) => ({
    FixtureID: r.id,
    FixtureName: r.name,
    StartTime: r.start_time.toISOString(),
    LocalTeamCode: r.home,
    VisitorTeamCode: r.visitor,
    Status: r.status,
  }));
}

export interface PlayerOption {
  PlayerID: number;
  PlayerFullName: string;
  TeamID: number;
  TeamCode: string;
  TeamName: string;
  PositionName: string;
  PositionID: number;
}

/**
 * The players who can be picked for a fixture: the season squads of its two teams, sorted by team
 * name, position (team-sheet order: keeper, batsmen, allrounders, bowlers) and name. Filter by
 * position for Player Selection rows, or by the feature's positions (`feature_positions`) for
 * Match Prediction player features. Empty for an unknown fixture.
 */
export async function fixturePlayers(db: Kysely<DB>, fixtureId: number): Promise<PlayerOption[]> {
  const rows = await db
    .selectFrom('fixtures as f')
    .innerJoin('squads as s', (j) => j.onRef('s.season_id', '=', 'f.season_id'))
    .innerJoin('teams as t', 't.id', 's.team_id')
    .innerJoin('players as p', 'p.id', 's.player_id')
    .innerJoin('positions as pos', 'pos.id', 'p.position_id')
    .select(['p.id', 'p.full_name', 't.id as team_id', 't.code', 't.name as team', 'pos.name as position'])
    .select('pos.id as position_id')
    .where('f.id', '=', fixtureId)
    .where((eb) =>
      eb.or([eb('s.team_id', '=', eb.ref('f.local_team_id')), eb('s.team_id', '=', eb.ref('f.visitor_team_id'))]),
    )
    .orderBy('t.name')
    .orderBy('pos.sort_order')
    .orderBy('p.full_name')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({
    PlayerID: r.id,
    PlayerFullName: r.full_name,
    TeamID: r.team_id,
    TeamCode: r.code,
    TeamName: r.team,
    PositionName: r.position,
    PositionID: r.position_id,
  }));
}

/** The two teams of a fixture, by name (empty for an unknown fixture). */
export async function fixtureTeams(
  db: Kysely<DB>,
  fixtureId: number,
): Promise<{ ID: number; Name: string; Code: string }[]> {
  const rows = await db
    .selectFrom('fixtures as f')
    .innerJoin('teams as t', (j) =>
      j.on((eb) => eb.or([eb('t.id', '=', eb.ref('f.local_team_id')), eb('t.id', '=', eb.ref('f.visitor_team_id'))])),
    )
    .select(['t.id', 't.name', 't.code'])
    .where('f.id', '=', fixtureId)
    .orderBy('t.name')
    .orderBy('t.id')
    .execute();
  return rows.map((r) => ({ ID: r.id, Name: r.name, Code: r.code }));
}
