import { type Kysely, sql } from 'kysely';
import { loadConfig } from '../../apps/api/src/config';
import { importCricsheetPath } from '../../apps/api/src/cricket/import/folder';
import type { DB, LeagueTypeCode } from '../../apps/api/src/db/schema';
import { createSession, xsrfTokenFor } from '../../apps/api/src/http/session';
import { insertDefaultConfiguration } from '../../apps/api/src/leagues/config';
import { insertLeagueRow } from '../../apps/api/src/leagues/leagues';
import { IPL_DIR } from './env';

/**
 * Data for the benchmarks, written straight into the tables with set-based SQL (generate_series,
 * INSERT … SELECT): the product's own import for the cricket data, its own helpers for leagues and
 * sessions. Picks are deterministic functions of (user, fixture, slot), so every run has the same data.
 */

export interface Season {
  seasonId: number;
  /** Scored fixtures (completed, normal or tie result), in start order. */
  scored: number[];
}

/** Imports the 71 IPL 2024 files through the product's importer. */
export async function importIpl(db: Kysely<DB>): Promise<Season> {
  const report = await importCricsheetPath(db, IPL_DIR);
  if (report.counts.failed > 0) throw new Error(`IPL import: ${report.counts.failed} files failed`);
  const { rows } = await sql<{ id: number; season_id: number }>`
    SELECT f.id, f.season_id FROM fixtures f JOIN fixture_results r ON r.fixture_id = f.id
    WHERE f.status = 'completed' AND r.result_type IN ('normal', 'tie')
    ORDER BY f.start_time, f.id`.execute(db);
  const seasonId = rows[0]?.season_id;
  if (seasonId === undefined) throw new Error('IPL import: no scored fixture');
  return { seasonId, scored: rows.map((r) => r.id) };
}

