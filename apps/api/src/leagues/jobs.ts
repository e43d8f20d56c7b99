import { DAILY_CHALLENGE_MATCH } from '@fantasy-cricket/rules';
import { type Kysely, sql } from 'kysely';
import { SYSTEM_USER_EMAIL } from '../db/migrations/0003_leagues';
import type { DB } from '../db/schema';
import { insertDefaultConfiguration } from './config';
import { fixturesRemainingSql } from './fixtures';
import { insertLeagueRow } from './leagues';

/** Days ahead (after today, UTC) that get their Daily Challenge in advance. */
export const DAILY_CHALLENGE_DAYS_AHEAD = 7;
/** pg_advisory_xact_lock key of the league jobs ("FCLG"). */
const LEAGUE_JOBS_LOCK = 0x46434c47;

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** 'Daily Challenge — Sat 28 Nov (Demo Premier League 2026)' for match day '2026-11-28'. */
export function dailyChallengeName(matchDay: string, seasonName: string): string {
  const d = new Date(`${matchDay}T00:00:00Z`);
  const weekday = d.toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });
  const dayMonth = d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return `${DAILY_CHALLENGE_MATCH} — ${weekday} ${dayMonth} (${seasonName})`;
}

export async function systemUserId(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', SYSTEM_USER_EMAIL)
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface LeagueJobsResult {
  dailyCreated: number;
  finished: number;
}

/**
 * The leagues' scheduled job (start-up and every 10 minutes): creates the Daily Challenge of every
 * match day of an active season from today (UTC) to DAILY_CHALLENGE_DAYS_AHEAD days ahead that still
 * has a fixture to come, and marks Active leagues with no fixtures remaining as Finished. Safe with
 * several API processes: one transaction under an advisory lock, and the unique index on
 * (season_id, match_day) with ON CONFLICT DO NOTHING as the last word.
 */
export async function runLeagueJobs(db: Kysely<DB>, options: { now?: Date } = {}): Promise<LeagueJobsResult> {
  const now = options.now ?? new Date();
  const from = isoDay(now);
  const to = isoDay(new Date(now.getTime() + DAILY_CHALLENGE_DAYS_AHEAD * DAY_MS));
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${LEAGUE_JOBS_LOCK})`.execute(trx);
    const owner = await systemUserId(trx);
    const { rows: days } = await sql<{ season_id: number; season_name: string; match_day: string }>`
      SELECT f.season_id, s.name AS season_name, to_char((f.start_time AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS match_day
      FROM fixtures f JOIN seasons s ON s.id = f.season_id
      WHERE s.is_active
        AND (f.start_time AT TIME ZONE 'UTC')::date BETWEEN ${from}::date AND ${to}::date
        AND f.status = 'scheduled' AND f.start_time > ${now.toISOString()}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM leagues l WHERE l.season_id = f.season_id
                          AND l.match_day = (f.start_time AT TIME ZONE 'UTC')::date)
      GROUP BY f.season_id, s.name, 3
      ORDER BY 3, f.season_id`.execute(trx);
    let dailyCreated = 0;
    for (const day of days) {
      const league = await insertLeagueRow(trx, {
        name: dailyChallengeName(day.match_day, day.season_name),
        description: `Pick the winners of every match on ${dailyChallengeName(day.match_day, day.season_name).slice(DAILY_CHALLENGE_MATCH.length + 3)}. Open to everyone.`,
        league_type: 'MP',
        is_private: false,
        show_others_picks: true,
        status: 'Active',
        season_id: day.season_id,
        stage_id: null,
        match_day: day.match_day,
        admin_user_id: owner,
        activated_at: now,
      });
      if (!league) continue;
      await insertDefaultConfiguration(trx, league.id, 'MP');
      dailyCreated += 1;
    }
    const finished = await sql`
      UPDATE leagues l SET status = 'Finished'
      WHERE l.status = 'Active' AND ${fixturesRemainingSql('l', now)} = 0`.execute(trx);
    return { dailyCreated, finished: Number(finished.numAffectedRows ?? 0) };
  });
}
