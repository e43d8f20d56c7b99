import type { components } from '@fantasy-cricket/api-client';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../db/schema';
import { HttpError } from '../http/errors';
import { type LeagueRecord, loadLeague } from '../leagues/access';
import { leagueFixtureCondition } from '../leagues/fixtures';
import {
  isOwnFixture,
  multipliedPointsSql,
  pickMultiplierPctSql,
  rankByPoints,
  teamExtrasJoin,
} from '../standings/points';
import { standingsData } from '../standings/standings';
import type { NewEvent } from './events';

export type LiveStandingRow = components['schemas']['LiveStandingRow'];
export type LiveStandingsSnapshot = components['schemas']['LiveStandings'];

/** pg_advisory_xact_lock(key, league id) of a league's announced standings ("FCLS"). */
export const LIVE_STANDINGS_LOCK = 0x46434c53;

const collator = new Intl.Collator('en', { sensitivity: 'base' });

/** The order of a standings table: position, then name (case and accents aside), then user id. */
export function compareStandingRows(a: LiveStandingRow, b: LiveStandingRow): number {
  return a.Position - b.Position || collator.compare(a.UserDisplayName, b.UserDisplayName) || a.UserID - b.UserID;
}

/**
 * Members' provisional points `(league_id, fixture_id, user_id, points)` of the rows matching `where`
 * (a condition on league_id and/or fixture_id): Match Prediction from `live_member_points`, Player
 * Selection summed over each member's picks from `live_league_player_points`, each after its captain's
 * or vice-captain's multiplier as final points are (a member with picks whose players have no points
 * yet counts 0). One set-based read, done when standings are computed.
 */
export function liveMemberPointsSql(where: RawBuilder<unknown>) {
  return sql`
    SELECT league_id, fixture_id, user_id, sum(points)::int AS points FROM (
      SELECT league_id, fixture_id, user_id, points FROM live_member_points WHERE ${where}
      UNION ALL
      SELECT ps.league_id, ps.fixture_id, ps.user_id,
             ${multipliedPointsSql(sql`coalesce(lp.points, 0)`, pickMultiplierPctSql('ps'))} AS points
      FROM (SELECT * FROM player_selections WHERE ${where}
        AND fixture_id IN (SELECT fixture_id FROM live_fixtures WHERE state = 'live')) ps
      ${teamExtrasJoin('ps')}
      LEFT JOIN live_league_player_points lp
        ON lp.league_id = ps.league_id AND lp.fixture_id = ps.fixture_id AND lp.player_id = ps.player_id
    ) x GROUP BY league_id, fixture_id, user_id`;
}

/**
 * A league's provisional standings: each Approved member's total over the scored fixtures (the
 * ordinary standings, `standingsData`) plus their provisional points in the league's live fixtures;
 * PositionChange compares with the ranking without the live fixtures, for a member who had a standing
 * there (one of their own fixtures, `isOwnFixture`, is scored); else 0 — a member who joined during a
 * live match is not shown falling for the points of a match they could not play.
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
        PositionChange: data.fixtures.some((f) => isOwnFixture(m, f, data.points.get(m.userId)))
          ? (before.get(m.userId) ?? position) - position
          : 0,
        TotalPoints: (base.get(m.userId) ?? 0) + (livePoints.get(m.userId) ?? 0),
        LivePoints: livePoints.get(m.userId) ?? 0,
      };
    });
  return { FixtureIDs: [...liveIds], Rows: rows };
}

const sameRow = (a: LiveStandingRow, b: LiveStandingRow) =>
  a.UserDisplayName === b.UserDisplayName &&
  a.Position === b.Position &&
  a.PositionChange === b.PositionChange &&
  a.TotalPoints === b.TotalPoints &&
  a.LivePoints === b.LivePoints;

const parseIds = (v: unknown): number[] =>
  ((typeof v === 'string' ? JSON.parse(v) : (v ?? [])) as number[]).map(Number);

/**
 * The standings events of these leagues (docs/decisions/0018-live-standings-deltas.md), in the
 * caller's transaction: for each league (in id order, under its advisory lock, so two fixtures'
 * writers in two processes take turns), the provisional table now against the one last announced
 * (`live_standings`, `live_standing_rows`): the rows added or changed and the members gone, as one
 * event on the stored version, which becomes version + 1. A table with no live fixture is empty (the
 * ordinary standings are the figures then). Nothing changed: no event, the version stays.
 */
