import type { components } from '@fantasy-cricket/api-client';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { SYSTEM_USER_EMAIL } from '../db/migrations/0003_leagues';
import { leagueFixtureCondition } from '../leagues/fixtures';
import { type LeagueView, userLeagues } from '../leagues/leagues';
import { memberStanding } from '../standings/cache';

type HomeSummary = components['schemas']['HomeSummary'];
type HomeLeague = components['schemas']['HomeLeague'];
type HomeFixture = components['schemas']['HomeFixture'];
type HomeNextFixture = components['schemas']['HomeNextFixture'];

interface FixtureSqlRow {
  league_id: number;
  fixture_id: number;
  name: string;
  start_time: Date | string;
  home: string;
  visitor: string;
}

function toFixture(r: FixtureSqlRow): HomeFixture {
  return {
    FixtureID: r.fixture_id,
    FixtureName: r.name,
    StartTime: new Date(r.start_time).toISOString(),
    LocalTeamCode: r.home,
    VisitorTeamCode: r.visitor,
  };
}

/**
 * The next fixture to start of each league (scheduled, starting after `now`: picks lock at its start),
 * with how many picks the league asks for and how many `userId` has saved for it — counted as the pick
 * reminders count them: active features answered (Match Prediction), players in the slots of the
 * league's team (Player Selection). One statement for all the leagues.
 */
async function nextFixtures(
  db: Kysely<DB>,
  userId: number,
  leagueIds: readonly number[],
  now: Date,
): Promise<Map<number, HomeNextFixture>> {
  const out = new Map<number, HomeNextFixture>();
  if (leagueIds.length === 0) return out;
  const { rows } = await sql<FixtureSqlRow & { needed: number | string; made: number | string }>`
    SELECT l.id AS league_id, nf.id AS fixture_id, nf.name, nf.start_time, th.code AS home, tv.code AS visitor,
      CASE WHEN l.league_type = 'MP'
        THEN (SELECT count(*) FROM league_configurations c WHERE c.league_id = l.id AND c.is_active)
        ELSE (SELECT coalesce(sum(c.count), 0) FROM league_selection_configs c WHERE c.league_id = l.id AND c.is_active)
      END AS needed,
      CASE WHEN l.league_type = 'MP'
        THEN (SELECT count(*) FROM league_selections s
              JOIN league_configurations c ON c.id = s.league_configuration_id AND c.is_active
              WHERE s.league_id = l.id AND s.user_id = ${userId} AND s.fixture_id = nf.id)
        ELSE (SELECT count(*) FROM player_selections s
              JOIN league_selection_configs c ON c.league_id = s.league_id AND c.position_id = s.position_id AND c.is_active
              WHERE s.league_id = l.id AND s.user_id = ${userId} AND s.fixture_id = nf.id AND s.position_order <= c.count)
      END AS made
    FROM leagues l
    CROSS JOIN LATERAL (
      SELECT f.id, f.name, f.start_time, f.local_team_id, f.visitor_team_id FROM fixtures f
      WHERE ${leagueFixtureCondition('l', 'f')} AND f.status = 'scheduled'
        AND f.start_time > ${now.toISOString()}::timestamptz
      ORDER BY f.start_time, f.id LIMIT 1
    ) nf
    JOIN teams th ON th.id = nf.local_team_id
    JOIN teams tv ON tv.id = nf.visitor_team_id
    WHERE l.id = ANY(${leagueIds as number[]}::int[])`.execute(db);
  for (const r of rows) {
    out.set(r.league_id, { ...toFixture(r), PicksMade: Number(r.made), PicksNeeded: Number(r.needed) });
  }
  return out;
}

/** The fixtures of each league being played now (a live feed is running), by start time. */
async function liveFixtures(db: Kysely<DB>, leagueIds: readonly number[]): Promise<Map<number, HomeFixture[]>> {
  const out = new Map<number, HomeFixture[]>();
  if (leagueIds.length === 0) return out;
  const { rows } = await sql<FixtureSqlRow>`
    SELECT l.id AS league_id, f.id AS fixture_id, f.name, f.start_time, th.code AS home, tv.code AS visitor
    FROM live_fixtures lf
    JOIN fixtures f ON f.id = lf.fixture_id
    JOIN leagues l ON l.id = ANY(${leagueIds as number[]}::int[]) AND ${leagueFixtureCondition('l', 'f')}
    JOIN teams th ON th.id = f.local_team_id
    JOIN teams tv ON tv.id = f.visitor_team_id
    WHERE lf.state = 'live'
    ORDER BY f.start_time, f.id`.execute(db);
  for (const r of rows) out.set(r.league_id, [...(out.get(r.league_id) ?? []), toFixture(r)]);
  return out;
}

