import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

/** A home-page statistics table: the keys of each entry become the columns. */
export interface PlayerStatsWidget {
  Header: string;
  StatEntry: Record<string, string | number>[];
}

export interface PlayerStatsOptions {
  /** Rows per table (default 5). */
  limit?: number;
}

/**
 * Whether a fixture (aliased `f`) counts for the season's statistics, as in the official records:
 * every match in which play took place. A completed fixture, and a no result or abandoned fixture
 * with ball-by-ball innings (a match abandoned after an over counts; one without a ball, or a result
 * set without a scorecard, has no innings). Fantasy points are another rule: a no result scores
 * nothing (`isScored` in scoring/scored.ts).
 */
function countsForSeasonStats(f: string) {
  return sql`(${sql.ref(`${f}.status`)} = 'completed' OR (${sql.ref(`${f}.status`)} IN ('no_result', 'abandoned')
    AND EXISTS (SELECT 1 FROM fixture_innings i WHERE i.fixture_id = ${sql.ref(`${f}.id`)})))`;
}

/**
 * Season leader tables over the active season(s): most runs, most wickets, most sixes, highest
 * individual score and best fantasy points (Player Selection default points). The batting and
 * bowling figures count every fixture in which play took place, no results included
 * (`countsForSeasonStats`); fantasy points count scored fixtures only. With several active seasons
 * each header names its season.
 */
export async function playerStats(db: Kysely<DB>, options: PlayerStatsOptions = {}): Promise<PlayerStatsWidget[]> {
  const limit = options.limit ?? 5;
  const seasons = await db
    .selectFrom('seasons')
    .select(['id', 'name'])
    .where('is_active', '=', true)
    .orderBy('year', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const widgets: PlayerStatsWidget[] = [];
  for (const season of seasons) {
    const header = (h: string) => (seasons.length > 1 ? `${h} - ${season.name}` : h);
    const stats = await seasonStats(db, season.id, limit);
    if (stats.every((s) => s.rows.length === 0)) continue;
    for (const s of stats) widgets.push({ Header: header(s.header), StatEntry: s.rows });
  }
  return widgets;
}

async function seasonStats(db: Kysely<DB>, seasonId: number, limit: number) {
  const totals = sql`
    SELECT p.id, p.full_name AS player,
           (SELECT t.code FROM player_fixture_stats s2 JOIN fixtures f2 ON f2.id = s2.fixture_id
              JOIN teams t ON t.id = s2.team_id
            WHERE s2.player_id = p.id AND f2.season_id = ${seasonId}
            ORDER BY f2.start_time DESC LIMIT 1) AS team,
           count(*) FILTER (WHERE s.did_play)::int AS matches,
           sum(s.runs)::int AS runs, sum(s.balls)::int AS balls, sum(s.fours)::int AS fours,
           sum(s.sixes)::int AS sixes, sum(s.wickets)::int AS wickets,
           sum(s.balls_bowled)::int AS balls_bowled, sum(s.runs_conceded)::int AS runs_conceded
    FROM player_fixture_stats s
    JOIN fixtures f ON f.id = s.fixture_id
    JOIN players p ON p.id = s.player_id
    WHERE f.season_id = ${seasonId} AND ${countsForSeasonStats('f')}
    GROUP BY p.id, p.full_name`;
  type Totals = {
    player: string;
    team: string;
    matches: number;
    runs: number;
    balls: number;
    fours: number;
    sixes: number;
    wickets: number;
    balls_bowled: number;
    runs_conceded: number;
  };
  const top = async (orderBy: ReturnType<typeof sql>, where: ReturnType<typeof sql>) =>
    (
      await sql<Totals>`SELECT * FROM (${totals}) x WHERE ${where} ORDER BY ${orderBy}, player LIMIT ${limit}`.execute(
        db,
      )
    ).rows;

  const strikeRate = (r: Totals) => (r.balls ? ((100 * r.runs) / r.balls).toFixed(2) : '-');
  const economy = (r: Totals) => (r.balls_bowled ? ((6 * r.runs_conceded) / r.balls_bowled).toFixed(2) : '-');
  const overs = (balls: number) => `${Math.floor(balls / 6)}${balls % 6 ? `.${balls % 6}` : ''}`;

  const runs = (await top(sql`runs DESC, balls ASC`, sql`runs > 0`)).map((r) => ({
    Player: r.player,
    Team: r.team,
    Matches: r.matches,
    Runs: r.runs,
    'Strike Rate': strikeRate(r),
  }));
  const wickets = (await top(sql`wickets DESC, runs_conceded ASC`, sql`wickets > 0`)).map((r) => ({
    Player: r.player,
    Team: r.team,
    Matches: r.matches,
    Wickets: r.wickets,
    Overs: overs(r.balls_bowled),
    Economy: economy(r),
  }));
  const sixes = (await top(sql`sixes DESC, balls ASC`, sql`sixes > 0`)).map((r) => ({
    Player: r.player,
    Team: r.team,
    Sixes: r.sixes,
    Fours: r.fours,
  }));

  const { rows: highest } = await sql<{
    player: string;
    team: string;
    runs: number;
    balls: number;
    dismissed: boolean;
    against: string;
    fixture: string;
  }>`
    SELECT p.full_name AS player, t.code AS team, s.runs, s.balls, s.dismissed, o.code AS against, f.name AS fixture
    FROM player_fixture_stats s
    JOIN fixtures f ON f.id = s.fixture_id
    JOIN players p ON p.id = s.player_id
    JOIN teams t ON t.id = s.team_id
    JOIN teams o ON o.id = CASE WHEN f.local_team_id = s.team_id THEN f.visitor_team_id ELSE f.local_team_id END
    WHERE f.season_id = ${seasonId} AND ${countsForSeasonStats('f')} AND s.runs > 0
    ORDER BY s.runs DESC, s.balls ASC, p.full_name
    LIMIT ${limit}`.execute(db);

  const { rows: fantasy } = await sql<{
    player: string;
    team: string;
    position: string;
    points: number;
    matches: number;
  }>`
    SELECT p.full_name AS player, pos.name AS position, sum(pp.points)::int AS points,
           count(DISTINCT pp.fixture_id)::int AS matches,
           (SELECT t.code FROM player_fixture_stats s2 JOIN fixtures f2 ON f2.id = s2.fixture_id
              JOIN teams t ON t.id = s2.team_id
            WHERE s2.player_id = p.id AND f2.season_id = ${seasonId}
            ORDER BY f2.start_time DESC LIMIT 1) AS team
    FROM player_fixture_points pp
    JOIN fixtures f ON f.id = pp.fixture_id
    JOIN players p ON p.id = pp.player_id
    JOIN positions pos ON pos.id = p.position_id
    WHERE f.season_id = ${seasonId}
    GROUP BY p.id, p.full_name, pos.name
    ORDER BY points DESC, p.full_name
    LIMIT ${limit}`.execute(db);

  return [
    { header: 'Most Runs', rows: runs },
    { header: 'Most Wickets', rows: wickets },
    { header: 'Most Sixes', rows: sixes },
    {
      header: 'Highest Individual Score',
      rows: highest.map((r) => ({
        Player: r.player,
        Team: r.team,
        Score: `${r.runs}${r.dismissed ? '' : '*'}`,
        Balls: r.balls,
        Against: r.against,
        Fixture: r.fixture,
      })),
    },
    {
      header: 'Best Fantasy Points',
      rows: fantasy.map((r) => ({
        Player: r.player,
        Team: r.team,
        Position: r.position,
        Matches: r.matches,
        Points: Number(r.points),
      })),
    },
  ];
}