export async function standingsDeltas(trx: Kysely<DB>, leagueIds: Iterable<number>, now: Date): Promise<NewEvent[]> {
  const events: NewEvent[] = [];
  for (const leagueId of [...new Set(leagueIds)].sort((a, b) => a - b)) {
    await sql`SELECT pg_advisory_xact_lock(${LIVE_STANDINGS_LOCK}, ${leagueId})`.execute(trx);
    const s = await liveStandings(trx, leagueId, now);
    if (!s) continue;
    const head = await trx
      .selectFrom('live_standings')
      .select(['version', 'fixture_ids'])
      .where('league_id', '=', leagueId)
      .executeTakeFirst();
    const stored = await trx
      .selectFrom('live_standing_rows')
      .select(['user_id', 'display_name', 'position', 'position_change', 'total_points', 'live_points'])
      .where('league_id', '=', leagueId)
      .execute();
    const before = new Map<number, LiveStandingRow>(
      stored.map((r) => [
        r.user_id,
        {
          UserID: r.user_id,
          UserDisplayName: r.display_name,
          Position: r.position,
          PositionChange: r.position_change,
          TotalPoints: r.total_points,
          LivePoints: r.live_points,
        },
      ]),
    );
    const fixtureIds = [...s.FixtureIDs].sort((a, b) => a - b);
    const rows = fixtureIds.length ? s.Rows : [];
    const changed = rows.filter((r) => {
      const b = before.get(r.UserID);
      return !b || !sameRow(b, r);
    });
    const present = new Set(rows.map((r) => r.UserID));
    const removed = [...before.keys()].filter((id) => !present.has(id)).sort((a, b) => a - b);
    const fixturesMoved =
      JSON.stringify(parseIds(head?.fixture_ids).sort((a, b) => a - b)) !== JSON.stringify(fixtureIds);
    if (changed.length === 0 && removed.length === 0 && !fixturesMoved) continue;
    const base = head?.version ?? 0;
    await trx
      .insertInto('live_standings')
      .values({ league_id: leagueId, version: base + 1, fixture_ids: JSON.stringify(fixtureIds), updated_at: now })
      .onConflict((oc) =>
        oc
          .column('league_id')
          .doUpdateSet({ version: base + 1, fixture_ids: JSON.stringify(fixtureIds), updated_at: now }),
      )
      .execute();
    if (removed.length) {
      await trx
        .deleteFrom('live_standing_rows')
        .where('league_id', '=', leagueId)
        .where('user_id', 'in', removed)
        .execute();
    }
    if (changed.length) {
      // One statement however many rows (JSON in, no parameter limit).
      await sql`
        INSERT INTO live_standing_rows (league_id, user_id, display_name, position, position_change, total_points, live_points)
        SELECT ${leagueId}, x."UserID", x."UserDisplayName", x."Position", x."PositionChange", x."TotalPoints", x."LivePoints"
        FROM jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) AS x("UserID" int, "UserDisplayName" text,
          "Position" int, "PositionChange" int, "TotalPoints" int, "LivePoints" int)
        ON CONFLICT (league_id, user_id) DO UPDATE SET display_name = excluded.display_name,
          position = excluded.position, position_change = excluded.position_change,
          total_points = excluded.total_points, live_points = excluded.live_points`.execute(trx);
    }
    events.push({
      fixtureId: null,
      leagueId,
      type: 'standings',
      data: {
        LeagueID: leagueId,
        Version: base + 1,
        BaseVersion: base,
        FixtureIDs: fixtureIds,
        Rows: changed,
        Removed: removed,
        Provisional: fixtureIds.length > 0,
      },
    });
  }
  return events;
}

/**
 * The leagues with picks in a live fixture whose announced table does not count it yet: flushLive
 * announces them at once (so a Leaderboard shows the provisional marker from the first flush, even
 * where no member's points have moved).
 */
export async function leaguesNotYetLive(trx: Kysely<DB>, fixtureId: number): Promise<number[]> {
  const { rows } = await sql<{ league_id: number }>`
    SELECT x.league_id FROM (
      SELECT DISTINCT league_id FROM player_selections WHERE fixture_id = ${fixtureId}
      UNION SELECT DISTINCT league_id FROM league_selections WHERE fixture_id = ${fixtureId}) x
    WHERE NOT EXISTS (SELECT 1 FROM live_standings s
      WHERE s.league_id = x.league_id AND s.fixture_ids @> jsonb_build_array(${fixtureId}::int))
    ORDER BY x.league_id`.execute(trx);
  return rows.map((r) => r.league_id);
}

/** The leagues whose announced table counts the fixture (at completion they are all announced again). */
export async function leaguesCounting(trx: Kysely<DB>, fixtureId: number): Promise<number[]> {
  const { rows } = await sql<{ league_id: number }>`
    SELECT league_id FROM live_standings WHERE fixture_ids @> jsonb_build_array(${fixtureId}::int)
    ORDER BY league_id`.execute(trx);
  return rows.map((r) => r.league_id);
}

