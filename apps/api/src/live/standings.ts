import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../db/schema';
import { HttpError } from '../http/errors';
import { type LeagueRecord, loadLeague } from '../leagues/access';
import { leagueFixtureCondition } from '../leagues/fixtures';
import { rankByPoints } from '../standings/points';
import { standingsData } from '../standings/standings';

/**
 * Members' provisional points `(league_id, fixture_id, user_id, points)` of the rows matching `where`
 * (a condition on league_id and/or fixture_id): Match Prediction from `live_member_points`, Player
 * Selection summed over each member's picks from `live_league_player_points` (a member with picks
 * whose players have no points yet counts 0). One set-based read, done when standings are computed.
 */
export function liveMemberPointsSql(where: RawBuilder<unknown>) {
  return sql`
    SELECT league_id, fixture_id, user_id, sum(points)::int AS points FROM (
      SELECT league_id, fixture_id, user_id, points FROM live_member_points WHERE ${where}
      UNION ALL
      SELECT ps.league_id, ps.fixture_id, ps.user_id, coalesce(lp.points, 0) AS points
      FROM (SELECT * FROM player_selections WHERE ${where}
        AND fixture_id IN (SELECT fixture_id FROM live_fixtures WHERE state = 'live')) ps
      LEFT JOIN live_league_player_points lp
        ON lp.league_id = ps.league_id AND lp.fixture_id = ps.fixture_id AND lp.player_id = ps.player_id
    ) x GROUP BY league_id, fixture_id, user_id`;
}

/**
 * A league's provisional standings: each Approved member's total over the scored fixtures (the
 * ordinary standings, `standingsData`) plus their provisional points in the league's live fixtures;
 * PositionChange compares with the ranking without the live fixtures.
 */
export async function liveStandings(db: Kysely<DB>, leagueId: number, now: Date, known?: LeagueRecord) {
  let league = known;
  if (!league) {
    try {
      league = await loadLeague(db, leagueId);
    } catch (e) {
      if (e instanceof HttpError) return null;
      throw e;
    }
  }
  const data = await standingsData(db, league, now);
  const { rows: live } = await sql<{ fixture_id: number; user_id: number; points: number }>`
    SELECT m.fixture_id, m.user_id, m.points FROM (${liveMemberPointsSql(sql`league_id = ${leagueId}`)}) m
    JOIN live_fixtures lf ON lf.fixture_id = m.fixture_id AND lf.state = 'live'`.execute(db);
  // Live fixtures only while the fixture itself is live: a result imported by other means (a file,
  // the demo season) counts through the standings, never twice.
  const { rows: fixtures } = await sql<{ id: number }>`
    SELECT f.id FROM leagues l JOIN fixtures f ON ${leagueFixtureCondition('l', 'f')}
    JOIN live_fixtures lf ON lf.fixture_id = f.id AND lf.state = 'live'
    WHERE l.id = ${leagueId} AND f.status = 'live' ORDER BY f.start_time, f.id`.execute(db);
  const liveIds = new Set(fixtures.map((f) => f.id));
  const livePoints = new Map<number, number>();
  for (const r of live) {
    if (liveIds.has(r.fixture_id)) livePoints.set(r.user_id, (livePoints.get(r.user_id) ?? 0) + Number(r.points));
  }
  const base = new Map<number, number>();
  for (const m of data.members) {
    const byFixture = data.points.get(m.userId);
    let total = 0;
    if (byFixture) for (const f of data.fixtures) total += byFixture.get(f.id) ?? 0;
    base.set(m.userId, total);
  }
  const before = rankByPoints(data.members.map((m) => ({ key: m.userId, points: base.get(m.userId) ?? 0 })));
  const totals = data.members.map((m) => ({
    key: m.userId,
    points: (base.get(m.userId) ?? 0) + (livePoints.get(m.userId) ?? 0),
  }));
  const after = rankByPoints(totals);
  const collator = new Intl.Collator('en', { sensitivity: 'base' });
  const rows = [...data.members]
    .sort(
      (a, b) =>
        (after.get(a.userId) ?? 0) - (after.get(b.userId) ?? 0) ||
        collator.compare(a.displayName, b.displayName) ||
        a.userId - b.userId,
    )
    .map((m) => {
      const position = after.get(m.userId) ?? 1;
      return {
        UserID: m.userId,
        UserDisplayName: m.displayName,
        Position: position,
        PositionChange: (before.get(m.userId) ?? position) - position,
        TotalPoints: (base.get(m.userId) ?? 0) + (livePoints.get(m.userId) ?? 0),
        LivePoints: livePoints.get(m.userId) ?? 0,
      };
    });
  return { FixtureIDs: [...liveIds], Rows: rows };
}
