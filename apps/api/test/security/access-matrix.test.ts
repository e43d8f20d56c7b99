import { readFileSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { messages, TEAM_RULE_DEFAULTS } from '@fantasy-cricket/rules';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../../src/http/contract';
import type { OpenApiOperation } from '../../src/http/openapi';
import { recordImportRun } from '../../src/operator/runs';
import { IPL_2024_DIR } from '../cricket/builder';
import { DB_TARGET } from '../db';
import { uniqueEmail } from '../helpers';
import { addFixture } from '../picks/setup';
import { addresses, contractProblems, operation, operationIds } from './contract';
import { cliActor } from '../../src/operator/access';
import { grantOperator } from '../../src/operator/operators';
import {
  buildWorld,
  clientFor,
  closeWorld,
  DISPLAY,
  type LeagueKey,
  linkTokenFor,
  loginAccount,
  type Person,
  type PersonRole,
  quickUser,
  type SecurityWorld,
  unsubscribeTokenFor,
} from './world';

/**
 * The access matrix: every operation of openapi.yaml against every kind of caller, in one world.
 *
 * Callers:
 * - anonymous — no session;
 * - outsider — signed in, not a member of the league;
 * - pending — asked to join the league, not approved yet;
 * - member — an Approved member;
 * - admin — the league's admin (also an Approved member);
 * - otherUser — the Approved member naming the admin's user id wherever the request names a user
 *   ({userId}, UserID, user_id, AdminUserID, AdminID): one person acting on someone else's account.
 *   Only operations that name a user have this cell; the test checks that against the contract.
 * - operator — a signed-in site operator who is in none of the leagues. The role opens the operator
 *   console and nothing else: a row without an operator cell gives the operator the outsider's.
 *   League admins are not operators (403 on every operator operation but getOperatorStatus).
 *
 * Every cell is a status and, for a successful read, what the caller may see (`see.*`). Every answer
 * must also match the contract (openapi.yaml), and carry no one else's email, the Pending member's
 * name (outside the admin's view) or anything that looks like a secret. A new operation in
 * openapi.yaml without its row here fails the first test.
 */

type Caller = PersonRole | 'anonymous' | 'otherUser' | 'operator';
/** The order cells run in: the admin, whose success changes the league for good, last. */
const CALLERS: Caller[] = ['anonymous', 'otherUser', 'outsider', 'pending', 'member', 'operator', 'admin'];

interface Ctx {
  w: SecurityWorld;
  caller: Caller;
  /** Who calls (null: anonymous). otherUser is the member. */
  me: Person | null;
  /** The user id the request names: the caller's own; the admin's for otherUser (and anonymous). */
  uid: number;
  /** The person `uid` belongs to. */
  named: Person;
}

interface Req {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  /** Anything the request made that the check needs (a token's account, …). */
  note?: { email?: string; userId?: number; id?: number };
  /** A Server-Sent Events stream: sent over a real connection, closed once the headers are in. */
  stream?: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
type Body = any;
type See = (body: Body, c: Ctx, note: Req['note']) => void;
/** What a cell may reveal that is otherwise a leak: others' emails, the Pending member's display name. */
type Reveal = 'emails' | 'pending';
type Cell = number | { status: number; see: See; reveals?: Reveal[] };

interface Row {
  req: (c: Ctx) => Req | Promise<Req>;
  anonymous: Cell;
  outsider: Cell;
  pending: Cell;
  member: Cell;
  admin: Cell;
  /** Only for operations that name a user. */
  otherUser?: Cell;
  /** The site operator; default: the outsider's cell (the role gives nothing outside the console). */
  operator?: Cell;
  /** Success deletes the caller: the row runs after every other row. */
  last?: boolean;
}

const get = (url: string): Req => ({ method: 'GET', url });
const post = (url: string, body?: unknown): Req => ({ method: 'POST', url, body });
const put = (url: string, body: unknown): Req => ({ method: 'PUT', url, body });
const del = (url: string, body?: unknown): Req => ({ method: 'DELETE', url, body });

const ok = (see: See, reveals?: Reveal[]): Cell => ({ status: 200, see, ...(reveals ? { reveals } : {}) });
const created = (see: See): Cell => ({ status: 201, see });
/** Public operations: the same answer for everyone. */
const everyone = (cell: Cell) => ({ anonymous: cell, outsider: cell, pending: cell, member: cell, admin: cell });
/** Any signed-in person gets `cell`; anonymous 401. */
const signedIn = (cell: Cell) => ({ anonymous: 401, outsider: cell, pending: cell, member: cell, admin: cell });
/** Approved members and the admin read; others 401/403. */
const membersRead = (see: See) => ({ anonymous: 401, outsider: 403, pending: 403, member: ok(see), admin: ok(see) });
/** Only the admin may; everyone else 401/403. */
const adminOnly = (see: See) => ({ anonymous: 401, outsider: 403, pending: 403, member: 403, admin: ok(see) });

/** The operator console: anonymous 401, everyone but the operator 403 (league admins included). */
const operatorOnly = (cell: Cell) => ({
  anonymous: 401,
  outsider: 403,
  pending: 403,
  member: 403,
  admin: 403,
  operator: cell,
});

const lid = (c: Ctx, key: LeagueKey) => c.w.leagues[key].LeagueID;
/** Callers in none of the world's leagues. */
const inNoLeague = (c: Ctx) => c.caller === 'outsider' || c.caller === 'operator';
const base64 = (text: string | Buffer) => Buffer.from(text).toString('base64');
let matrixCounter = 0;
/** A season made for one cell (inactive, as the console creates them), so activating it disturbs nothing. */
async function spareSeason(c: Ctx): Promise<number> {
  matrixCounter += 1;
  const row = await c.w.t.db
    .insertInto('seasons')
    .values({
      name: `Matrix spare ${matrixCounter}`,
      competition: 'Matrix',
      year: 2031,
      is_active: false,
      source: 'console',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
const nowMs = () => Date.now();

/** What each caller may see, as checks of the answer. */
const see = {
  message: ((b) => expect(typeof b.message).toBe('string')) as See,
  session: ((b, c) => {
    expect(b).toEqual({ user_id: c.me!.userId, first_name: c.me!.first, last_name: c.me!.last, email: c.me!.email });
  }) as See,
  signedInAs: ((b, _c, note) => {
    expect(b.status).toBe('success');
    expect(b.email).toBe(note!.email);
  }) as See,
  registered: ((b) => expect(b.user_id).toBeGreaterThan(0)) as See,
  verified: ((b, _c, note) => expect(b.email).toBe(note!.email)) as See,
  profile: ((b, c) => {
    expect(b.EmailID).toBe(c.me!.email);
    expect(b.FirstName).toBe(c.me!.first);
  }) as See,
  nonEmptyList: ((b) => expect(b.length).toBeGreaterThan(0)) as See,
  leagueTypes: ((b) => expect(b.map((t: Body) => t.ID)).toEqual([1, 2])) as See,
  series: ((b, c) => expect(b.map((s: Body) => s.SeasonID)).toContain(c.w.lw.seasonId)) as See,
  widgets: ((b) => expect(Array.isArray(b)).toBe(true)) as See,
  createdLeague: ((b) => expect(b.LeagueCode).toMatch(/^[A-Z2-9]{8}$/)) as See,
  /** mp is listed with the caller's own status; an outsider does not see it. */
  myLeagues: ((b, c) => {
    const mp = b.data.find((l: Body) => l.LeagueID === lid(c, 'mp'));
    if (inNoLeague(c)) expect(mp).toBeUndefined();
    else expect(mp).toMatchObject({ MemberStatus: c.caller === 'pending' ? 'Pending' : 'Approved' });
    for (const l of b.data) expect(['Approved', 'Pending']).toContain(l.MemberStatus);
  }) as See,
  /** The caller's own leagues only: mp with their own status, rank only once Approved. */
  homeSummary: ((b, c) => {
    const mp = b.Leagues.find((l: Body) => l.LeagueID === lid(c, 'mp'));
    if (inNoLeague(c)) expect(mp).toBeUndefined();
    else if (c.caller === 'pending')
      expect(mp).toMatchObject({ MemberStatus: 'Pending', Position: null, Points: null });
    else expect(mp).toMatchObject({ MemberStatus: 'Approved', Position: expect.any(Number) });
    expect(typeof b.GamerName).toBe('string');
    for (const l of b.Leagues) expect(['Approved', 'Pending']).toContain(l.MemberStatus);
  }) as See,
  /** Never a private league; the public one only for those who have not joined it. */
  publicLeagues: ((b, c) => {
    const ids = b.data.map((l: Body) => l.LeagueID);
    const privateIds = Object.entries(c.w.leagues)
      .filter(([k]) => k !== 'pub')
      .map(([, l]) => l.LeagueID);
    expect(ids.filter((id: number) => privateIds.includes(id))).toEqual([]);
    const joined = c.caller === 'member' || c.caller === 'admin';
    expect(ids.includes(lid(c, 'pub'))).toBe(!joined);
  }) as See,
  league: ((b, c) => {
    expect(b.LeagueID).toBe(lid(c, 'mp'));
    expect(b.MemberStatus).toBe(c.caller === 'pending' ? 'Pending' : 'Approved');
    expect(b.DisplayName).toBe(c.me!.displayName);
  }) as See,
  configurations: ((b, c) => {
    expect(b.length).toBeGreaterThan(0);
    for (const item of b) expect(item.LeagueID).toBe(lid(c, 'mp'));
  }) as See,
  selectionConfigs: ((b, c) => {
    expect(b).toHaveLength(4);
    for (const item of b) expect(item.LeagueID).toBe(lid(c, 'ps'));
  }) as See,
  /** Approved members only, with full names (a private league), without emails. */
  membersAsMember: ((b, c) => {
    expect(b.data.map((m: Body) => m.UserID).sort()).toEqual(
      [c.w.people.admin.userId, c.w.people.member.userId].sort(),
    );
    for (const m of b.data) {
      expect(m.Status).toBe('Approved');
      expect(m).not.toHaveProperty('Email');
      expect(m.FirstName).not.toBe('');
    }
  }) as See,
  /** Everyone, the Pending request included, each with their email. */
  membersAsAdmin: ((b, c) => {
    const { admin, member, pending } = c.w.people;
    expect(b.data.map((m: Body) => [m.UserID, m.Status, m.Email])).toEqual(
      expect.arrayContaining([
        [admin.userId, 'Approved', admin.email],
        [member.userId, 'Approved', member.email],
        [pending.userId, 'Pending', pending.email],
      ]),
    );
    expect(b.data).toHaveLength(3);
  }) as See,
  joinedPending: ((b, c) => expect(b).toMatchObject({ LeagueID: lid(c, 'toJoin'), Status: 'Pending' })) as See,
  serverTime: ((b) => expect(Math.abs(Date.parse(b.currentServerTime) - nowMs())).toBeLessThan(60_000)) as See,
  fixtures: ((b, c) => {
    const byId = new Map(b.map((f: Body) => [f.FixtureID, f.HasStarted]));
    expect(byId.get(c.w.upcoming.id)).toBe(false);
    expect(byId.get(c.w.played.id)).toBe(true);
  }) as See,
  /** The caller's own Match Winner pick, not anyone else's. */
  ownMpRows: ((b, c) => {
    const winner = b.find((r: Body) => r.FeatureID === 1);
    expect(winner.TeamID).toBe(c.w.picks.mpTeam[c.caller as 'admin' | 'member']);
  }) as See,
  teamRules: ((b, c) => expect(b).toMatchObject({ LeagueID: lid(c, 'ps'), Backups: expect.any(Number) })) as See,
  teamRulesSaved: ((b, c) =>
    expect(b).toEqual({ LeagueID: lid(c, 'draft'), ...TEAM_RULE_DEFAULTS, IsLocked: false })) as See,
  /** The caller's own team of the fixture (the matrix's leagues have no rules: no captain). */
  ownPsTeam: ((b, c) =>
    expect(b).toMatchObject({ LeagueID: lid(c, 'ps'), FixtureID: c.w.upcoming.id, CaptainPlayerID: null })) as See,
  fixturePrices: ((b, c) => {
    expect(b).toMatchObject({ FixtureID: c.w.upcoming.id, Frozen: false });
    expect(b.Players.length).toBeGreaterThan(0);
  }) as See,
  priceSet: ((b) => expect(b).toMatchObject({ Price: 9.5, Source: 'operator' })) as See,
  ownPsRows: ((b, c) => {
    const slot = b.find((r: Body) => r.PositionID === 1 && r.PositionOrder === 1);
    expect(slot.PlayerID).toBe(c.w.picks.psPlayer[c.caller as 'admin' | 'member']);
  }) as See,
  squadPlayers: ((b, c) => {
    expect(b.length).toBeGreaterThan(0);
    for (const p of b) expect([c.w.upcoming.localTeamId, c.w.upcoming.visitorTeamId]).toContain(p.TeamID);
  }) as See,
  playerFigures: ((b) => {
    expect(b.length).toBeGreaterThan(0);
    for (const p of b) expect(p).toMatchObject({ PlayerID: expect.any(Number), SeasonPoints: expect.any(Number) });
  }) as See,
  teams: ((b, c) =>
    expect(b.map((t: Body) => t.ID).sort()).toEqual(
      [c.w.upcoming.localTeamId, c.w.upcoming.visitorTeamId].sort(),
    )) as See,
  savedOne: ((b) => expect(b).toMatchObject({ Saved: 1, CopiedTo: [] })) as See,
  /** Before the start: the caller's own picks only, though the league shows others' picks. */
  ownPicksOnly: ((b, c) => {
    expect(b.length).toBeGreaterThan(0);
    for (const r of b) expect([r.UserID, r.IsOwn]).toEqual([c.me!.userId, true]);
  }) as See,
  /** Approved members only (never the Pending one), full names (private league), IsMe on one's own row. */
  leaderboard: ((b, c) => {
    const { admin, member } = c.w.people;
    expect(b.map((r: Body) => r.UserID).sort()).toEqual([admin.userId, member.userId].sort());
    for (const r of b) {
      expect(r.IsMe).toBe(r.UserID === c.me!.userId);
      expect(r.UserFullName).not.toBe('');
    }
  }) as See,
  progression: ((b, c) => {
    const { admin, member } = c.w.people;
    expect(b.Series.map((s: Body) => s.UserID).sort()).toEqual([admin.userId, member.userId].sort());
    for (const s of b.Series) expect(s.IsMe).toBe(s.UserID === c.me!.userId);
  }) as See,
  /** The named member's picks, of started fixtures only. */
  detailsOfNamed: ((b, c) => {
    expect(b.length).toBeGreaterThan(0);
    for (const r of b) {
      expect(r.UserDisplayName).toBe(c.named.displayName);
      expect(Date.parse(r.StartTime)).toBeLessThanOrEqual(nowMs());
    }
  }) as See,
  scoringOfNamed: ((b, c) => {
    for (const r of b) expect(r.UserDisplayName).toBe(c.named.displayName);
  }) as See,

  // ---- the operator console ----
  operatorStatus: ((b, c) => expect(b).toEqual({ Operator: c.caller === 'operator' })) as See,
  operators: ((b, c) => {
    expect(b.map((o: Body) => o.Email)).toContain(c.me!.email);
    for (const o of b) expect(o).toMatchObject({ UserID: expect.any(Number), GrantedBy: expect.any(String) });
  }) as See,
  grantedOperator: ((b, _c, note) => expect([b.UserID, b.Email]).toEqual([note!.userId, note!.email])) as See,
  /** The world's grant of the operator (by the CLI) is on record. */
  auditLog: ((b, c) => {
    expect(b.Entries.length).toBeGreaterThan(0);
    expect(b.Entries).toContainEqual(
      expect.objectContaining({ Action: 'operator.grant', Target: c.me!.email, ActorUserID: null }),
    );
  }) as See,
  operatorSeasons: ((b, c) => {
    const demo = b.find((s: Body) => s.SeasonID === c.w.lw.seasonId);
    expect(demo).toMatchObject({ Source: 'demo', Active: true });
    expect(demo.Fixtures).toBeGreaterThan(0);
  }) as See,
  createdSeason: ((b) => expect(b).toMatchObject({ Source: 'console', Active: false, Fixtures: 0 })) as See,
  activatedSeason: ((b, _c, note) => expect(b).toMatchObject({ SeasonID: note!.id, Active: true })) as See,
  dataHealth: ((b) => {
    expect(b.Hours).toBe(6);
    for (const k of ['StartedWithoutResult', 'PlayersWithoutPosition', 'SquadsMissing'])
      expect(Array.isArray(b[k])).toBe(true);
  }) as See,
  operatorFixtures: ((b, c) => {
    const byId = new Map(b.map((f: Body) => [f.FixtureID, f.Status]));
    expect(byId.get(c.w.upcoming.id)).toBe('scheduled');
    expect(byId.get(c.w.played.id)).toBe('completed');
  }) as See,
  /** A preview: nothing recorded, one `new` line per row. */
  preview: ((b) => {
    expect(b).toMatchObject({ ImportRunID: null, Outcome: 'preview' });
    expect(b.Lines.length).toBeGreaterThan(0);
    for (const l of b.Lines) expect(l.Status).toBe('new');
  }) as See,
  /** One real Cricsheet match: imported and on record. */
  cricsheetImported: ((b) => {
    expect(b.ImportRunID).toEqual(expect.any(Number));
    expect(b.Lines.map((l: Body) => [l.Key, l.Status])).toEqual([['1422119.json', 'imported']]);
  }) as See,
  washedOut: ((b, _c, note) => {
    expect(b.Lines.map((l: Body) => [l.FixtureID, l.Status])).toEqual([[note!.id, 'updated']]);
  }) as See,
  scorecardSheet: ((b, c) => {
    expect(b).toMatchObject({ FixtureID: c.w.upcoming.id, Editable: false, Saved: null });
    expect(b.Teams).toHaveLength(2);
    for (const t of b.Teams) expect(t.Players.length).toBeGreaterThan(10);
  }) as See,
  /** A no-result scorecard without innings holds together: what saving it would change, nothing recorded. */
  scorecardPreview: ((b, _c, note) => {
    expect(b.Problems).toEqual([]);
    expect(b.Report).toMatchObject({ ImportRunID: null, Outcome: 'preview', Kind: 'scorecard' });
    expect(b.Report.Lines[0]).toMatchObject({ FixtureID: note!.id, Status: 'updated' });
  }) as See,
  scorecardSaved: ((b, _c, note) => {
    expect(b).toMatchObject({ ImportRunID: expect.any(Number), Kind: 'scorecard', Outcome: 'succeeded' });
    expect(b.Lines[0]).toMatchObject({ FixtureID: note!.id, Status: 'updated' });
    expect(b.RescoredFixtureIDs).toEqual([note!.id]);
  }) as See,
  importRuns: ((b) => {
    expect(b.Runs.length).toBeGreaterThan(0);
    expect(b).toHaveProperty('NextBefore');
  }) as See,
  importRun: ((b, _c, note) => {
    expect(b.ImportRunID).toBe(note!.id);
    expect(b.Lines.map((l: Body) => l.Key)).toEqual(['Match 1']);
  }) as See,
  fetchOff: ((b) => expect(b).toMatchObject({ Enabled: false, Url: null })) as See,
  /** Entity Sport, not configured in the test app: its status and never a credential. */
  vendors: ((b) => {
    expect(b.map((v: Body) => [v.Vendor, v.Configured])).toEqual([['entitysport', false]]);
  }) as See,
  vendorStatus: ((b) =>
    expect(b).toMatchObject({ Vendor: 'entitysport', Configured: false, CredentialsFrom: null })) as See,
};

let w: SecurityWorld;
let login: { email: string; password: string; userId: number };

/** One row per operationId of openapi.yaml (the compiler and the first test both insist). */
const matrix: Record<OperationId, Row> = {
  // ---- accounts (public operations: the same for everyone) ----
  // Not signed in is an expected answer (204), not an error.
  getSession: { req: () => get('/api/session'), ...signedIn(ok(see.session)), anonymous: 204 },
  signOut: { req: () => post('/api/session/sign_out'), ...everyone(204) },
  authenticateUser: {
    req: () => ({
      ...post('/api/user/authenticate_user', { email: login.email, password: login.password }),
      note: { email: login.email },
    }),
    ...everyone(ok(see.signedInAs)),
  },
  resendVerificationEmail: {
    req: () => post('/api/user/resend_verification_email', { email: uniqueEmail() }),
    ...everyone(ok(see.message)),
  },
  initiateChangePassword: {
    req: () => post('/api/user/initiate_change_password', { email: uniqueEmail() }),
    ...everyone(ok(see.message)),
  },
  addUser: {
    req: () =>
      post('/api/user/add_user', {
        first_name: 'New',
        last_name: 'Comer',
        email: uniqueEmail(),
        password: 'a long pass 1',
      }),
    ...everyone(created(see.registered)),
  },
  verifyEmail: {
    req: async (c) => {
      const link = await linkTokenFor(c.w, 'verify_email');
      return { ...post('/api/user/verify_email', { token: link.token }), note: { email: link.email } };
    },
    ...everyone(ok(see.verified)),
  },
  changePassword: {
    req: async (c) => {
      const link = await linkTokenFor(c.w, 'reset_password');
      return post('/api/user/change_password', { token: link.token, new_password: 'another long pass 2' });
    },
    ...everyone(ok(see.message)),
  },
  unsubscribe: {
    req: async (c) =>
      post('/api/user/unsubscribe', { token: await unsubscribeTokenFor(c.w, (await quickUser(c.w)).userId) }),
    ...everyone(ok(see.message)),
  },

  // ---- profile: one's own account only ----
  getUserProfile: { req: (c) => get(`/api/user/${c.uid}`), ...signedIn(ok(see.profile)), otherUser: 403 },
  updateUserProfile: {
    req: (c) => put(`/api/user/${c.uid}`, { missing_pick_notification: true, use_ai_auto_pick: false }),
    ...signedIn(ok(see.profile)),
    otherUser: 403,
  },
  deleteUserProfile: {
    req: (c) => del(`/api/user/${c.uid}`, { user_id: c.uid, message: 'matrix' }),
    ...signedIn(ok(see.message)),
    otherUser: 403,
    last: true,
  },

  // ---- content ----
  listFaqs: { req: () => get('/api/faq/'), ...everyone(ok(see.nonEmptyList)) },
  addContactMessage: {
    req: () => post('/api/contact_us/add_contact_message', { name: 'Sam', email: 'sam@example.com', message: 'Hello' }),
    ...everyone(created(see.message)),
  },

  // ---- leagues ----
  listLeagueTypes: { req: () => get('/api/leaguetype/getAll'), ...signedIn(ok(see.leagueTypes)) },
  listActiveSeries: { req: () => get('/api/stage/active_stages_namelist'), ...signedIn(ok(see.series)) },
  listPlayerStats: { req: () => get('/api/player_stats/'), ...signedIn(ok(see.widgets)) },
  createLeague: {
    req: (c) =>
      post('/api/league/', {
        Name: 'Matrix created',
        LeagueTypeID: 1,
        IsPrivate: true,
        ShowOthersPicks: false,
        SeasonID: c.w.lw.seasonId,
        AdminUserID: c.uid,
        AdminDisplayName: 'Creator',
      }),
    ...signedIn(created(see.createdLeague)),
    otherUser: 403,
  },
  listUserLeagues: {
    req: (c) => get(`/api/league/userLeagues/${c.uid}`),
    ...signedIn(ok(see.myLeagues)),
    otherUser: 403,
  },
  getHomeSummary: {
    req: () => get('/api/home/summary'),
    ...signedIn(ok(see.homeSummary)),
  },
  listPublicLeagues: {
    req: (c) => get(`/api/league/publicLeagues/${c.uid}`),
    ...signedIn(ok(see.publicLeagues)),
    otherUser: 403,
  },
  getLeague: {
    req: (c) => get(`/api/league/${lid(c, 'mp')}`),
    anonymous: 401,
    outsider: 403,
    pending: ok(see.league, ['pending']),
    member: ok(see.league),
    admin: ok(see.league),
  },
  updateLeague: {
    req: (c) => put(`/api/league/${lid(c, 'mp')}`, { Description: 'Friendly league', ShowOthersPicks: true }),
    ...adminOnly(see.message),
  },
  deleteLeague: { req: (c) => del(`/api/league/${lid(c, 'toDelete')}`), ...adminOnly(see.message) },
  activateLeague: {
    req: (c) => post('/api/league/activate', { UserID: c.uid, LeagueID: lid(c, 'toActivate') }),
    ...adminOnly(see.message),
    otherUser: 403,
  },
  changeLeagueAdmin: {
    req: (c) =>
      post('/api/league/changeAdmin', {
        LeagueID: lid(c, 'toTransfer'),
        AdminID: c.uid,
        NewAdminID: c.w.people.member.userId,
      }),
    ...adminOnly(see.message),
    otherUser: 403,
  },
  getLeagueConfigurations: {
    req: (c) => get(`/api/league_configuration/getConfigurationsForLeague/${lid(c, 'mp')}`),
    ...membersRead(see.configurations),
  },
  updateLeagueConfigurations: {
    req: async (c) => {
      const item = await c.w.t.db
        .selectFrom('league_configurations')
        .selectAll()
        .where('league_id', '=', lid(c, 'draft'))
        .orderBy('id')
        .executeTakeFirstOrThrow();
      return post('/api/league_configuration/bulkUpdate', {
        LeagueConfiguration: [
          {
            LeagueConfigurationID: item.id,
            LeagueID: item.league_id,
            FeatureID: item.feature_id,
            Points: item.points,
            IsActive: item.is_active,
          },
        ],
      });
    },
    ...adminOnly(see.message),
  },
  getSelectionConfigs: {
    req: (c) => get(`/api/selection_config/getSelectionConfigsForLeague/${lid(c, 'ps')}`),
    ...membersRead(see.selectionConfigs),
  },
  updateSelectionConfigs: {
    req: async (c) => {
      const rows = await c.w.t.db
        .selectFrom('league_selection_configs')
        .selectAll()
        .where('league_id', '=', lid(c, 'draft'))
        .execute();
      return post('/api/selection_config/bulkUpdate', {
        LeagueSelectionConfig: rows.map((r) => ({ SelectionConfigID: r.id, Count: r.count, IsActive: r.is_active })),
      });
    },
    ...adminOnly(see.message),
  },
  listLeagueMembers: {
    req: (c) => get(`/api/league_member/${lid(c, 'mp')}/members`),
    anonymous: 401,
    outsider: 403,
    pending: 403,
    member: ok(see.membersAsMember),
    admin: ok(see.membersAsAdmin, ['emails', 'pending']),
  },
  updateMemberStatus: {
    req: (c) =>
      post('/api/league_member/update_member_status', {
        LeagueMemberID: c.w.pendingMemberId.toDecide,
        LeagueID: lid(c, 'toDecide'),
        Status: 'Approved',
        AdminUserID: c.uid,
      }),
    ...adminOnly(see.message),
    otherUser: 403,
  },
  joinLeague: {
    req: (c) =>
      post('/api/league_member/joinLeague', {
        UserID: c.uid,
        LeagueCode: c.w.leagues.toJoin.LeagueCode,
        // The outsider joined as Joiner before the operator asks (display names are unique in a league).
        DisplayName: c.caller === 'operator' ? 'Joining operator' : 'Joiner',
      }),
    anonymous: 401,
    outsider: ok(see.joinedPending),
    pending: 400, // already requested
    member: 400, // already a member
    admin: 400,
    otherUser: 403,
  },

  // ---- picks ----
  getServerTime: { req: () => get('/api/view/serverTime'), ...signedIn(ok(see.serverTime)) },
  listLeagueFixtures: {
    req: (c) => get(`/api/league_fixture/getAllFixturesForLeague/${lid(c, 'mp')}`),
    ...membersRead(see.fixtures),
  },
  getMatchPredictionRows: {
    req: (c) =>
      post('/api/league_selection/user/', { UserID: c.uid, LeagueID: lid(c, 'mp'), FixtureID: c.w.upcoming.id }),
    ...membersRead(see.ownMpRows),
    otherUser: 403,
  },
  getTeamRules: {
    req: (c) => get(`/api/league/${lid(c, 'ps')}/team_rules`),
    ...membersRead(see.teamRules),
  },
  updateTeamRules: {
    req: (c) => put(`/api/league/${lid(c, 'draft')}/team_rules`, { ...TEAM_RULE_DEFAULTS }),
    ...adminOnly(see.teamRulesSaved),
  },
  getPlayerSelectionTeam: {
    req: (c) => get(`/api/player_selection/team/?FixtureID=${c.w.upcoming.id}&LeagueID=${lid(c, 'ps')}`),
    ...membersRead(see.ownPsTeam),
  },
  getPlayerSelectionRows: {
    req: (c) =>
      get(`/api/player_selection/fixture/?FixtureID=${c.w.upcoming.id}&LeagueID=${lid(c, 'ps')}&UserID=${c.uid}`),
    ...membersRead(see.ownPsRows),
    otherUser: 403,
  },
  listFixturePlayers: {
    req: (c) => get(`/api/player/getPlayersByFixtureID/${c.w.upcoming.id}`),
    ...signedIn(ok(see.squadPlayers)),
  },
  listFixturePlayerFigures: {
    req: (c) => get(`/api/player_selection/player_figures/?FixtureID=${c.w.upcoming.id}&LeagueID=${lid(c, 'ps')}`),
    ...membersRead(see.playerFigures),
  },
  listFixtureTeams: { req: (c) => get(`/api/team/getTeamsByFixtureID/${c.w.upcoming.id}`), ...signedIn(ok(see.teams)) },
  saveMatchPredictionPicks: {
    req: async (c) => {
      const feature = await c.w.t.db
        .selectFrom('league_configurations')
        .select('id')
        .where('league_id', '=', lid(c, 'mp'))
        .where('feature_id', '=', 1)
        .executeTakeFirstOrThrow();
      const team = c.w.picks.mpTeam[c.caller as 'admin' | 'member'] ?? c.w.upcoming.localTeamId;
      return put('/api/league_selection/bulk_update', {
        CopyToOtherLeagues: false,
        Selection: [
          {
            UserID: c.uid,
            LeagueID: lid(c, 'mp'),
            FixtureID: c.w.upcoming.id,
            LeagueFeatureID: feature.id,
            IsActive: true,
            TeamID: team,
          },
        ],
      });
    },
    ...membersRead(see.savedOne),
    otherUser: 403,
  },
  savePlayerSelectionPicks: {
    req: (c) =>
      put('/api/player_selection/bulk_update', {
        CopyToOtherLeagues: false,
        Selection: [
          {
            UserID: c.uid,
            LeagueID: lid(c, 'ps'),
            FixtureID: c.w.upcoming.id,
            PositionTypeID: 1,
            PositionOrder: 1,
            PlayerID: c.w.picks.psPlayer[c.caller as 'admin' | 'member'] ?? c.w.picks.psPlayer.admin,
            IsActive: true,
          },
        ],
      }),
    ...membersRead(see.savedOne),
    otherUser: 403,
  },
  listFixtureSelections: {
    req: (c) => post('/api/view/selectionsForFixture', { LeagueID: lid(c, 'mp'), FixtureID: c.w.upcoming.id }),
    ...membersRead(see.ownPicksOnly),
  },
  listFixturePlayerSelections: {
    req: (c) => post('/api/view/playerSelectionsForFixture', { LeagueID: lid(c, 'ps'), FixtureID: c.w.upcoming.id }),
    ...membersRead(see.ownPicksOnly),
  },

  // ---- standings ----
  getLeaderboard: { req: (c) => get(`/api/view/leaderboard/${lid(c, 'mp')}`), ...membersRead(see.leaderboard) },
  getPlayerSelectionLeaderboard: {
    req: (c) => get(`/api/view/player_selection_leaderboard/${lid(c, 'ps')}`),
    ...membersRead(see.leaderboard),
  },
  getPointsProgression: { req: (c) => get(`/api/view/progression/${lid(c, 'mp')}`), ...membersRead(see.progression) },
  getContestStandings: { req: (c) => get(`/api/contests/standings/${lid(c, 'mp')}`), ...membersRead(see.widgets) },
  // These may name another member (x-other-user-fields): mp and ps show others' picks, so the member may
  // open the admin's details of started fixtures.
  listPastSelections: {
    req: (c) => post('/api/view/pastSelections', { LeagueID: lid(c, 'mp'), UserID: c.uid }),
    ...membersRead(see.detailsOfNamed),
    otherUser: ok(see.detailsOfNamed),
  },
  listPastPlayerSelections: {
    req: (c) => post('/api/view/pastPlayerSelections', { LeagueID: lid(c, 'ps'), UserID: c.uid }),
    ...membersRead(see.detailsOfNamed),
    otherUser: ok(see.detailsOfNamed),
  },
  listPlayerScoringDetails: {
    req: (c) =>
      post('/api/view/playerSelectionsDetailedScoring', {
        LeagueID: lid(c, 'ps'),
        FixtureID: c.w.played.id,
        UserID: c.uid,
        PlayerID: 0,
      }),
    ...membersRead(see.scoringOfNamed),
    otherUser: ok(see.scoringOfNamed),
  },
  // ---- live (the played fixture stands in for a live one; the rules are the standings') ----
  listLiveFixtures: {
    req: () => get('/api/live/fixtures'),
    ...signedIn(ok((b) => expect(Array.isArray(b.Live) && Array.isArray(b.Next)).toBe(true))),
  },
  getMatchCentre: {
    req: (c) => get(`/api/live/fixture/${c.w.played.id}?leagueId=${lid(c, 'ps')}`),
    ...membersRead((b, c) => {
      expect(b.Fixture.FixtureID).toBe(c.w.played.id);
      expect(b.League.LeagueID).toBe(lid(c, 'ps'));
    }),
  },
  getLiveStandings: {
    req: (c) => get(`/api/live/standings/${lid(c, 'ps')}`),
    ...membersRead((b, c) => {
      expect(b.LeagueID).toBe(lid(c, 'ps'));
      expect(b.Live).toBe(false);
      expect(b.Rows).toEqual([]);
    }),
  },
  streamLiveEvents: {
    req: (c) => ({ ...get(`/api/live/stream?leagues=${lid(c, 'mp')}&fixtures=${c.w.played.id}`), stream: true }),
    ...membersRead(() => {}),
  },
  listLiveEvents: {
    req: (c) => get(`/api/live/events?leagues=${lid(c, 'mp')}&after=0`),
    ...membersRead((b) => expect(Array.isArray(b.Events)).toBe(true)),
  },

  // ---- the operator console: operators only (league admins are not operators) ----
  getOperatorStatus: {
    req: () => get('/api/operator/status'),
    ...signedIn(ok(see.operatorStatus)),
    operator: ok(see.operatorStatus),
  },
  listOperators: { req: () => get('/api/operator/operators'), ...operatorOnly(ok(see.operators)) },
  grantOperator: {
    req: async (c) => {
      const who = await quickUser(c.w, { first: 'Granted' });
      return { ...post('/api/operator/operators', { Email: who.email }), note: who };
    },
    ...operatorOnly(ok(see.grantedOperator)),
  },
  revokeOperator: {
    req: async (c) => {
      const who = await quickUser(c.w, { first: 'Revoked' });
      await grantOperator(c.w.t.db, cliActor(), who.email);
      return post('/api/operator/operators/revoke', { Email: who.email });
    },
    ...operatorOnly(ok(see.message)),
  },
  listAuditLog: { req: () => get('/api/operator/audit?limit=200'), ...operatorOnly(ok(see.auditLog)) },
  listOperatorSeasons: { req: () => get('/api/operator/seasons'), ...operatorOnly(ok(see.operatorSeasons)) },
  createSeason: {
    req: () => {
      matrixCounter += 1;
      return post('/api/operator/seasons', {
        Name: `Matrix Cup ${matrixCounter}`,
        Competition: 'Matrix Cup',
        Year: 2031,
      });
    },
    ...operatorOnly(created(see.createdSeason)),
  },
  setSeasonActive: {
    req: async (c) => {
      const id = await spareSeason(c);
      return { ...post(`/api/operator/seasons/${id}/activation`, { Active: true }), note: { id } };
    },
    ...operatorOnly(ok(see.activatedSeason)),
  },
  getDataHealth: { req: () => get('/api/operator/health'), ...operatorOnly(ok(see.dataHealth)) },
  listOperatorFixtures: {
    req: (c) => get(`/api/operator/fixtures?seasonId=${c.w.lw.seasonId}`),
    ...operatorOnly(ok(see.operatorFixtures)),
  },
  importScheduleFile: {
    req: () =>
      post('/api/operator/schedule', {
        Apply: false,
        File: {
          FileName: 'schedule.json',
          ContentBase64: base64(
            JSON.stringify({
              season: 'Matrix Schedule 2031',
              competition: 'Matrix Schedule',
              year: 2031,
              fixtures: [
                { matchNumber: 1, startTime: '2031-03-22T14:00:00Z', home: 'Matrix Lions', away: 'Matrix Tigers' },
              ],
            }),
          ),
        },
      }),
    ...operatorOnly(ok(see.preview)),
  },
  importSquadsFile: {
    req: () =>
      post('/api/operator/squads', {
        Apply: false,
        File: {
          FileName: 'squads.json',
          ContentBase64: base64(
            JSON.stringify({
              season: 'Matrix Squads 2031',
              teams: [
                {
                  name: 'Matrix Lions',
                  code: 'MXL',
                  players: [{ name: 'A Matrixman', cricsheetId: 'matrix-0001', position: 'Bowler' }],
                },
              ],
            }),
          ),
        },
      }),
    ...operatorOnly(ok(see.preview)),
  },
  uploadCricsheetResults: {
    req: () =>
      post('/api/operator/results/cricsheet', {
        Files: [
          { FileName: '1422119.json', ContentBase64: base64(readFileSync(joinPath(IPL_2024_DIR, '1422119.json'))) },
        ],
      }),
    ...operatorOnly(ok(see.cricsheetImported)),
  },
  setFixtureResult: {
    req: async (c) => {
      // The operator's cell washes out a fixture of its own (started an hour ago); the others name the played one.
      const id =
        c.caller === 'operator' ? (await addFixture(c.w.lw, -3_600_000, 'Matrix rained off')).id : c.w.played.id;
      return { ...post(`/api/operator/fixtures/${id}/result`, { Status: 'washed_out' }), note: { id } };
    },
    ...operatorOnly(ok(see.washedOut)),
  },
  listFixturePrices: {
    req: (c) => get(`/api/operator/fixtures/${c.w.upcoming.id}/prices`),
    ...operatorOnly(ok(see.fixturePrices)),
  },
  setFixturePrice: {
    req: async (c) => {
      const player = await c.w.t.db
        .selectFrom('squads as s')
        .innerJoin('fixtures as f', 'f.season_id', 's.season_id')
        .select('s.player_id')
        .where('f.id', '=', c.w.upcoming.id)
        .where('s.team_id', '=', c.w.upcoming.localTeamId)
        .orderBy('s.player_id')
        .executeTakeFirstOrThrow();
      return put(`/api/operator/fixtures/${c.w.upcoming.id}/prices`, { PlayerID: player.player_id, Price: 9.5 });
    },
    ...operatorOnly(ok(see.priceSet)),
  },
  getFixtureScorecard: {
    req: (c) => get(`/api/operator/fixtures/${c.w.upcoming.id}/scorecard`),
    ...operatorOnly(ok(see.scorecardSheet)),
  },
  previewFixtureScorecard: {
    req: async (c) => {
      // The operator's cell types a scorecard for a fixture of its own (started an hour ago); the others name the played one.
      const id =
        c.caller === 'operator' ? (await addFixture(c.w.lw, -3_600_000, 'Matrix scorecard preview')).id : c.w.played.id;
      return {
        ...post(`/api/operator/fixtures/${id}/scorecard/preview`, await noResultScorecard(c, id)),
        note: { id },
      };
    },
    ...operatorOnly(ok(see.scorecardPreview)),
  },
  saveFixtureScorecard: {
    req: async (c) => {
      const id =
        c.caller === 'operator' ? (await addFixture(c.w.lw, -3_600_000, 'Matrix scorecard')).id : c.w.played.id;
      return { ...put(`/api/operator/fixtures/${id}/scorecard`, await noResultScorecard(c, id)), note: { id } };
    },
    ...operatorOnly(ok(see.scorecardSaved)),
  },
  listImportRuns: {
    req: async (c) => {
      await matrixRun(c);
      return get('/api/operator/imports');
    },
    ...operatorOnly(ok(see.importRuns)),
  },
  getImportRun: {
    req: async (c) => {
      const id = await matrixRun(c);
      return { ...get(`/api/operator/imports/${id}`), note: { id } };
    },
    ...operatorOnly(ok(see.importRun)),
  },
  getFetchStatus: { req: () => get('/api/operator/fetch'), ...operatorOnly(ok(see.fetchOff)) },
  // Off by default: no fetch URL is configured in the test app.
  runCricsheetFetch: { req: () => post('/api/operator/fetch'), ...operatorOnly(400) },
  listVendors: { req: () => get('/api/operator/vendors'), ...operatorOnly(ok(see.vendors)) },
  // A request without the secret key: refused before the vendor is called (the test app calls no vendor).
  setVendorCredentials: {
    req: () => put('/api/operator/vendors/entitysport/credentials', { AccessKey: 'matrix-access' }),
    ...operatorOnly(400),
  },
  clearVendorCredentials: {
    req: () => del('/api/operator/vendors/entitysport/credentials'),
    ...operatorOnly(ok(see.vendorStatus)),
  },
  setVendorSettings: {
    req: () =>
      put('/api/operator/vendors/entitysport/settings', {
        Sync: false,
        ScheduleMinutes: 60,
        LiveSeconds: 20,
        LineupMinutes: 60,
        DailyCallBudget: 500,
      }),
    ...operatorOnly(ok(see.vendorStatus)),
  },
  // Not configured in the test app: 400 before any call.
  listVendorCompetitions: { req: () => get('/api/operator/vendors/entitysport/competitions'), ...operatorOnly(400) },
  importVendorCompetition: {
    req: () => post('/api/operator/vendors/entitysport/competition', { CompetitionID: '128471', Apply: false }),
    ...operatorOnly(400),
  },
  runVendorSync: { req: () => post('/api/operator/vendors/entitysport/sync'), ...operatorOnly(400) },
};

/** A scorecard of a match with no result and no innings: each team's first eleven of its squad. */
async function noResultScorecard(c: Ctx, fixtureId: number) {
  const db = c.w.t.db;
  const f = await db
    .selectFrom('fixtures')
    .select(['season_id', 'local_team_id', 'visitor_team_id'])
    .where('id', '=', fixtureId)
    .executeTakeFirstOrThrow();
  const eleven = async (teamId: number) =>
    (
      await db
        .selectFrom('squads')
        .select('player_id')
        .where('season_id', '=', f.season_id)
        .where('team_id', '=', teamId)
        .orderBy('player_id')
        .limit(11)
        .execute()
    ).map((r) => r.player_id);
  return {
    OversPerInnings: 20,
    Toss: null,
    Playing: [
      { TeamID: f.local_team_id, PlayerIDs: await eleven(f.local_team_id) },
      { TeamID: f.visitor_team_id, PlayerIDs: await eleven(f.visitor_team_id) },
    ],
    Innings: [],
    Outcome: { Kind: 'no_result' },
    PlayerOfMatchIDs: [],
  };
}

/** A schedule run on record, as the CLI would leave it (for the import-history rows). */
async function matrixRun(c: Ctx): Promise<number> {
  return recordImportRun(c.w.t.db, {
    kind: 'schedule',
    trigger: 'cli',
    source: 'matrix-schedule.json',
    actor: cliActor(),
    outcome: 'succeeded',
    counts: { unchanged: 1 },
    lines: [{ key: 'Match 1', status: 'unchanged', fixtureId: c.w.upcoming.id }],
  });
}

/** Fields whose value is a user id (the generic owner rule of src/http/openapi.ts, plus {userId}). */
const USER_FIELDS = new Set(['userId', 'user_id', 'UserID', 'AdminUserID', 'AdminID']);

function namesUser(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const s = schema as { properties?: Record<string, unknown>; items?: unknown };
  return (
    Object.entries(s.properties ?? {}).some(([name, sub]) => USER_FIELDS.has(name) || namesUser(sub)) ||
    namesUser(s.items)
  );
}
const operationNamesUser = (op: OpenApiOperation) =>
  [op.schema.params, op.schema.querystring, op.schema.body].some(namesUser);

/** Never in any answer: keys that look like credentials. */
// "sid" as a name of its own (fcl_sid, SessionSid), not inside a word (MaxPerSide).
const SECRET_KEY = /pass|hash|secret|salt|token|sid(?![a-z])/i;
function secretKeys(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => secretKeys(v, `${path}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(SECRET_KEY.test(k) ? [`${path}.${k}`] : []),
    ...secretKeys(v, `${path}.${k}`),
  ]);
}

const cellOf = (row: Row, caller: Caller): Cell | undefined =>
  caller === 'operator' ? (row.operator ?? row.outsider) : row[caller];
const statusOf = (cell: Cell) => (typeof cell === 'number' ? cell : cell.status);

const figures = { rows: 0, cells: 0, byStatus: new Map<number, number>() };

beforeAll(async () => {
  w = await buildWorld();
  login = await loginAccount(w);
});
afterAll(async () => {
  if (w) await closeWorld(w);
});

/**
 * What the matrix's single request per cell cannot show: others' picks after the start (shown or
 * hidden by the league), names in a public league, a Rejected member. Runs before the matrix, whose
 * last row deletes the accounts.
 */
describe(`visibility beyond the matrix on ${DB_TARGET}`, () => {
  const call = async (role: PersonRole, method: Req['method'], url: string, body?: unknown) => {
    const res = await (await clientFor(w, w.people[role])).request(method, url, body);
    return { status: res.statusCode, body: res.body === '' ? undefined : res.json(), text: res.body };
  };
  const selections = (role: PersonRole, key: LeagueKey, fixtureId: number, ps = false) =>
    call(role, 'POST', ps ? '/api/view/playerSelectionsForFixture' : '/api/view/selectionsForFixture', {
      LeagueID: w.leagues[key].LeagueID,
      FixtureID: fixtureId,
    });
  const userIds = (rows: Body[]) => [...new Set(rows.map((r) => r.UserID as number))].sort((a, b) => a - b);

  it("after the start, a league that shows others' picks shows every Approved member's, with full names", async () => {
    const { admin, member } = w.people;
    for (const [key, ps] of [
      ['mp', false],
      ['ps', true],
    ] as const) {
      const res = await selections('member', key, w.played.id, ps);
      expect(res.status).toBe(200);
      expect(userIds(res.body)).toEqual([admin.userId, member.userId].sort((a, b) => a - b));
      const adminRow = res.body.find((r: Body) => r.UserID === admin.userId);
      expect([adminRow.UserFullName, adminRow.IsOwn]).toEqual(['Ada Admiralty', false]);
      expect(res.text).not.toContain(DISPLAY.pending);
    }
  });

  it("a league that hides others' picks shows only one's own, before and after the start, admin included", async () => {
    for (const role of ['member', 'admin'] as const) {
      for (const fixture of [w.upcoming.id, w.played.id]) {
        const res = await selections(role, 'mpHidden', fixture);
        expect(res.status).toBe(200);
        expect(userIds(res.body)).toEqual([w.people[role].userId]);
      }
    }
    const details = await call('member', 'POST', '/api/view/pastSelections', {
      LeagueID: w.leagues.mpHidden.LeagueID,
      UserID: w.people.admin.userId,
    });
    expect([details.status, details.body.error.message]).toEqual([403, messages.standingsApi.othersHidden]);
    const byAdmin = await call('admin', 'POST', '/api/view/pastSelections', {
      LeagueID: w.leagues.mpHidden.LeagueID,
      UserID: w.people.member.userId,
    });
    expect(byAdmin.status).toBe(403);
  });

  it('a public league shows no full names anywhere: members, picks, leaderboard, score details', async () => {
    const pub = w.leagues.pub.LeagueID;
    const answers = [
      await call('member', 'GET', `/api/league_member/${pub}/members`),
      await call('admin', 'GET', `/api/league_member/${pub}/members`),
      await selections('member', 'pub', w.played.id),
      await call('member', 'GET', `/api/view/leaderboard/${pub}`),
      await call('member', 'POST', '/api/view/pastSelections', { LeagueID: pub, UserID: w.people.admin.userId }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(200);
      for (const p of Object.values(w.people)) expect(res.text).not.toContain(p.last);
    }
    const members = answers[0]!.body.data as Body[];
    expect(members.map((m) => [m.FirstName, m.LastName])).toEqual([
      ['', ''],
      ['', ''],
    ]);
    expect(new Set((answers[2]!.body as Body[]).map((r) => r.UserFullName))).toEqual(new Set(['']));
    expect(new Set((answers[3]!.body as Body[]).map((r) => r.UserFullName))).toEqual(new Set(['']));
  });

  it('a Rejected request sees nothing of the league and cannot ask again', async () => {
    const league = w.leagues.mpHidden;
    const decided = await call('admin', 'POST', '/api/league_member/update_member_status', {
      LeagueMemberID: w.pendingMemberId.mpHidden,
      LeagueID: league.LeagueID,
      Status: 'Rejected',
      AdminUserID: w.people.admin.userId,
    });
    expect(decided.status).toBe(200);
    for (const url of [
      `/api/league/${league.LeagueID}`,
      `/api/league_member/${league.LeagueID}/members`,
      `/api/view/leaderboard/${league.LeagueID}`,
    ]) {
      expect((await call('pending', 'GET', url)).status).toBe(403);
    }
    const mine = await call('pending', 'GET', `/api/league/userLeagues/${w.people.pending.userId}`);
    expect(mine.body.data.map((l: Body) => l.LeagueID)).not.toContain(league.LeagueID);
    const again = await call('pending', 'POST', '/api/league_member/joinLeague', {
      UserID: w.people.pending.userId,
      LeagueCode: league.LeagueCode,
      DisplayName: 'Another try',
    });
    expect([again.status, again.body.error.message]).toEqual([400, messages.leagueApi.rejectedFinal]);
    // The admin's list still shows the decision, with the email; nobody else's list shows the person.
    const asAdmin = await call('admin', 'GET', `/api/league_member/${league.LeagueID}/members`);
    expect(asAdmin.body.data.find((m: Body) => m.UserID === w.people.pending.userId)).toMatchObject({
      Status: 'Rejected',
      Email: w.people.pending.email,
    });
    const asMember = await call('member', 'GET', `/api/league_member/${league.LeagueID}/members`);
    expect(asMember.text).not.toContain(DISPLAY.pending);
  });
});

describe(`access matrix on ${DB_TARGET}`, () => {
  it('has exactly one row per operation of openapi.yaml', () => {
    expect(Object.keys(matrix).sort()).toEqual([...operationIds].sort());
  });

  it('has an otherUser cell exactly for the operations that name a user', () => {
    const missing = operationIds.filter(
      (id) => operationNamesUser(operation(id)) !== 'otherUser' in matrix[id as OperationId],
    );
    expect(missing).toEqual([]);
  });

  it('expects what the contract allows: every cell status is documented for its operation', () => {
    const undocumented: string[] = [];
    for (const [id, row] of Object.entries(matrix)) {
      for (const caller of CALLERS) {
        const cell = cellOf(row, caller);
        if (cell === undefined) continue;
        const res = { statusCode: statusOf(cell), body: '', headers: {} } as LightMyRequestResponse;
        if (contractProblems(id, res).some((p) => p.includes('is not documented')))
          undocumented.push(`${id} ${caller}`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  const rows = Object.entries(matrix).sort(([, a], [, b]) => Number(a.last ?? false) - Number(b.last ?? false));
  for (const [id, row] of rows) {
    it(`${id}: ${CALLERS.map((c) => {
      const cell = cellOf(row, c);
      return cell === undefined ? '' : `${c} ${statusOf(cell)}`;
    })
      .filter(Boolean)
      .join(', ')}`, async () => {
      const op = operation(id);
      figures.rows += 1;
      for (const caller of CALLERS) {
        const cell = cellOf(row, caller);
        if (cell === undefined) continue;
        const { res, ctx, note } = await runCell(op, row, caller);
        const where = `${id} as ${caller}`;
        expect(res.statusCode, `${where}: ${res.body}`).toBe(statusOf(cell));
        expect(contractProblems(id, res), where).toEqual([]);
        figures.cells += 1;
        figures.byStatus.set(res.statusCode, (figures.byStatus.get(res.statusCode) ?? 0) + 1);

        const body = res.body === '' ? undefined : res.json();
        if (res.statusCode >= 400) {
          expect(typeof body?.error?.message, where).toBe('string');
          if (res.statusCode === 401) expect(body.error.message).toBe(messages.profile.notLoggedIn);
        }
        expect(secretKeys(body), where).toEqual([]);
        const reveals = typeof cell === 'number' ? [] : (cell.reveals ?? []);
        const foreignEmails = [...Object.values(w.people), w.operator]
          .filter((p) => p !== ctx.me && res.body.includes(p.email))
          .map((p) => p.email);
        if (!reveals.includes('emails')) expect(foreignEmails, `${where} shows others' emails`).toEqual([]);
        if (!reveals.includes('pending') && caller !== 'pending') {
          expect(res.body.includes(DISPLAY.pending), `${where} shows the Pending member`).toBe(false);
        }
        if (typeof cell !== 'number') cell.see(body, ctx, note);
      }
    });
  }

  afterAll(() => {
    const statuses = [...figures.byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    console.log(
      `access matrix on ${DB_TARGET}: ${figures.rows} operations, ${figures.cells} cells (${statuses.join(', ')})`,
    );
  });
});

/** One cell: a new client for the caller (a session of their own), the row's request, the answer. */
async function runCell(op: OpenApiOperation, row: Row, caller: Caller) {
  const me =
    caller === 'anonymous'
      ? null
      : caller === 'operator'
        ? w.operator
        : w.people[caller === 'otherUser' ? 'member' : caller];
  const named =
    caller === 'anonymous' || caller === 'otherUser'
      ? w.people.admin
      : caller === 'operator'
        ? w.operator
        : w.people[caller];
  const ctx: Ctx = { w, caller, me, uid: named.userId, named };
  const req = await row.req(ctx);
  expect(addresses(op, req.method, req.url), `${op.operationId}: ${req.method} ${req.url} is not ${op.path}`).toBe(
    true,
  );
  const client = await clientFor(w, me ?? undefined);
  const res = req.stream ? await streamRequest(client, req.url) : await client.request(req.method, req.url, req.body);
  return { res, ctx, note: req.note };
}

/** A GET whose answer may be an endless stream: over a real connection, dropped once the headers say it is one. */
async function streamRequest(client: { cookies: Map<string, string> }, url: string): Promise<LightMyRequestResponse> {
  const app = w.t.app;
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const ctl = new AbortController();
  const r = await fetch(`http://127.0.0.1:${port}${url}`, {
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    signal: ctl.signal,
  });
  const headers = Object.fromEntries(r.headers);
  let body = '';
  if (String(headers['content-type']).startsWith('text/event-stream')) ctl.abort();
  else body = await r.text();
  return { statusCode: r.status, headers, body, json: () => JSON.parse(body) } as unknown as LightMyRequestResponse;
}
