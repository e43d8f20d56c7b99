import { sql } from 'kysely';
import { expect } from 'vitest';
import { issueToken } from '../../src/accounts/tokens';
import { createSession, xsrfTokenFor } from '../../src/http/session';
import { newToken } from '../../src/http/tokens';
import { cliActor } from '../../src/operator/access';
import { grantOperator } from '../../src/operator/operators';
import { unsubscribeKey, unsubscribeToken } from '../../src/email/unsubscribe-token';
import { PASSWORD, type SignedIn, type TestApp, type TestClient, uniqueEmail } from '../helpers';
import {
  addFixture,
  join,
  type LeagueWorld,
  makeLeague,
  mpRows,
  person,
  playerAt,
  playersOf,
  saveMp,
  savePs,
  startLeagueWorld,
  type TestFixture,
} from '../picks/setup';
import { mpPick } from '../standings/setup';

/**
 * The world the access matrix and the contract fuzzer run against: four people with a role in every
 * league (admin, Approved member, Pending member, outsider), leagues of both types in every state an
 * operation cares about, an upcoming fixture everybody picked for and a played (scored) fixture with
 * picks. Each league an operation changes for good (activate, delete, hand over, decide, join) is its
 * own, so one row of the matrix never disturbs another.
 */

export type PersonRole = 'outsider' | 'pending' | 'member' | 'admin';

export interface Person extends SignedIn {
  first: string;
  last: string;
  /** Display name in the world's leagues (outsider: none). */
  displayName: string;
}

export interface WorldLeague {
  LeagueID: number;
  LeagueCode: string;
}

export const LEAGUE_KEYS = [
  'mp', // private Match Prediction, Active, shows others' picks
  'mpHidden', // private Match Prediction, Active, hides others' picks
  'ps', // private Player Selection, Active, shows others' picks
  'pub', // public Match Prediction, Active (admin + member only: public joins are Approved at once)
  'draft', // private Player Selection, Draft (configuration)
  'toActivate',
  'toDelete',
  'toTransfer',
  'toDecide',
  'toJoin',
] as const;
export type LeagueKey = (typeof LEAGUE_KEYS)[number];

export interface SecurityWorld {
  lw: LeagueWorld;
  t: TestApp;
  people: Record<PersonRole, Person>;
  /** A site operator (granted as by `cli operator grant`) who is in none of the world's leagues. */
  operator: Person;
  leagues: Record<LeagueKey, WorldLeague>;
  /** Starts in five days: picked by the admin and the member in mp, mpHidden, pub and ps. */
  upcoming: TestFixture;
  /** A played, scored fixture of the season, with picks of the admin and the member (written directly). */
  played: { id: number; localTeamId: number; visitorTeamId: number };
  /** The Pending member's membership id in each league (the admin decides on it). */
  pendingMemberId: Record<LeagueKey, number | undefined>;
  /** What the admin and the member picked for the upcoming fixture (team ids in MP, player ids in PS). */
  picks: { mpTeam: Record<'admin' | 'member', number>; psPlayer: Record<'admin' | 'member', number> };
}

const DAY = 86_400_000;

export const DISPLAY = { admin: 'AdaTheAdmin', member: 'MoTheMember', pending: 'PatStillPending' } as const;