/** `n` verified users (they cannot sign in with a password: sessions are created directly). */
export async function createUsers(db: Kysely<DB>, n: number, tag: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO users (first_name, last_name, email, password_hash, email_verified_at, created_at)
    SELECT 'Bench', ${tag} || ' ' || g, ${tag} || '-' || g || '@bench.invalid', '!', now(), now()
    FROM generate_series(1, ${n}::int) g
    ORDER BY g
    RETURNING id`.execute(db);
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export interface LeagueSpec {
  type: LeagueTypeCode;
  name: string;
  isPrivate: boolean;
  seasonId: number;
  adminId: number;
  /** Approved members besides the admin (who is one too). */
  memberIds: readonly number[];
  showOthersPicks?: boolean;
}

/** An Active league with the catalogue's default configuration and its Approved members. */
export async function createLeague(db: Kysely<DB>, spec: LeagueSpec): Promise<{ id: number; code: string }> {
  return db.transaction().execute(async (trx) => {
    const league = await insertLeagueRow(trx, {
      name: spec.name,
      description: 'Benchmark league',
      league_type: spec.type,
      is_private: spec.isPrivate,
      show_others_picks: spec.showOthersPicks ?? true,
      status: 'Active',
      season_id: spec.seasonId,
      stage_id: null,
      match_day: null,
      admin_user_id: spec.adminId,
      activated_at: new Date(),
    });
    if (!league) throw new Error('league not created');
    await insertDefaultConfiguration(trx, league.id, spec.type);
    const ids = [...new Set([spec.adminId, ...spec.memberIds])];
    for (let i = 0; i < ids.length; i += 5000) {
      const chunk = ids.slice(i, i + 5000);
      await sql`
        INSERT INTO league_members (league_id, user_id, display_name, status, decided_at)
        SELECT ${league.id}::int, u, 'Player ' || u, 'Approved', now()
        FROM unnest(${sql.raw(`ARRAY[${chunk.join(',')}]::int[]`)}) u`.execute(trx);
    }
    return league;
  });
}

const idList = (ids: readonly number[]) => sql.raw(ids.map((n) => String(Math.trunc(n))).join(','));

/**
 * Runs `fn` in one transaction with foreign-key and other triggers off (`session_replication_role =
 * replica`): bulk pick rows go in several times faster. Only for data the harness generates itself.
 */
export async function bulk<T>(db: Kysely<DB>, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    return fn(trx);
  });
}

/**
 * Match Prediction: Approved members pick every active feature of the fixtures listed — each member
 * plays a given fixture with probability `percent` (a fixed function of member and fixture).
 */
export async function mpPicks(
  db: Kysely<DB>,
  leagueId: number,
  fixtureIds: readonly number[],
  percent = 100,
): Promise<number> {
  if (fixtureIds.length === 0) return 0;
  const r = await sql`
    INSERT INTO league_selections
      (league_id, user_id, fixture_id, league_configuration_id, team_id, player_id, bonus_option_id, is_auto_pick)
    SELECT m.league_id, m.user_id, f.id, lc.id,
      CASE WHEN ft.feature_type = 'team' THEN
        CASE WHEN (m.user_id + f.id) % 2 = 0 THEN f.local_team_id ELSE f.visitor_team_id END END,
      CASE WHEN ft.feature_type = 'player' THEN
        fp.players[1 + ((m.user_id * 7 + f.id * 13 + lc.feature_id * 31) % cardinality(fp.players))] END,
      CASE WHEN ft.feature_type = 'bonus' THEN bo.opts[1 + ((m.user_id * 3 + f.id) % cardinality(bo.opts))] END,
      false
    FROM league_members m
    JOIN fixtures f ON f.id IN (${idList(fixtureIds)})
    JOIN (SELECT fixture_id, array_agg(player_id ORDER BY player_id) AS players FROM player_fixture_stats
          WHERE did_play GROUP BY fixture_id) fp ON fp.fixture_id = f.id
    JOIN league_configurations lc ON lc.league_id = m.league_id AND lc.is_active
    JOIN features ft ON ft.id = lc.feature_id
    LEFT JOIN (SELECT feature_id, array_agg(id ORDER BY id) AS opts FROM bonus_options GROUP BY feature_id) bo
      ON bo.feature_id = lc.feature_id
    WHERE m.league_id = ${leagueId} AND m.status = 'Approved'
      AND ((m.user_id * 7919 + f.id * 104729) % 100) < ${sql.lit(Math.trunc(percent))}`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** Player Selection: every Approved member fills the 11 default slots of every fixture listed. */
export async function psPicks(
  db: Kysely<DB>,
  leagueId: number,
  fixtureIds: readonly number[],
  userIds?: readonly number[],
): Promise<number> {
  if (fixtureIds.length === 0) return 0;
  const who = userIds ? sql`AND m.user_id IN (${idList(userIds)})` : sql``;
  const r = await sql`
    INSERT INTO player_selections
      (league_id, user_id, fixture_id, position_id, position_order, player_id, is_auto_pick)
    SELECT m.league_id, m.user_id, f.id, s.position_id, s.position_order,
      fp.players[1 + ((m.user_id * 7 + f.id * 13 + s.k) % cardinality(fp.players))], false
    FROM league_members m
    JOIN fixtures f ON f.id IN (${idList(fixtureIds)})
    JOIN (SELECT fixture_id, array_agg(player_id ORDER BY player_id) AS players FROM player_fixture_stats
          WHERE did_play GROUP BY fixture_id) fp ON fp.fixture_id = f.id
    CROSS JOIN (VALUES (0, 1, 1), (1, 1, 2), (2, 1, 3), (3, 1, 4), (4, 2, 1), (5, 2, 2), (6, 2, 3), (7, 2, 4),
                       (8, 4, 1), (9, 4, 2), (10, 3, 1)) AS s(k, position_id, position_order)
    WHERE m.league_id = ${leagueId} AND m.status = 'Approved' ${who}`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** A session cookie value for the user (as signing in would create). */
export async function sessionFor(db: Kysely<DB>, userId: number): Promise<string> {
  return createSession(db, userId, loadConfig());
}

/** The XSRF token a browser holding this session cookie gets (the header echoes it; src/http/xsrf.ts). */
export const xsrfFor = (session: string): string => xsrfTokenFor(session);

export function cookieHeader(session: string): string {
  return `fcl_sid=${session}; XSRF-TOKEN=${xsrfFor(session)}`;
}

export async function analyze(db: Kysely<DB>): Promise<void> {
  await sql`ANALYZE`.execute(db);
}