/**
 * `GET /live/standings/{leagueId}`: the table of the league's last standings event, at its version —
 * read in one statement, so the rows are exactly those of that version, and a client applies the next
 * event (BaseVersion = Version) on it. No live fixture counted (no event yet, or the last one was the
 * result's): `Live: false` and no rows — the table of that version is empty.
 */
export async function liveStandingsSnapshot(db: Kysely<DB>, leagueId: number): Promise<LiveStandingsSnapshot> {
  const { rows } = await sql<{
    version: number;
    fixture_ids: unknown;
    user_id: number | null;
    display_name: string | null;
    position: number | null;
    position_change: number | null;
    total_points: number | null;
    live_points: number | null;
  }>`
    SELECT s.version, s.fixture_ids, r.user_id, r.display_name, r.position, r.position_change, r.total_points, r.live_points
    FROM live_standings s LEFT JOIN live_standing_rows r ON r.league_id = s.league_id
    WHERE s.league_id = ${leagueId}`.execute(db);
  const head = rows[0];
  if (!head) return { LeagueID: leagueId, Version: 0, Live: false, Provisional: false, FixtureIDs: [], Rows: [] };
  const fixtureIds = parseIds(head.fixture_ids);
  // The table as the last event left it: empty when it counted no live fixture (nothing provisional).
  const live = fixtureIds.length > 0;
  const out: LiveStandingRow[] = [];
  if (live) {
    for (const r of rows) {
      if (r.user_id === null) continue;
      out.push({
        UserID: r.user_id,
        UserDisplayName: r.display_name ?? '',
        Position: Number(r.position),
        PositionChange: Number(r.position_change),
        TotalPoints: Number(r.total_points),
        LivePoints: Number(r.live_points),
      });
    }
    out.sort(compareStandingRows);
  }
  return {
    LeagueID: leagueId,
    Version: Number(head.version),
    Live: live,
    Provisional: live,
    FixtureIDs: live ? fixtureIds : [],
    Rows: out,
  };
}

/**
 * Forgets a member whose account is being deleted (docs/decisions/0004-account-deletion.md), in the
 * deletion's transaction. Their row leaves every announced table (`live_standing_rows`), and every
 * stored standings event (`live_events`, kept for days and replayed from `after=0`) loses the row and
 * the removal that name them: no event or table says they were there, by name or by id. A table they
 * left moves to the next version without an event, so a screen holding it reads it again at the next
 * event (decision 0018: a client holding another version than an event's base reads the snapshot).
 * Under the standings lock of each of their leagues, taken in id order as the event writers take
 * them: a standings event being written at the same moment is committed first and cleaned here, and
 * the next one is computed without them.
 */
export async function forgetLiveMember(trx: Kysely<DB>, userId: number): Promise<void> {
  const { rows: leagues } = await sql<{ league_id: number }>`
    SELECT league_id FROM league_members WHERE user_id = ${userId}
    UNION SELECT league_id FROM live_standing_rows WHERE user_id = ${userId}
    ORDER BY league_id`.execute(trx);
  for (const { league_id } of leagues) {
    await sql`SELECT pg_advisory_xact_lock(${LIVE_STANDINGS_LOCK}, ${league_id})`.execute(trx);
  }
  const left = await trx
    .deleteFrom('live_standing_rows')
    .where('user_id', '=', userId)
    .returning('league_id')
    .execute();
  if (left.length) {
    await trx
      .updateTable('live_standings')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where(
        'league_id',
        'in',
        left.map((r) => r.league_id),
      )
      .execute();
  }
  await sql`
    UPDATE live_events SET data = jsonb_set(jsonb_set(data,
      '{Rows}', coalesce((SELECT jsonb_agg(r ORDER BY i) FROM jsonb_array_elements(data->'Rows') WITH ORDINALITY AS x(r, i)
        WHERE (r->>'UserID')::int <> ${userId}), '[]'::jsonb)),
      '{Removed}', coalesce((SELECT jsonb_agg(v ORDER BY i) FROM jsonb_array_elements(data->'Removed') WITH ORDINALITY AS y(v, i)
        WHERE (v #>> '{}')::int <> ${userId}), '[]'::jsonb))
    WHERE type = 'standings'
      AND (data->'Rows' @> ${JSON.stringify([{ UserID: userId }])}::jsonb
        OR data->'Removed' @> ${JSON.stringify([userId])}::jsonb)`.execute(trx);
}