export async function buildWorld(): Promise<SecurityWorld> {
  const lw = await startLeagueWorld();
  const { t } = lw;
  const mk = async (role: PersonRole, first: string, last: string): Promise<Person> => ({
    ...(await person(t, first, last)),
    first,
    last,
    displayName: role === 'outsider' ? '' : DISPLAY[role],
  });
  const people: Record<PersonRole, Person> = {
    admin: await mk('admin', 'Ada', 'Admiralty'),
    member: await mk('member', 'Mo', 'Membership'),
    pending: await mk('pending', 'Pat', 'Pendleton'),
    outsider: await mk('outsider', 'Oz', 'Outlander'),
  };
  const { admin, member, pending } = people;
  const operator: Person = {
    ...(await person(t, 'Opal', 'Operandi')),
    first: 'Opal',
    last: 'Operandi',
    displayName: '',
  };
  await grantOperator(t.db, cliActor(), operator.email);

  const leagues = {} as Record<LeagueKey, WorldLeague>;
  const pendingMemberId = {} as Record<LeagueKey, number | undefined>;
  const specs: Record<LeagueKey, Parameters<typeof makeLeague>[2]> = {
    mp: { name: 'Matrix MP', type: 1, showOthersPicks: true },
    mpHidden: { name: 'Matrix MP hidden', type: 1, showOthersPicks: false },
    ps: { name: 'Matrix PS', type: 2, showOthersPicks: true },
    pub: { name: 'Matrix Public', type: 1, isPrivate: false, showOthersPicks: true },
    draft: { name: 'Matrix Draft PS', type: 2, draft: true },
    toActivate: { name: 'Matrix to activate', type: 1, draft: true },
    toDelete: { name: 'Matrix to delete', type: 1, draft: true },
    toTransfer: { name: 'Matrix to hand over', type: 1 },
    toDecide: { name: 'Matrix to decide', type: 1, draft: true },
    toJoin: { name: 'Matrix to join', type: 1, draft: true },
  };
  for (const key of LEAGUE_KEYS) {
    const league = await makeLeague(lw, admin, { ...specs[key], displayName: DISPLAY.admin });
    leagues[key] = { LeagueID: league.LeagueID, LeagueCode: league.LeagueCode };
    await join(admin, member, league, DISPLAY.member);
    if (key !== 'pub') {
      await join(admin, pending, league, DISPLAY.pending, false);
      const row = await t.db
        .selectFrom('league_members')
        .select('id')
        .where('league_id', '=', league.LeagueID)
        .where('user_id', '=', pending.userId)
        .executeTakeFirstOrThrow();
      pendingMemberId[key] = row.id;
    }
  }

  // Picks for the upcoming fixture, through the API: the admin backs the home side, the member the visitors.
  const upcoming = await addFixture(lw, 5 * DAY, 'Matrix upcoming match');
  const mpTeam = { admin: upcoming.localTeamId, member: upcoming.visitorTeamId };
  for (const key of ['mp', 'mpHidden', 'pub'] as const) {
    const rows = await mpRows(admin, leagues[key].LeagueID, upcoming.id);
    const winner = rows.find((r) => r.FeatureID === 1)!.LeagueFeatureID;
    for (const who of ['admin', 'member'] as const) {
      const res = await saveMp(people[who], [
        { LeagueID: leagues[key].LeagueID, FixtureID: upcoming.id, LeagueFeatureID: winner, TeamID: mpTeam[who] },
      ]);
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  const players = await playersOf(admin, upcoming.id);
  const psPlayer = { admin: playerAt(players, 1, 0).PlayerID, member: playerAt(players, 1, 1).PlayerID };
  for (const who of ['admin', 'member'] as const) {
    const res = await savePs(people[who], [
      {
        LeagueID: leagues.ps.LeagueID,
        FixtureID: upcoming.id,
        PositionTypeID: 1,
        PositionOrder: 1,
        PlayerID: psPlayer[who],
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
  }

  // A played fixture of the demo season (scored), with picks written straight into the tables.
  const played = await t.db
    .selectFrom('fixtures')
    .select(['id', 'local_team_id as localTeamId', 'visitor_team_id as visitorTeamId'])
    .where('season_id', '=', lw.seasonId)
    .where('status', '=', 'completed')
    .orderBy('start_time')
    .executeTakeFirstOrThrow();
  for (const key of ['mp', 'mpHidden', 'pub'] as const) {
    await mpPick(t.db, leagues[key].LeagueID, admin.userId, played.id, 1, { team: played.localTeamId });
    await mpPick(t.db, leagues[key].LeagueID, member.userId, played.id, 1, { team: played.visitorTeamId });
  }
  const playedSquad = await playersOf(admin, played.id);
  for (const [who, skip] of [
    ['admin', 0],
    ['member', 1],
  ] as const) {
    await t.db
      .insertInto('player_selections')
      .values(
        [1, 2, 4].map((position) => ({
          league_id: leagues.ps.LeagueID,
          user_id: people[who].userId,
          fixture_id: played.id,
          position_id: position,
          position_order: 1,
          player_id: playerAt(playedSquad, position, skip).PlayerID,
          is_auto_pick: false,
          created_at: new Date(),
          updated_at: new Date(),
        })),
      )
      .execute();
  }

  // Created lazily on the first unsubscribe; made now so that no later request creates it.
  await unsubscribeKey(t.db);

  return { lw, t, people, operator, leagues, upcoming, played, pendingMemberId, picks: { mpTeam, psPlayer } };
}

/** A new client with its own XSRF cookie and, for a person, a new session of theirs (no sign-in needed). */
export async function clientFor(w: SecurityWorld, who?: { userId: number }): Promise<TestClient> {
  const client = w.t.client();
  const session = who ? await createSession(w.t.db, who.userId, w.t.app.deps.config) : undefined;
  // A session's XSRF token is derived from it (src/http/xsrf.ts); without one any random token works.
  client.cookies.set('XSRF-TOKEN', session ? xsrfTokenFor(session) : newToken());
  if (session) client.cookies.set('fcl_sid', session);
  return client;
}

/** An account made directly in the database (no email, no scrypt): verified unless told otherwise. */
export async function quickUser(w: SecurityWorld, o: { verified?: boolean; first?: string } = {}) {
  const email = uniqueEmail(o.first?.toLowerCase() ?? 'quick');
  const row = await w.t.db
    .insertInto('users')
    .values({
      first_name: o.first ?? 'Quinn',
      last_name: 'Quickly',
      email,
      // A hash no password matches: these accounts never sign in with a password.
      password_hash: '!',
      email_verified_at: o.verified === false ? null : new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId: row.id, email };
}

/** A fresh email-link token for a new account (verify_email: unverified; reset_password: verified). */
export async function linkTokenFor(w: SecurityWorld, purpose: 'verify_email' | 'reset_password') {
  const user = await quickUser(w, { verified: purpose === 'reset_password' });
  const token = await w.t.db.transaction().execute((trx) => issueToken(trx, user.userId, purpose, DAY));
  return { ...user, token };
}

export async function unsubscribeTokenFor(w: SecurityWorld, userId: number): Promise<string> {
  return unsubscribeToken(await unsubscribeKey(w.t.db), userId);
}

/** The account authenticateUser is tried with (a real password, so sign-in succeeds). */
export async function loginAccount(w: SecurityWorld) {
  const p = await person(w.t, 'Lou', 'Loginson');
  return { email: p.email, password: PASSWORD, userId: p.userId };
}

export async function closeWorld(w: SecurityWorld): Promise<void> {
  await w.t.close();
}

/** Every table of the test schema (for the fuzzer's change counter). */
export async function baseTables(w: SecurityWorld): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
    ORDER BY table_name`.execute(w.t.db);
  return rows.map((r) => r.table_name);
}
