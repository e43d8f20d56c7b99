import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { ECONOMY_MIN_BALLS, MP, POSITION, type PositionId, PS, STRIKE_RATE_MIN_BALLS } from '../catalogue';
import type { MatchFacts } from './match-prediction';
import { type StatLine, statLineOf } from './player-selection';
import { isScoredSql, lineScoresSql } from './scored';

/**
 * Set-based versions of the scoring rules. They rebuild, for a set of fixtures, the derived tables
 * `fixture_feature_winners` (Match Prediction) and `player_fixture_feature_counts` (Player Selection).
 * Both are a pure function of the fixture's result, stat lines and player positions, so rebuilding
 * after a correction gives exactly what a fresh import gives.
 *
 * Leagues join picks to these tables, e.g. for Player Selection:
 *   sum(c.count * league_points.points * f.sign) over player_fixture_feature_counts c join features f
 */

export type FixtureScope = { fixtureIds: readonly number[] } | { seasonId: number };

function scopeFilter(scope: FixtureScope): RawBuilder<boolean> {
  if ('seasonId' in scope) return sql<boolean>`f.season_id = ${scope.seasonId}`;
  const ids = [...scope.fixtureIds];
  if (ids.length === 0) return sql<boolean>`false`;
  return sql<boolean>`f.id in (${sql.join(ids)})`;
}

