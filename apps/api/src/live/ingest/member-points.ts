import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { FeatureWinners } from '../../cricket/scoring/match-prediction';
import type { DB } from '../../db/schema';
import { mpPickPointsSql, pickEntitySql, psFeaturePoints } from '../../standings/points';
import { LIVE_MP_FEATURES, provisionalPoints } from '../lines';
import { countersOf, type LineRow, positionOfLine } from './line-rows';

/**
 * Members' provisional points of a live fixture, in SQL: Player Selection per (league, player) in
 * `live_league_player_points` (a member's total is the sum over their picks, read with the
 * standings), Match Prediction per member in `live_member_points`. A ball moves the Player Selection
 * rows by difference (the ball's statement); here the Match Prediction members move when the leaders
 * do, and everything is rebuilt from the lines when the fixture's picks changed. Also: the leagues
 * with provisional points in a fixture, and the count of its picks that tells a change.
 */

/** Signed Player Selection points per league (`psFeaturePoints`, read in the caller's transaction). */
export async function signedPointsByLeague(
  trx: Kysely<DB>,
  leagueIds: readonly number[],
): Promise<Map<number, Map<number, number>>> {
  const byLeague = new Map<number, Map<number, number>>();
  for (const id of leagueIds) byLeague.set(id, await psFeaturePoints(trx, id));
  return byLeague;
}

/** `featureId:entityId` of every winner. */
function winnerPairs(winners: readonly FeatureWinners[]): Set<string> {
  return new Set(winners.flatMap((w) => w.ids.map((id) => `${w.featureId}:${id}`)));
}

/** `(feature_id, entity_id)` rows of the winners, as a VALUES list (one impossible row when none). */
function winnersValues(winners: readonly FeatureWinners[]) {
  const pairs = winners.flatMap((w) => w.ids.map((id) => sql`(${w.featureId}::int, ${id}::int)`));
  return pairs.length ? sql.join(pairs) : sql`(0, 0)`;
}

/**
 * Match Prediction points of members' picks against the provisional winners: the SELECT part, of
 * every member of the fixture or of those `onlyMembers` keeps.
 */
function mpMemberPointsSql(
  fixtureId: number,
  winners: readonly FeatureWinners[],
  onlyMembers: RawBuilder<unknown> | null,
) {
  const features = sql.join(LIVE_MP_FEATURES.map((f) => sql.lit(f)));
  return sql`
    SELECT s.league_id, ${fixtureId}::int AS fixture_id, s.user_id,
           sum(${mpPickPointsSql(sql`w.feature_id IS NOT NULL`, sql`lc.is_active`, sql`lc.points`)})::int AS points
    FROM league_selections s
    JOIN league_configurations lc ON lc.id = s.league_configuration_id
    LEFT JOIN (VALUES ${winnersValues(winners)}) w(feature_id, entity_id)
      ON w.feature_id = lc.feature_id AND w.entity_id = ${pickEntitySql('s')}
    WHERE s.fixture_id = ${fixtureId} AND lc.feature_id IN (${features}) ${onlyMembers ?? sql``}
    GROUP BY s.league_id, s.user_id`;
}

/**
 * Match Prediction: when the leaders change, the members whose picks named an old or a new leader get
 * their points again. Returns the leagues touched.
 */
export async function moveMatchPredictionMembers(
  trx: Kysely<DB>,
  fixtureId: number,
  before: readonly FeatureWinners[],
  after: readonly FeatureWinners[],
): Promise<number[]> {
  const pairsBefore = winnerPairs(before);
  const pairsAfter = winnerPairs(after);
  const changed = [...new Set([...pairsBefore, ...pairsAfter])].filter(
    (pair) => pairsBefore.has(pair) !== pairsAfter.has(pair),
  );
  if (changed.length === 0) return [];
  const changedValues = sql.join(
    changed.map((pair) => {
      const [featureId, entityId] = pair.split(':').map(Number);
      return sql`(${featureId}::int, ${entityId}::int)`;
    }),
  );
  const onlyMembers = sql`AND (s.league_id, s.user_id) IN (
      SELECT s2.league_id, s2.user_id FROM league_selections s2
      JOIN league_configurations lc2 ON lc2.id = s2.league_configuration_id
      WHERE s2.fixture_id = ${fixtureId}
        AND (lc2.feature_id, ${pickEntitySql('s2')}) IN (VALUES ${changedValues}))`;
  const { rows } = await sql<{ league_id: number }>`
    INSERT INTO live_member_points AS m (league_id, fixture_id, user_id, points)
    ${mpMemberPointsSql(fixtureId, after, onlyMembers)}
    ON CONFLICT (league_id, fixture_id, user_id) DO UPDATE SET points = excluded.points
    RETURNING m.league_id`.execute(trx);
  return [...new Set(rows.map((r) => r.league_id))];
}

