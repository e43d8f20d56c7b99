import { hasStarted, messages } from '@fantasy-cricket/rules';
import { type Kysely, sql } from 'kysely';
import type { DB, FixtureStatus } from '../db/schema';
import { type FixtureLineupBody, fixtureLineups } from '../cricket/lineups';
import { fixturePlayers, fixtureTeams, type PlayerOption } from '../cricket/queries';
import { teamColour } from '../cricket/teams';
import { HttpError } from '../http/errors';
import { leagueFixtureCondition } from '../leagues/fixtures';

/** The contract's Fixture: a league fixture with both team names and whether picks are locked. */
export interface LeagueFixture {
  FixtureID: number;
  FixtureName: string;
  StartTime: string;
  LocalTeamCode: string;
  VisitorTeamCode: string;
  LocalTeamName: string;
  VisitorTeamName: string;
  LocalTeamColour: string | null;
  VisitorTeamColour: string | null;
  Status: FixtureStatus;
  HasStarted: boolean;
  /** The toss and playing XIs once announced (cricket/lineups.ts). */
  Lineup: FixtureLineupBody | null;
}

/** Every fixture the league covers (past and future), by start time; HasStarted against `now`. */
export async function leagueFixtureList(db: Kysely<DB>, leagueId: number, now: Date): Promise<LeagueFixture[]> {
  const { rows } = await sql<{
    id: number;
    name: string;
    start_time: Date | string;
    status: FixtureStatus;
    home_code: string;
    home_name: string;
    visitor_code: string;
    visitor_name: string;
  }>`
    SELECT f.id, f.name, f.start_time, f.status, h.code AS home_code, h.name AS home_name,
           v.code AS visitor_code, v.name AS visitor_name
    FROM leagues l
    JOIN fixtures f ON ${leagueFixtureCondition('l', 'f')}
    JOIN teams h ON h.id = f.local_team_id
    JOIN teams v ON v.id = f.visitor_team_id
    WHERE l.id = ${leagueId}
    ORDER BY f.start_time, f.id`.execute(db);
  // Only fixtures near or past their start can have one: the lineups of the rest are not looked up.
  const soon = rows.filter((r) => new Date(r.start_time).getTime() < now.getTime() + 2 * 86_400_000).map((r) => r.id);
  const lineups = await fixtureLineups(db, soon);
  return rows.map((r) => {
    const start = new Date(r.start_time);
    return {
      FixtureID: r.id,
      FixtureName: r.name,
      StartTime: start.toISOString(),
      LocalTeamCode: r.home_code,
      VisitorTeamCode: r.visitor_code,
      LocalTeamName: r.home_name,
      VisitorTeamName: r.visitor_name,
      LocalTeamColour: teamColour(r.home_name),
      VisitorTeamColour: teamColour(r.visitor_name),
      Status: r.status,
      HasStarted: hasStarted(start, now),
      Lineup: lineups.get(r.id) ?? null,
    };
  });
}

async function requireFixture(db: Kysely<DB>, fixtureId: number): Promise<void> {
  const found = await db.selectFrom('fixtures').select('id').where('id', '=', fixtureId).executeTakeFirst();
  if (!found) throw new HttpError(404, messages.picksApi.fixtureNotFound);
}

/** Players of both squads of a fixture (`fixturePlayers`). 404 for an unknown fixture. */
export async function fixturePlayerOptions(db: Kysely<DB>, fixtureId: number): Promise<PlayerOption[]> {
  await requireFixture(db, fixtureId);
  return fixturePlayers(db, fixtureId);
}

/** The two teams of a fixture, by name (`fixtureTeams`). 404 for an unknown fixture. */
export async function fixtureTeamOptions(db: Kysely<DB>, fixtureId: number) {
  await requireFixture(db, fixtureId);
  return fixtureTeams(db, fixtureId);
}
