import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

/**
 * Data health: what needs an operator before members notice (docs/decisions/0025-operator-console.md).
 *
 * - **Started without a result**: fixtures whose start is more than `hours` hours ago (default 6: a
 *   T20 with a rain delay is over by then) and whose status is still `scheduled` or `live`.
 * - **Players without a position**: `players.position_id` is never empty — a player nobody told us
 *   about is given Batsman by the inference rule (docs/data.md, "Positions"). That default is a
 *   placeholder, not a position: a player *without a position* is one whose position is `inferred`
 *   (not fixed by a squads file or the overrides file) and who has no match the inference could read
 *   (no line with `did_play`, no stumping). Only players who can still be picked count: those in the
 *   squad of a team that has a `scheduled` fixture of that season starting after now.
 * - **Squads missing**: each team of each `scheduled` fixture starting in the next
 *   `UPCOMING_DAYS` days whose squad for the fixture's season has fewer than `MIN_SQUAD` players
 *   (nobody could field an XI from it).
 */
export const HEALTH_DEFAULTS = { hours: 6 } as const;
export const UPCOMING_DAYS = 14;
export const MIN_SQUAD = 11;

export interface HealthFixture {
  FixtureID: number;
  Season: string;
  Name: string;
  StartTime: string;
  Home: string;
  Away: string;
  Status: string;
}
export interface HealthPlayer {
  PlayerID: number;
  Name: string;
  Season: string;
  Team: string;
}
export interface HealthSquad {
  FixtureID: number;
  Season: string;
  Name: string;
  StartTime: string;
  Team: string;
  Players: number;
}
export interface DataHealth {
  Hours: number;
  CheckedAt: string;
  StartedWithoutResult: HealthFixture[];
  PlayersWithoutPosition: HealthPlayer[];
  SquadsMissing: HealthSquad[];
}

const iso = (d: Date | string) => new Date(d).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export async function dataHealth(
  db: Kysely<DB>,
  options: { hours?: number | undefined; now?: Date } = {},
): Promise<DataHealth> {
  const hours = options.hours ?? HEALTH_DEFAULTS.hours;
  const now = options.now ?? new Date();

  const started = await db
    .selectFrom('fixtures as f')
    .innerJoin('seasons as s', 's.id', 'f.season_id')
    .innerJoin('teams as h', 'h.id', 'f.local_team_id')
    .innerJoin('teams as a', 'a.id', 'f.visitor_team_id')
    .select(['f.id', 's.name as season', 'f.name', 'f.start_time', 'h.name as home', 'a.name as away', 'f.status'])
    .where('f.status', 'in', ['scheduled', 'live'])
    .where('f.start_time', '<', new Date(now.getTime() - hours * HOUR))
    .orderBy('f.start_time')
    .orderBy('f.id')
    .execute();

  const unpositioned = await db
    .selectFrom('squads as q')
    .innerJoin('players as p', 'p.id', 'q.player_id')
    .innerJoin('seasons as s', 's.id', 'q.season_id')
    .innerJoin('teams as t', 't.id', 'q.team_id')
    .select(['p.id', 'p.full_name', 's.name as season', 't.name as team'])
    .where('p.position_source', '=', 'inferred')
    .where(
      sql<boolean>`NOT EXISTS (SELECT 1 FROM player_fixture_stats st
        WHERE st.player_id = p.id AND (st.did_play OR st.stumpings > 0))`,
    )
    .where(
      sql<boolean>`EXISTS (SELECT 1 FROM fixtures f WHERE f.season_id = q.season_id AND f.status = 'scheduled'
        AND f.start_time > ${now} AND q.team_id IN (f.local_team_id, f.visitor_team_id))`,
    )
    .orderBy('s.name')
    .orderBy('t.name')
    .orderBy('p.full_name')
    .orderBy('p.id')
    .execute();

  const upcoming = await db
    .selectFrom('fixtures as f')
    .innerJoin('seasons as s', 's.id', 'f.season_id')
    .innerJoin('teams as t', (j) => j.on(sql<boolean>`t.id IN (f.local_team_id, f.visitor_team_id)`))
    .select([
      'f.id',
      's.name as season',
      'f.name',
      'f.start_time',
      't.name as team',
      sql<number>`(SELECT count(*) FROM squads q WHERE q.season_id = f.season_id AND q.team_id = t.id)`.as('players'),
    ])
    .where('f.status', '=', 'scheduled')
    .where('f.start_time', '>=', now)
    .where('f.start_time', '<', new Date(now.getTime() + UPCOMING_DAYS * DAY))
    .orderBy('f.start_time')
    .orderBy('f.id')
    .orderBy(sql`t.id = f.visitor_team_id`)
    .execute();

  return {
    Hours: hours,
    CheckedAt: now.toISOString(),
    StartedWithoutResult: started.map((r) => ({
      FixtureID: r.id,
      Season: r.season,
      Name: r.name,
      StartTime: iso(r.start_time),
      Home: r.home,
      Away: r.away,
      Status: r.status,
    })),
    PlayersWithoutPosition: unpositioned.map((r) => ({
      PlayerID: r.id,
      Name: r.full_name,
      Season: r.season,
      Team: r.team,
    })),
    SquadsMissing: upcoming
      .filter((r) => Number(r.players) < MIN_SQUAD)
      .map((r) => ({
        FixtureID: r.id,
        Season: r.season,
        Name: r.name,
        StartTime: iso(r.start_time),
        Team: r.team,
        Players: Number(r.players),
      })),
  };
}
