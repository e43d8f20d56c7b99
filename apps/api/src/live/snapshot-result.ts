import type { components } from '@fantasy-cricket/api-client';
import { type Kysely, sql } from 'kysely';
import { FEATURES_BY_ID } from '../cricket/catalogue';
import type { DB } from '../db/schema';
import { inningsOut } from './ingest';
import { leaderValueSql } from '../cricket/scoring/table-sql';
import { LIVE_MP_FEATURES } from './lines';

/**
 * The Match Centre of a fixture whose result is final (imported by the live feed's completion, a
 * Cricsheet file or the console): its innings, scorecards, leaders and players' points, read from
 * the derived scoring tables.
 */

type Summary = components['schemas']['LiveFixtureSummary'];
type MatchCentre = components['schemas']['MatchCentre'];

/** Each player who played, with their final points (most first). */
export async function finalPlayerPoints(db: Kysely<DB>, fixtureId: number): Promise<MatchCentre['PlayerPoints']> {
  const { rows } = await sql<{
    player_id: number;
    cricsheet_id: string | null;
    name: string;
    team: string;
    points: number;
  }>`
    SELECT s.player_id, p.cricsheet_id, p.full_name AS name, t.name AS team, coalesce(sum(pp.points), 0)::int AS points
    FROM player_fixture_stats s JOIN players p ON p.id = s.player_id JOIN teams t ON t.id = s.team_id
    LEFT JOIN player_fixture_points pp ON pp.fixture_id = s.fixture_id AND pp.player_id = s.player_id
    WHERE s.fixture_id = ${fixtureId} AND s.did_play
    GROUP BY s.player_id, p.cricsheet_id, p.full_name, t.name
    ORDER BY points DESC, name`.execute(db);
  return rows.map((r) => ({
    PlayerID: r.player_id,
    CricsheetID: r.cricsheet_id ?? '',
    Name: r.name,
    Team: r.team,
    Points: Number(r.points),
    Provisional: false,
  }));
}

/** The final winners of the features the stats decide, as leaders (from the derived scoring tables). */
export async function finalLeaders(db: Kysely<DB>, fixtureId: number): Promise<MatchCentre['Leaders']> {
  const features = [...LIVE_MP_FEATURES];
  const { rows } = await sql<{
    feature_id: number;
    entity_type: string;
    entity_id: number;
    name: string | null;
    value: number | null;
  }>`
    SELECT w.feature_id, w.entity_type, w.entity_id, coalesce(p.full_name, b.label) AS name,
           ${leaderValueSql(
             sql`w.feature_id`,
             's',
             sql`(SELECT sum(x.sixes)::int FROM player_fixture_stats x WHERE x.fixture_id = w.fixture_id AND x.did_play)`,
           )} AS value
    FROM fixture_feature_winners w
    LEFT JOIN players p ON w.entity_type = 'player' AND p.id = w.entity_id
    LEFT JOIN bonus_options b ON w.entity_type = 'bonus' AND b.id = w.entity_id
    LEFT JOIN player_fixture_stats s ON w.entity_type = 'player' AND s.fixture_id = w.fixture_id AND s.player_id = w.entity_id
    WHERE w.fixture_id = ${fixtureId} AND w.feature_id IN (${sql.join(features)})
    ORDER BY w.feature_id, w.entity_id`.execute(db);
  const out: MatchCentre['Leaders'] = [];
  for (const r of rows) {
    let l = out.find((x) => x.FeatureID === r.feature_id);
    if (!l) {
      l = {
        FeatureID: r.feature_id,
        FeatureName: FEATURES_BY_ID.get(r.feature_id)?.name ?? '',
        EntityType: r.entity_type === 'bonus' ? 'bonus' : 'player',
        IDs: [],
        Names: [],
        Value: Number(r.value ?? 0),
      };
      out.push(l);
    }
    l.IDs.push(r.entity_id);
    l.Names.push(r.name ?? String(r.entity_id));
  }
  return out;
}

/** The innings of an imported result (`fixture_innings`), as the live summary gives them. */
export async function importedInnings(db: Kysely<DB>, fixtureId: number): Promise<Summary['Innings']> {
  const rows = await db
    .selectFrom('fixture_innings as i')
    .innerJoin('teams as t', 't.id', 'i.team_id')
    .select(['i.innings_number', 't.name', 'i.super_over', 'i.runs', 'i.wickets', 'i.legal_balls', 'i.extras'])
    .where('i.fixture_id', '=', fixtureId)
    .orderBy('i.innings_number')
    .execute();
  return rows.map((r) =>
    inningsOut(r.innings_number - 1, {
      team: r.name,
      superOver: r.super_over,
      runs: r.runs,
      wickets: r.wickets,
      legalBalls: r.legal_balls,
      extras: r.extras,
    }),
  );
}

/**
 * The batting and bowling of an imported result, from the players' figures of the match: each team's
 * batters in batting order under its innings, the other team's bowlers (most overs first). A super
 * over counts for no player's figures, so it has no scorecard.
 */
export async function importedScorecards(
  db: Kysely<DB>,
  fixtureId: number,
  innings: Summary['Innings'],
): Promise<MatchCentre['Scorecards']> {
  const stats = await db
    .selectFrom('player_fixture_stats as s')
    .innerJoin('players as p', 'p.id', 's.player_id')
    .innerJoin('teams as t', 't.id', 's.team_id')
    .select([
      's.player_id',
      'p.full_name',
      't.name as team',
      's.batting_position',
      's.runs',
      's.balls',
      's.fours',
      's.sixes',
      's.dismissed',
      's.dismissal_kind',
      's.balls_bowled',
      's.maidens',
      's.runs_conceded',
      's.wickets',
    ])
    .where('s.fixture_id', '=', fixtureId)
    .where('s.did_play', '=', true)
    .execute();
  return innings
    .filter((i) => !i.SuperOver)
    .map((i) => ({
      Innings: i.Innings,
      Team: i.Team,
      SuperOver: false,
      Batters: stats
        .filter((s) => s.team === i.Team && s.batting_position !== null)
        .sort((a, b) => a.batting_position! - b.batting_position!)
        .map((s) => ({
          PlayerID: s.player_id,
          Name: s.full_name,
          Runs: s.runs,
          Balls: s.balls,
          Fours: s.fours,
          Sixes: s.sixes,
          Out: s.dismissed,
          DismissalKind: s.dismissal_kind,
        })),
      Bowlers: stats
        .filter((s) => s.team !== i.Team && (s.balls_bowled > 0 || s.runs_conceded > 0))
        .sort((a, b) => b.balls_bowled - a.balls_bowled || a.full_name.localeCompare(b.full_name))
        .map((s) => ({
          PlayerID: s.player_id,
          Name: s.full_name,
          Overs: `${Math.floor(s.balls_bowled / 6)}.${s.balls_bowled % 6}`,
          Maidens: s.maidens,
          Runs: s.runs_conceded,
          Wickets: s.wickets,
        })),
    }));
}
