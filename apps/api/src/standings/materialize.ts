import { type Kysely, sql } from 'kysely';
import { parseIntArray } from '../db/parse';
import { idInSql } from '../db/id-list';
import { withTransaction } from '../db/transaction';
import type { DB, LeagueTypeCode } from '../db/schema';
import { leagueFixtureCondition } from '../leagues/fixtures';
import { memberFixturePointsSql, psFeaturePoints, scoredSql } from './points';

/**
 * `standings_points`: each member's points per (league, scored fixture), the only input of the
 * leaderboards, the progression and the contests (the score-details views read the pick rows
 * themselves). A (league, fixture) pair is computed once, with the formulas of ./points.ts, and again
 * only when the fixture's version (`standings_fixture_versions`, bumped by the re-score hook and when
 * a fixture's time or status changes) moves past the one it was computed for, or when a trigger drops
 * the pair (late auto-picks, the league's configuration or covered fixtures changed; migration 0006).
 *
 * So after a result lands, a league's first standings read computes that one fixture (its picks only),
 * not the season; `refreshStandingsPoints` does the same ahead of the readers for every league.
 *
 * Concurrency: the computation of a league runs under a transaction-scoped advisory lock on the
 * league, so two processes never write the same pairs at once; the second finds them done. The
 * version recorded is read before the points are computed, so a result committed meanwhile leaves the
 * pair behind (recomputed on the next read), never wrongly marked current.
 */

/** pg_advisory_xact_lock(key, league id) of the standings computation ("FCLS"). */
const LOCK_KEY = 0x46434c53;

interface LeagueRef {
  id: number;
  league_type: LeagueTypeCode;
}

/** Fixtures (among `fixtureIds`) whose points for the league are missing or behind: fixture id → current version. */
async function stalePairs(db: Kysely<DB>, leagueId: number, fixtureIds: readonly number[]) {
  const { rows } = await sql<{ id: number; version: string }>`
    SELECT f.id, coalesce(v.version, 0)::text AS version
    FROM fixtures f
    LEFT JOIN standings_fixture_versions v ON v.fixture_id = f.id
    LEFT JOIN standings_points_computed c ON c.league_id = ${leagueId} AND c.fixture_id = f.id
    WHERE ${idInSql('f.id', fixtureIds)} AND (c.version IS NULL OR c.version <> coalesce(v.version, 0))`.execute(db);
  return new Map(rows.map((r) => [r.id, r.version]));
}

/**
 * Brings the league's `standings_points` up to date for the fixtures listed, which must be scored at
 * `now` (a pair is recorded as computed for the fixture's version, whatever it held). Cheap when nothing is behind: one indexed query. Returns the number of fixtures computed.
 */
