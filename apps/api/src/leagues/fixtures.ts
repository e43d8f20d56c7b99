import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../db/schema';

/**
 * Which fixtures a league covers: its season, narrowed to its stage when it has one, or to its match
 * day (UTC date of the start time) for Daily Challenges. `l` and `f` are the SQL aliases of the
 * `leagues` and `fixtures` rows. Every query about "the league's fixtures" uses this one condition.
 */
export function leagueFixtureCondition(l: string, f: string): RawBuilder<boolean> {
  const lc = (c: string) => sql.ref(`${l}.${c}`);
  const fc = (c: string) => sql.ref(`${f}.${c}`);
  return sql<boolean>`(${fc('season_id')} = ${lc('season_id')}
    AND (${lc('stage_id')} IS NULL OR ${fc('stage_id')} = ${lc('stage_id')})
    AND (${lc('match_day')} IS NULL OR (${fc('start_time')} AT TIME ZONE 'UTC')::date = ${lc('match_day')}))`;
}

/** Fixtures still to come for the league aliased `l`: scheduled and starting after `now`. */
export function fixturesRemainingSql(l: string, now: Date): RawBuilder<number> {
  return sql<number>`(SELECT count(*)::int FROM fixtures rf
    WHERE ${leagueFixtureCondition(l, 'rf')} AND rf.status = 'scheduled'
      AND rf.start_time > ${now.toISOString()}::timestamptz)`;
}

/** The status a reader sees: an Active league with no fixtures remaining is Finished (the job persists it). */
export function effectiveStatusSql(l: string, now: Date): RawBuilder<'Draft' | 'Active' | 'Finished'> {
  return sql`(CASE WHEN ${sql.ref(`${l}.status`)} = 'Active' AND ${fixturesRemainingSql(l, now)} = 0
    THEN 'Finished' ELSE ${sql.ref(`${l}.status`)} END)`;
}

/** Number of the league's fixtures that are scheduled and start after `now`. */
export async function fixturesRemaining(db: Kysely<DB>, leagueId: number, now = new Date()): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT ${fixturesRemainingSql('l', now)} AS n FROM leagues l WHERE l.id = ${leagueId}`.execute(db);
  return rows[0]?.n ?? 0;
}