/** The Gamer Name the user joined a league with most recently ('' before their first league). */
async function lastGamerName(db: Kysely<DB>, userId: number): Promise<string> {
  const row = await db
    .selectFrom('league_members')
    .select('display_name')
    .where('user_id', '=', userId)
    .orderBy('joined_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.display_name ?? '';
}

/** Where a league goes on Home: picks to make first, then playable, waiting, finished. */
function group(l: HomeLeague): number {
  const picksMissing = l.NextFixture !== null && l.NextFixture.PicksMade < l.NextFixture.PicksNeeded;
  if (picksMissing) return 0;
  if (l.MemberStatus === 'Approved' && (l.Status === 'Active' || l.LiveFixtures.length > 0)) return 1;
  if (l.MemberStatus === 'Pending' || l.Status === 'Draft') return 2;
  return 3;
}

const startOf = (l: HomeLeague) => (l.NextFixture ? Date.parse(l.NextFixture.StartTime) : Number.POSITIVE_INFINITY);

/**
 * Home's order: leagues with picks to make (soonest lock first), then the leagues being played (a
 * live fixture first, then the soonest next fixture), then those waiting for the admin (a Pending
 * request, a Draft league), then finished ones; within a group the order of My Leagues (newest first).
 */
export function homeOrder(leagues: readonly HomeLeague[]): HomeLeague[] {
  return leagues
    .map((league, index) => ({ league, index }))
    .sort(
      (a, b) =>
        group(a.league) - group(b.league) ||
        Number(b.league.LiveFixtures.length > 0) - Number(a.league.LiveFixtures.length > 0) ||
        startOf(a.league) - startOf(b.league) ||
        a.index - b.index,
    )
    .map((x) => x.league);
}

/**
 * GET /home/summary for `userId` — only their own memberships (My Leagues' cached list), each with
 * their place on the league's cached leaderboard, the next fixture to lock with their picks for it,
 * and the league's live fixtures. Nothing is scored here: the standings come from the leaderboard
 * cache (built from the kept per-fixture points when missing).
 */
export async function homeSummary(db: Kysely<DB>, userId: number, now = new Date()): Promise<HomeSummary> {
  const views: LeagueView[] = await userLeagues(db, userId, now);
  const approved = views.filter((v) => v.MemberStatus === 'Approved');
  const active = approved.filter((v) => v.Status === 'Active').map((v) => v.LeagueID);
  const started = approved.filter((v) => v.Status !== 'Draft').map((v) => v.LeagueID);
  const next = await nextFixtures(db, userId, active, now);
  const live = await liveFixtures(db, started);
  const standings = new Map<number, Awaited<ReturnType<typeof memberStanding>>>();
  for (const id of started) standings.set(id, await memberStanding(db, id, userId));
  const leagues = views.map((v): HomeLeague => {
    const standing = standings.get(v.LeagueID);
    return {
      LeagueID: v.LeagueID,
      LeagueName: v.LeagueName,
      LeagueTypeName: v.LeagueTypeName,
      IsPrivate: v.IsPrivate,
      Status: v.Status,
      MemberStatus: v.MemberStatus,
      IsAdmin: v.AdminUserID === userId,
      Position: standing?.position ?? null,
      Members: standing?.members ?? v.MemberCount,
      Points: standing?.points ?? null,
      NextFixture: next.get(v.LeagueID) ?? null,
      LiveFixtures: live.get(v.LeagueID) ?? [],
    };
  });
  return {
    ServerTime: now.toISOString(),
    GamerName: await lastGamerName(db, userId),
    Leagues: homeOrder(leagues),
    Showcase: await showcaseLeague(db, userId),
  };
}

/**
 * The league the site runs for anyone to join by code — an Active private Player Selection league of
 * an active season owned by the system user (the demo season's, with the team rules on: demo/members.ts)
 * — while the player is not in it; null otherwise.
 */
async function showcaseLeague(db: Kysely<DB>, userId: number): Promise<HomeSummary['Showcase']> {
  const row = await db
    .selectFrom('leagues as l')
    .innerJoin('seasons as s', 's.id', 'l.season_id')
    .innerJoin('users as u', 'u.id', 'l.admin_user_id')
    .select(['l.name', 'l.code', 'l.description'])
    .where('u.email', '=', SYSTEM_USER_EMAIL)
    .where('l.is_private', '=', true)
    .where('l.league_type', '=', 'PS')
    .where('l.status', '=', 'Active')
    .where('s.is_active', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('league_members as m')
            .select('m.id')
            .whereRef('m.league_id', '=', 'l.id')
            .where('m.user_id', '=', userId),
        ),
      ),
    )
    .orderBy('l.id')
    .executeTakeFirst();
  return row ? { LeagueName: row.name, LeagueCode: row.code, Description: row.description } : null;
}