export async function ensureStandingsPoints(
  db: Kysely<DB>,
  league: LeagueRef,
  fixtureIds: readonly number[],
  now: Date,
  options: { knownStale?: boolean } = {},
): Promise<number> {
  if (fixtureIds.length === 0) return 0;
  if (!options.knownStale && (await stalePairs(db, league.id, fixtureIds)).size === 0) return 0;
  return withTransaction(db, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${LOCK_KEY}, ${league.id})`.execute(trx);
    const versions = await stalePairs(trx, league.id, fixtureIds); // another process may have done it
    if (versions.size === 0) return 0;
    const ids = [...versions.keys()];
    const psPoints = league.league_type === 'PS' ? await psFeaturePoints(trx, league.id) : undefined;
    // One statement: rows whose points did not change are left alone (a corrected result usually
    // moves few of them), members who no longer have a pick in the fixture lose their row, and the
    // pairs are recorded as computed for the versions read above.
    await sql`
      WITH fresh AS (
        SELECT r.fixture_id, r.user_id, r.points
        FROM (${memberFixturePointsSql(league.league_type, league.id, now, ids, psPoints)}) r
      ), written AS (
        INSERT INTO standings_points AS p (league_id, fixture_id, user_id, points)
        SELECT ${league.id}::int, fixture_id, user_id, points FROM fresh
        ON CONFLICT (league_id, fixture_id, user_id) DO UPDATE SET points = excluded.points
        WHERE p.points <> excluded.points
      ), marked AS (
        INSERT INTO standings_points_computed (league_id, fixture_id, version)
        VALUES ${sql.join(ids.map((id) => sql`(${league.id}::int, ${id}::int, ${versions.get(id)}::bigint)`))}
        ON CONFLICT (league_id, fixture_id) DO UPDATE SET version = excluded.version
      )
      DELETE FROM standings_points p
      WHERE p.league_id = ${league.id} AND ${idInSql('p.fixture_id', ids)}
        AND (p.fixture_id, p.user_id) NOT IN (SELECT fixture_id, user_id FROM fresh)`.execute(trx);
    return ids.length;
  });
}

/**
 * Computes, ahead of the readers, the points of every league covering the fixtures whose points are
 * behind (e.g. right after a result lands), one league per transaction. Returns the number of (league, fixture) pairs computed.
 */
export async function refreshStandingsPoints(
  db: Kysely<DB>,
  fixtureIds: readonly number[],
  now = new Date(),
): Promise<number> {
  if (fixtureIds.length === 0) return 0;
  const { rows: leagues } = await sql<LeagueRef & { fixture_ids: number[] | string }>`
    SELECT l.id, l.league_type, array_agg(f.id ORDER BY f.id) AS fixture_ids
    FROM fixtures f
    LEFT JOIN fixture_results r ON r.fixture_id = f.id
    JOIN leagues l ON ${leagueFixtureCondition('l', 'f')}
    LEFT JOIN standings_fixture_versions v ON v.fixture_id = f.id
    LEFT JOIN standings_points_computed c ON c.league_id = l.id AND c.fixture_id = f.id
    WHERE ${idInSql('f.id', fixtureIds)} AND ${scoredSql('f', 'r', now)}
      AND (c.version IS NULL OR c.version <> coalesce(v.version, 0))
    GROUP BY l.id, l.league_type
    ORDER BY l.id`.execute(db);
  let pairs = 0;
  for (const l of leagues) {
    const ids = parseIntArray(l.fixture_ids);
    pairs += await ensureStandingsPoints(db, l, ids, now, { knownStale: true });
  }
  return pairs;
}

/**
 * Points per Approved member and scored fixture: user id → fixture id → points, for every member with
 * a pick in the fixture (0 included), read from `standings_points` (brought up to date first).
 */
export async function memberFixturePoints(
  db: Kysely<DB>,
  league: { id: number; league_type: LeagueTypeCode },
  fixtureIds: readonly number[],
  approved: ReadonlySet<number>,
  now: Date,
): Promise<Map<number, Map<number, number>>> {
  await ensureStandingsPoints(db, league, fixtureIds, now);
  const { rows } = await sql<{ user_id: number; fixture_id: number; points: number }>`
    SELECT p.user_id, p.fixture_id, p.points FROM standings_points p
    WHERE p.league_id = ${league.id} AND ${idInSql('p.fixture_id', fixtureIds)}`.execute(db);
  const out = new Map<number, Map<number, number>>();
  for (const r of rows) {
    if (!approved.has(r.user_id)) continue;
    let byFixture = out.get(r.user_id);
    if (!byFixture) {
      byFixture = new Map();
      out.set(r.user_id, byFixture);
    }
    byFixture.set(r.fixture_id, Number(r.points));
  }
  return out;
}

/**
 * Per Approved member with points: total points over the fixtures listed, the points of `last` (the
 * leaderboard's two numbers) and whether they have points for a fixture other than `last`, summed in
 * the database from `standings_points` (brought up to date first).
 */
export async function memberTotals(
  db: Kysely<DB>,
  league: { id: number; league_type: LeagueTypeCode },
  fixtureIds: readonly number[],
  last: number | undefined,
  approved: ReadonlySet<number>,
  now: Date,
): Promise<Map<number, { total: number; gained: number; playedBefore: boolean }>> {
  await ensureStandingsPoints(db, league, fixtureIds, now);
  const { rows } = await sql<{
    user_id: number;
    total: number | string;
    gained: number | string | null;
    others: number | string;
  }>`
    SELECT p.user_id, sum(p.points) AS total, sum(p.points) FILTER (WHERE p.fixture_id = ${last ?? 0}) AS gained,
           count(*) FILTER (WHERE p.fixture_id <> ${last ?? 0}) AS others
    FROM standings_points p
    WHERE p.league_id = ${league.id} AND ${idInSql('p.fixture_id', fixtureIds)}
    GROUP BY p.user_id`.execute(db);
  const out = new Map<number, { total: number; gained: number; playedBefore: boolean }>();
  for (const r of rows) {
    if (approved.has(r.user_id))
      out.set(r.user_id, { total: Number(r.total), gained: Number(r.gained ?? 0), playedBefore: Number(r.others) > 0 });
  }
  return out;
}
