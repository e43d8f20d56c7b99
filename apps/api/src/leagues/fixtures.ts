import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { FixtureRow } from '../cricket/queries';
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

/** The league's fixtures by start time (all of them, past and future). */
export async function leagueFixtures(db: Kysely<DB>, leagueId: number): Promise<FixtureRow[]> {
  const { rows } = await sql<{
    id: number;
    name: string;
    start_time: Date | string;
    status: FixtureRow['Status'];
    home: string;
    visitor: string;
  }>`
    SELECT f.id, f.name, f.start_time, f.status, h.code AS home, v.code AS visitor
    FROM leagues l
    JOIN fixtures f ON ${leagueFixtureCondition('l', 'f')}
    JOIN teams h ON h.id = f.local_team_id
    JOIN teams v ON v.id = f.visitor_team_id
    WHERE l.id = ${leagueId}
    ORDER BY f.start_time, f.id`.execute(db);
  return rows.map((r) => ({
    FixtureID: r.id,
    FixtureName: r.name,
    StartTime: new Date(r.start_time).toISOString(),
    LocalTeamCode: r.home,
    VisitorTeamCode: r.visitor,
    Status: r.status,
  }));
}

/** Number of the league's fixtures that are scheduled and start after `now`. */
export async function fixturesRemaining(db: Kysely<DB>, leagueId: number, now = new Date()): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT ${fixturesRemainingSql('l', now)} AS n FROM leagues l WHERE l.id = ${leagueId}`.execute(db);
  return rows[0]?.n ?? 0;
}
