import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { PositionId } from '../catalogue';
import type { MatchFacts } from './match-prediction';
import { type StatLine, statLineOf } from './player-selection';
import { isScoredSql, lineScoresSql } from './scored';
import { MP_ROWS, type MpFeatureRow, readsLines } from './table';
import { bonusOptionSql, mostValuesSql, psCountValuesSql } from './table-sql';

/**
 * Set-based versions of the scoring rules. They rebuild, for a set of fixtures, the derived tables
 * `fixture_feature_winners` (Match Prediction) and `player_fixture_feature_counts` (Player Selection).
 * Both are a pure function of the fixture's result, stat lines and player positions, so rebuilding
 * after a correction gives exactly what a fresh import gives. The rules are the scoring table's rows
 * (./table.ts), written into the statements by ./table-sql.ts.
 *
 * Leagues score picks from these tables in standings/points.ts, e.g. for Player Selection:
 *   sum(c.count * league_points.points * f.sign) over player_fixture_feature_counts c join features f
 */

export type FixtureScope = { fixtureIds: readonly number[] } | { seasonId: number };

function scopeFilter(scope: FixtureScope): RawBuilder<boolean> {
  if ('seasonId' in scope) return sql<boolean>`f.season_id = ${scope.seasonId}`;
  const ids = [...scope.fixtureIds];
  if (ids.length === 0) return sql<boolean>`false`;
  return sql<boolean>`f.id in (${sql.join(ids)})`;
}

/**
 * The winners of one Match Prediction feature for the scored fixtures in scope, as a SELECT of
 * (fixture_id, feature_id, entity_type, entity_id). The features won by the most of a stat are
 * selected together (`mostWinnersSql`), so this gives null for them.
 */
function featureWinnersSql(row: MpFeatureRow, inScope: RawBuilder<boolean>): RawBuilder<unknown> | null {
  const decided = sql`${isScoredSql('f', 'r')} AND ${inScope}`;
  const head = sql`${sql.lit(row.id)}, ${sql.lit(row.featureType)}`;
  const w = row.wins;
  if ('team' in w) {
    const team = sql`CASE WHEN r.result_type = 'tie' THEN r.super_over_winner_team_id ELSE r.winner_team_id END`;
    return sql`SELECT f.id, ${head}, ${team}
      FROM fixtures f JOIN fixture_results r ON r.fixture_id = f.id
      WHERE ${decided} AND ${team} IS NOT NULL`;
  }
  if ('playerOfMatch' in w) {
    return sql`SELECT f.id, ${head}, pom.player_id
      FROM fixtures f JOIN fixture_results r ON r.fixture_id = f.id
      JOIN fixture_player_of_match pom ON pom.fixture_id = f.id
      WHERE ${decided}`;
  }
  if ('most' in w) return null;
  // A bonus feature: the band read from the result, or from the match's stat lines (none without them).
  const band = (sixes: RawBuilder<number>) =>
    bonusOptionSql(w.options, {
      isTie: sql<boolean>`r.result_type = 'tie'`,
      wonByRuns: sql.ref('r.won_by_runs'),
      wonByWickets: sql.ref('r.won_by_wickets'),
      matchSixes: sixes,
    });
  const from = readsLines(row)
    ? sql`SELECT f.id AS fixture_id, ${band(sql<number>`sum(s.sixes)`)} AS option_id
        FROM fixtures f JOIN fixture_results r ON r.fixture_id = f.id
        JOIN player_fixture_stats s ON s.fixture_id = f.id
        WHERE ${decided}
        GROUP BY f.id, r.result_type, r.won_by_runs, r.won_by_wickets`
    : sql`SELECT f.id AS fixture_id, ${band(sql<number>`NULL::int`)} AS option_id
        FROM fixtures f JOIN fixture_results r ON r.fixture_id = f.id
        WHERE ${decided}`;
  return sql`SELECT fixture_id, ${head}, option_id FROM (${from}) bands WHERE option_id IS NOT NULL`;
}

/** The winners of every feature won by the most of a stat: the eligible players who played with the top value above 0. */
function mostWinnersSql(inScope: RawBuilder<boolean>): RawBuilder<unknown> | null {
  const values = mostValuesSql('s', 'p');
  if (!values) return null;
  return sql`SELECT fixture_id, feature_id, 'player', player_id FROM (
      SELECT s.fixture_id, v.feature_id, s.player_id, v.value,
             max(v.value) OVER (PARTITION BY s.fixture_id, v.feature_id) AS top
      FROM player_fixture_stats s
      JOIN fixtures f ON f.id = s.fixture_id
      JOIN fixture_results r ON r.fixture_id = f.id
      JOIN players p ON p.id = s.player_id
      CROSS JOIN LATERAL (VALUES ${values}) AS v(feature_id, value, allowed)
      WHERE ${lineScoresSql('f', 'r', 's')} AND ${inScope} AND v.allowed
    ) ranked WHERE value = top AND top > 0`;
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
  const selects = [...MP_ROWS.map((row) => featureWinnersSql(row, inScope)), mostWinnersSql(inScope)].filter(
    (x): x is RawBuilder<unknown> => x !== null,
  );
  await sql`
    INSERT INTO fixture_feature_winners (fixture_id, feature_id, entity_type, entity_id)
    ${sql.join(selects, sql` UNION ALL `)}
  `.execute(db);

  await sql`
    INSERT INTO player_fixture_feature_counts (fixture_id, player_id, feature_id, count)
    SELECT s.fixture_id, s.player_id, v.feature_id, v.n
    FROM player_fixture_stats s
    JOIN fixtures f ON f.id = s.fixture_id
    JOIN fixture_results r ON r.fixture_id = f.id
    JOIN players p ON p.id = s.player_id
    CROSS JOIN LATERAL (VALUES ${psCountValuesSql('s', 'p')}) AS v(feature_id, n)
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