/**
 * Every member's provisional points of the fixture from the lines, from scratch: when the fixture's
 * picks changed (lock-time auto-picks come after the first ball). Also stores the fixture's Player
 * Selection leagues (`ps_leagues`). Returns the leagues touched.
 */
export async function rebuildMemberPoints(
  trx: Kysely<DB>,
  fixtureId: number,
  lines: readonly LineRow[],
  winners: readonly FeatureWinners[],
): Promise<number[]> {
  const before = await leaguesWithLivePoints(trx, fixtureId);
  await trx.deleteFrom('live_member_points').where('fixture_id', '=', fixtureId).execute();
  await trx.deleteFrom('live_league_player_points').where('fixture_id', '=', fixtureId).execute();
  const leagues = new Set(before);
  const psLeagues = await trx
    .selectFrom('player_selections')
    .select('league_id')
    .distinct()
    .where('fixture_id', '=', fixtureId)
    .execute();
  const linesWithPlayer = lines.filter((line) => line.player_id !== null);
  if (psLeagues.length && linesWithPlayer.length) {
    const pointsByLeague = await signedPointsByLeague(
      trx,
      psLeagues.map((r) => r.league_id),
    );
    const values: RawBuilder<unknown>[] = [];
    for (const [leagueId, signedPoints] of pointsByLeague) {
      for (const line of linesWithPlayer) {
        const points = provisionalPoints(countersOf(line), line.did_play, positionOfLine(line), signedPoints);
        if (points !== 0) values.push(sql`(${leagueId}::int, ${line.player_id}::int, ${points}::int)`);
      }
    }
    if (values.length) {
      await sql`
        INSERT INTO live_league_player_points (league_id, fixture_id, player_id, points)
        SELECT d.league_id, ${fixtureId}::int, d.player_id, d.points
        FROM (VALUES ${sql.join(values)}) d(league_id, player_id, points)`.execute(trx);
    }
  }
  await trx
    .updateTable('live_fixtures')
    .set({ ps_leagues: JSON.stringify(psLeagues.map((r) => r.league_id).sort((a, b) => a - b)) })
    .where('fixture_id', '=', fixtureId)
    .execute();
  for (const r of psLeagues) leagues.add(r.league_id);
  const { rows } = await sql<{ league_id: number }>`
    INSERT INTO live_member_points (league_id, fixture_id, user_id, points)
    ${mpMemberPointsSql(fixtureId, winners, null)}
    RETURNING league_id`.execute(trx);
  for (const r of rows) leagues.add(r.league_id);
  return [...leagues];
}

/** The leagues with provisional member points in the fixture (Match Prediction rows or Player Selection picks). */
export async function leaguesWithLivePoints(trx: Kysely<DB>, fixtureId: number): Promise<number[]> {
  const { rows } = await sql<{ league_id: number }>`
    SELECT league_id FROM live_member_points WHERE fixture_id = ${fixtureId}
    UNION SELECT league_id FROM live_league_player_points WHERE fixture_id = ${fixtureId}
    UNION SELECT league_id FROM player_selections WHERE fixture_id = ${fixtureId}
      AND EXISTS (SELECT 1 FROM live_fixtures WHERE fixture_id = ${fixtureId} AND picks_seen >= 0)
    ORDER BY league_id`.execute(trx);
  return rows.map((r) => r.league_id);
}

/** The fixture's picks of both kinds, counted (a different count than `picks_seen`: the picks changed). */
export async function countFixturePicks(trx: Kysely<DB>, fixtureId: number): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`
    SELECT (SELECT count(*) FROM player_selections WHERE fixture_id = ${fixtureId})
         + (SELECT count(*) FROM league_selections WHERE fixture_id = ${fixtureId}) AS n`.execute(trx);
  return Number(rows[0]?.n ?? 0);
}
