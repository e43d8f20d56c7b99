import type { Kysely } from 'kysely';
import { loadDemoSeason } from '../../src/demo/season';
import type { Database } from '../../src/db/database';
import type { DB, LeagueStatus, MemberStatus } from '../../src/db/schema';
import { insertDefaultConfiguration } from '../../src/leagues/config';
import { insertLeagueRow } from '../../src/leagues/leagues';
import { freshDatabase } from '../db';

/** A database with the demo season laid out around now, and helpers that write leagues directly. */
export interface PicksWorld {
  database: Database;
  db: Kysely<DB>;
  seasonId: number;
  admin: number;
}

let counter = 0;

export async function startPicksWorld(database?: Database): Promise<PicksWorld> {
  const d = database ?? (await freshDatabase());
  const demo = await loadDemoSeason(d.db, { now: new Date() });
  const w = { database: d, db: d.db, seasonId: demo.seasonId, admin: 0 };
  w.admin = await makeUser(w, { first: 'Admin' });
  return w;
}

export async function makeUser(
  w: Pick<PicksWorld, 'db'>,
  o: { first?: string; autoPick?: boolean; reminders?: boolean; verified?: boolean } = {},
): Promise<number> {
  counter += 1;
  const row = await w.db
    .insertInto('users')
    .values({
      first_name: o.first ?? `User${counter}`,
      last_name: 'Tester',
      email: `autopick.${Date.now().toString(36)}.${counter}@example.com`,
      password_hash: 'x',
      email_verified_at: o.verified === false ? null : new Date(),
      use_ai_auto_pick: o.autoPick ?? false,
      missing_pick_notification: o.reminders ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function makeLeague(
  w: PicksWorld,
  o: { type: 'MP' | 'PS'; status?: LeagueStatus; name?: string },
): Promise<number> {
  counter += 1;
  const league = await insertLeagueRow(w.db, {
    name: o.name ?? `League ${counter}`,
    description: '',
    league_type: o.type,
    is_private: true,
    show_others_picks: false,
    status: o.status ?? 'Active',
    season_id: w.seasonId,
    stage_id: null,
    match_day: null,
    admin_user_id: w.admin,
    activated_at: o.status === 'Draft' ? null : new Date(),
  });
  if (!league) throw new Error('league not created');
  await insertDefaultConfiguration(w.db, league.id, o.type);
  return league.id;
}

/** A member row; `since` is when the membership began (joined and, unless Pending, decided), default now. */
export async function addMember(
  w: Pick<PicksWorld, 'db'>,
  leagueId: number,
  userId: number,
  status: MemberStatus = 'Approved',
  since: Date = new Date(),
) {
  await w.db
    .insertInto('league_members')
    .values({
      league_id: leagueId,
      user_id: userId,
      display_name: `Member ${userId}`,
      status,
      joined_at: since,
      decided_at: status === 'Pending' ? null : since,
    })
    .execute();
}

/** The demo season's scheduled fixtures still to come, by start time. */
export async function upcomingFixtures(w: PicksWorld) {
  return w.db
    .selectFrom('fixtures')
    .select(['id', 'name', 'start_time', 'local_team_id', 'visitor_team_id'])
    .where('season_id', '=', w.seasonId)
    .where('status', '=', 'scheduled')
    .where('start_time', '>', new Date())
    .orderBy('start_time')
    .orderBy('id')
    .execute();
}

/** Active league features of a league: feature id → league_configurations.id. */
export async function leagueFeatures(w: PicksWorld, leagueId: number): Promise<Map<number, number>> {
  const rows = await w.db
    .selectFrom('league_configurations')
    .select(['id', 'feature_id'])
    .where('league_id', '=', leagueId)
    .where('is_active', '=', true)
    .execute();
  return new Map(rows.map((r) => [r.feature_id, r.id]));
}