/** Rebuilds both derived tables for the fixtures in scope. */
export async function recomputeDerived(db: Kysely<DB>, scope: FixtureScope): Promise<void> {
  const inScope = scopeFilter(scope);
  await sql`DELETE FROM fixture_feature_winners w USING fixtures f WHERE f.id = w.fixture_id AND ${inScope}`.execute(
    db,
  );
  await sql`DELETE FROM player_fixture_feature_counts c USING fixtures f WHERE f.id = c.fixture_id AND ${inScope}`.execute(
    db,
  );
  // Only scored fixtures (scored.ts: completed, normal or tie); no result and abandoned score nothing.
  const decided = sql`${isScoredSql('f', 'r')} AND ${inScope}`;

  await sql`
    INSERT INTO fixture_feature_winners (fixture_id, feature_id, entity_type, entity_id)
    SELECT f.id, ${sql.lit(MP.MatchWinner)}, 'team',
           CASE WHEN r.result_type = 'tie' THEN r.super_over_winner_team_id ELSE r.winner_team_id END
    FROM fixtures f JOIN fixture_results r ON r.fixture_id = f.id
    WHERE ${decided}
      AND (CASE WHEN r.result_type = 'tie' THEN r.super_over_winner_team_id ELSE r.winner_team_id END) IS NOT NULL
    UNION ALL
    SELECT fixture_id, feature_id, 'player', player_id FROM (
      SELECT s.fixture_id, v.feature_id, s.player_id, v.value,
             max(v.value) OVER (PARTITION BY s.fixture_id, v.feature_id) AS top
      FROM player_fixture_stats s
      JOIN fixtures f ON f.id = s.fixture_id
      JOIN fixture_results r ON r.fixture_id = f.id
      JOIN players p ON p.id = s.player_id
      CROSS JOIN LATERAL (VALUES (${sql.lit(MP.MostRuns)}, s.runs), (${sql.lit(MP.MostWickets)}, s.wickets)) AS v(feature_id, value)
      JOIN feature_positions fp ON fp.feature_id = v.feature_id AND fp.position_id = p.position_id
      WHERE ${lineScoresSql('f', 'r', 's')} AND ${inScope}
    ) ranked WHERE value = top AND top > 0
    UNION ALL
    SELECT f.id, ${sql.lit(MP.ManOfTheMatch)}, 'player', pom.player_id
    FROM fixtures f JOIN fixture_results r ON r.fixture_id = f.id
    JOIN fixture_player_of_match pom ON pom.fixture_id = f.id
    WHERE ${decided}
    UNION ALL
    SELECT fixture_id, ${sql.lit(MP.WinningMargin)}, 'bonus', band FROM (
      SELECT f.id AS fixture_id, CASE
        WHEN r.result_type = 'tie' THEN 507
        WHEN r.won_by_runs > 0 THEN CASE WHEN r.won_by_runs <= 10 THEN 501 WHEN r.won_by_runs <= 30 THEN 502 ELSE 503 END
        WHEN r.won_by_wickets > 0 THEN CASE WHEN r.won_by_wickets <= 3 THEN 504 WHEN r.won_by_wickets <= 6 THEN 505 ELSE 506 END
      END AS band
      FROM fixtures f JOIN fixture_results r ON r.fixture_id = f.id
      WHERE ${decided}
    ) margins WHERE band IS NOT NULL
    UNION ALL
    SELECT f.id, ${sql.lit(MP.TotalSixes)}, 'bonus',
           CASE WHEN sum(s.sixes) <= 10 THEN 601 WHEN sum(s.sixes) <= 15 THEN 602 WHEN sum(s.sixes) <= 20 THEN 603 ELSE 604 END
    FROM fixtures f JOIN fixture_results r ON r.fixture_id = f.id
    JOIN player_fixture_stats s ON s.fixture_id = f.id
    WHERE ${decided}
    GROUP BY f.id
  `.execute(db);

  const b = sql.ref('s.balls_bowled');
  const rc = sql.ref('s.runs_conceded');
  const econ = sql`s.balls_bowled >= ${sql.lit(ECONOMY_MIN_BALLS)}`;
  const srOk = sql`s.balls >= ${sql.lit(STRIKE_RATE_MIN_BALLS)} AND p.position_id <> ${sql.lit(POSITION.Bowler)}`;
  const one = (cond: RawBuilder<unknown>) => sql`CASE WHEN ${cond} THEN 1 ELSE 0 END`;
  await sql`
    INSERT INTO player_fixture_feature_counts (fixture_id, player_id, feature_id, count)
    SELECT s.fixture_id, s.player_id, v.feature_id, v.n
    FROM player_fixture_stats s
    JOIN fixtures f ON f.id = s.fixture_id
    JOIN fixture_results r ON r.fixture_id = f.id
    JOIN players p ON p.id = s.player_id
    CROSS JOIN LATERAL (VALUES
      (${sql.lit(PS.Run)}, s.runs),
      (${sql.lit(PS.FourBonus)}, s.fours),
      (${sql.lit(PS.SixBonus)}, s.sixes),
      (${sql.lit(PS.Thirty)}, ${one(sql`s.runs BETWEEN 30 AND 49`)}),
      (${sql.lit(PS.HalfCentury)}, ${one(sql`s.runs BETWEEN 50 AND 99`)}),
      (${sql.lit(PS.Century)}, ${one(sql`s.runs >= 100`)}),
      (${sql.lit(PS.Duck)}, ${one(sql`s.dismissed AND s.runs = 0 AND p.position_id <> ${sql.lit(POSITION.Bowler)}`)}),
      (${sql.lit(PS.Wicket)}, s.wickets),
      (${sql.lit(PS.BowledLbwBonus)}, s.bowled_lbw_wickets),
      (${sql.lit(PS.ThreeWicketHaul)}, ${one(sql`s.wickets = 3`)}),
      (${sql.lit(PS.FourWicketHaul)}, ${one(sql`s.wickets = 4`)}),
      (${sql.lit(PS.FiveWicketHaul)}, ${one(sql`s.wickets >= 5`)}),
      (${sql.lit(PS.Maiden)}, s.maidens),
      (${sql.lit(PS.Catch)}, s.catches),
      (${sql.lit(PS.ThreeCatchBonus)}, ${one(sql`s.catches >= 3`)}),
      (${sql.lit(PS.Stumping)}, s.stumpings),
      (${sql.lit(PS.RunOutDirect)}, s.run_outs_direct),
      (${sql.lit(PS.RunOutIndirect)}, s.run_outs_indirect),
      (${sql.lit(PS.EconomyBelow5)}, ${one(sql`${econ} AND 6 * ${rc} < 5 * ${b}`)}),
      (${sql.lit(PS.Economy5To6)}, ${one(sql`${econ} AND 6 * ${rc} >= 5 * ${b} AND 6 * ${rc} < 6 * ${b}`)}),
      (${sql.lit(PS.Economy6To7)}, ${one(sql`${econ} AND 6 * ${rc} >= 6 * ${b} AND 6 * ${rc} <= 7 * ${b}`)}),
      (${sql.lit(PS.Economy10To11)}, ${one(sql`${econ} AND 6 * ${rc} >= 10 * ${b} AND 6 * ${rc} <= 11 * ${b}`)}),
      (${sql.lit(PS.Economy11To12)}, ${one(sql`${econ} AND 6 * ${rc} > 11 * ${b} AND 6 * ${rc} <= 12 * ${b}`)}),
      (${sql.lit(PS.EconomyAbove12)}, ${one(sql`${econ} AND 6 * ${rc} > 12 * ${b}`)}),
      (${sql.lit(PS.StrikeRateAbove170)}, ${one(sql`${srOk} AND 100 * s.runs > 170 * s.balls`)}),
      (${sql.lit(PS.StrikeRate150To170)}, ${one(sql`${srOk} AND 100 * s.runs > 150 * s.balls AND 100 * s.runs <= 170 * s.balls`)}),
      (${sql.lit(PS.StrikeRate130To150)}, ${one(sql`${srOk} AND 100 * s.runs >= 130 * s.balls AND 100 * s.runs <= 150 * s.balls`)}),
      (${sql.lit(PS.StrikeRate60To70)}, ${one(sql`${srOk} AND 100 * s.runs >= 60 * s.balls AND 100 * s.runs <= 70 * s.balls`)}),
      (${sql.lit(PS.StrikeRate50To60)}, ${one(sql`${srOk} AND 100 * s.runs >= 50 * s.balls AND 100 * s.runs < 60 * s.balls`)}),
      (${sql.lit(PS.StrikeRateBelow50)}, ${one(sql`${srOk} AND 100 * s.runs < 50 * s.balls`)})
    ) AS v(feature_id, n)
    WHERE ${lineScoresSql('f', 'r', 's')} AND ${inScope} AND v.n > 0
  `.execute(db);
}

/** A fixture's stat lines with player positions (for the pure functions and the scorecard). */
export async function loadStatLines(
  db: Kysely<DB>,
  fixtureId: number,
): Promise<{ playerId: number; teamId: number; positionId: PositionId; didPlay: boolean; line: StatLine }[]> {
  const rows = await db
    .selectFrom('player_fixture_stats as s')
    .innerJoin('players as p', 'p.id', 's.player_id')
    .selectAll('s')
    .select('p.position_id')
    .where('s.fixture_id', '=', fixtureId)
    .orderBy('s.player_id')
    .execute();
  return rows.map((r) => ({
    playerId: r.player_id,
    teamId: r.team_id,
    positionId: r.position_id as PositionId,
    didPlay: r.did_play,
    line: statLineOf(r),
  }));
}

/** The inputs of `matchPredictionWinners` for one fixture, read from the database. */
export async function loadMatchFacts(db: Kysely<DB>, fixtureId: number): Promise<MatchFacts> {
  const f = await db
    .selectFrom('fixtures as f')
    .leftJoin('fixture_results as r', 'r.fixture_id', 'f.id')
    .select([
      'f.status',
      'r.result_type',
      'r.winner_team_id',
      'r.super_over_winner_team_id',
      'r.won_by_runs',
      'r.won_by_wickets',
    ])
    .where('f.id', '=', fixtureId)
    .executeTakeFirstOrThrow();
  const pom = await db
    .selectFrom('fixture_player_of_match')
    .select('player_id')
    .where('fixture_id', '=', fixtureId)
    .execute();
  const lines = await loadStatLines(db, fixtureId);
  return {
    status: f.status,
    resultType: f.result_type,
    winnerTeamId: f.winner_team_id,
    superOverWinnerTeamId: f.super_over_winner_team_id,
    wonByRuns: f.won_by_runs,
    wonByWickets: f.won_by_wickets,
    playerOfMatchIds: pom.map((p) => p.player_id),
    players: lines.map((l) => ({
      playerId: l.playerId,
      positionId: l.positionId,
      didPlay: l.didPlay,
      runs: l.line.runs,
      wickets: l.line.wickets,
      sixes: l.line.sixes,
    })),
    hasScorecard: lines.length > 0,
  };
}

/**
 * Points per player for a fixture under a league's points (feature id -> magnitude), computed in
 * SQL from the derived counts. Players with no scoring stat are left out.
 */
export async function fixturePlayerPoints(
  db: Kysely<DB>,
  fixtureId: number,
  points: ReadonlyMap<number, number>,
): Promise<Map<number, number>> {
  const entries = [...points.entries()];
  if (entries.length === 0) return new Map();
  const values = sql.join(entries.map(([id, p]) => sql`(${id}::int, ${p}::int)`));
  const { rows } = await sql<{ player_id: number; points: number }>`
    SELECT c.player_id, sum(c.count * cfg.points * f.sign)::int AS points
    FROM player_fixture_feature_counts c
    JOIN features f ON f.id = c.feature_id
    JOIN (VALUES ${values}) AS cfg(feature_id, points) ON cfg.feature_id = c.feature_id
    WHERE c.fixture_id = ${fixtureId}
    GROUP BY c.player_id
  `.execute(db);
  return new Map(rows.map((r) => [r.player_id, Number(r.points)]));
}
