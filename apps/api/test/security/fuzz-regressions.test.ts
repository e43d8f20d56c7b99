import { messages } from '@fantasy-cricket/rules';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../src/http/errors';
import { DB_TARGET } from '../db';
import { pollUntil, type SignedIn, type TestApp } from '../helpers';
import { openStream, writeTopicEvents } from '../live/sse';
import { createLeague, leagueTables, type LeagueWorld, person, startLeagueWorld } from '../leagues/setup';
import { contractProblems } from './contract';

/**
 * Each bug the contract fuzzer (./fuzz.test.ts) found, pinned by the request that showed it, so it
 * stays fixed whatever seed the fuzzer draws. See docs/reliability.md.
 */

let w: LeagueWorld;
let t: TestApp;
let me: SignedIn;
beforeAll(async () => {
  w = await startLeagueWorld();
  t = w.t;
  me = await person(t, 'Fuzz');
});
afterAll(async () => {
  await t.close();
});

const error = (message: string) => ({ error: { message } });

describe(`bugs found by contract fuzzing, on ${DB_TARGET}`, () => {
  it('an id beyond 32 bits answers 400, not 500 (the database would overflow)', async () => {
    const cases: [string, string, string, unknown?][] = [
      ['getContestStandings', 'GET', '/api/contests/standings/2147483648'],
      ['listFixturePlayers', 'GET', '/api/player/getPlayersByFixtureID/9007199254740992'],
      ['getLeague', 'GET', '/api/league/2147483648'],
      ['listPastSelections', 'POST', '/api/view/pastSelections', { LeagueID: 1, UserID: -2.6e146 }],
      [
        'getMatchPredictionRows',
        'POST',
        '/api/league_selection/user/',
        { UserID: me.userId, LeagueID: 1, FixtureID: 2 ** 31 },
      ],
      [
        'createLeague',
        'POST',
        '/api/league/',
        {
          Name: 'Big stage',
          LeagueTypeID: 1,
          IsPrivate: true,
          ShowOthersPicks: false,
          SeasonID: 1,
          StageID: 2147483648,
          AdminUserID: me.userId,
          AdminDisplayName: 'Bigger',
        },
      ],
    ];
    for (const [operationId, method, url, body] of cases) {
      const res = await me.client.request(method, url, body);
      expect(res.statusCode, `${operationId}: ${res.body}`).toBe(400);
      expect(res.json().error.message).toMatch(/is out of range\.$/);
      expect(contractProblems(operationId, res)).toEqual([]);
    }
  });

  it('a malformed path answers 400 with the contract error body (Fastify answered its own body, or 414)', async () => {
    for (const [operationId, url] of [
      ['getLeague', '/api/league/%'],
      ['updateUserProfile', '/api/user/%zz'],
      ['getLeague', `/api/league/${'a'.repeat(101)}`],
    ] as const) {
      const method = operationId === 'updateUserProfile' ? 'PUT' : 'GET';
      const res = await me.client.request(method, url, { missing_pick_notification: true, use_ai_auto_pick: true });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual(error(apiMessages.badRequest));
      expect(contractProblems(operationId, res)).toEqual([]);
    }
  });

  it('a path parameter that is not a positive integer answers a documented 400', async () => {
    for (const [operationId, url] of [
      ['getUserProfile', `/api/user/-1`],
      ['getLeague', '/api/league/abc'],
      ['listLeagueMembers', '/api/league_member/0/members'],
      ['listFixtureTeams', '/api/team/getTeamsByFixtureID/1.5'],
      ['getPointsProgression', '/api/view/progression/%20'],
    ] as const) {
      const res = await me.client.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(contractProblems(operationId, res)).toEqual([]);
    }
  });

  it('a Last-Event-ID beyond 32 bits on the event stream answers 400 (it was accepted, and the next event ended the process)', async () => {
    // The audit's request: GET /api/live/stream?fixtures=<any> with Last-Event-ID: 9999999999.
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { rows } = await sql<{ id: number }>`SELECT id FROM fixtures ORDER BY start_time LIMIT 1`.execute(t.db);
      const path = `/api/live/stream?fixtures=${rows[0]!.id}`;
      const audit = await openStream(t, path, me.client.cookies, { 'last-event-id': '9999999999' });
      const healthy = await openStream(t, path, me.client.cookies);
      // The fixture's next event.
      const ids = await writeTopicEvents(t.db, { fixtures: [rows[0]!.id] });
      await pollUntil(
        async () => healthy.events.length,
        (n) => n >= ids.length,
      );
      expect(healthy.events.map((e) => e.id)).toEqual(ids);
      expect(audit.res.statusCode).toBe(400);
      await pollUntil(
        async () => audit.ended,
        (ended) => ended,
      );
      const answer = {
        statusCode: 400,
        headers: audit.res.headers,
        body: audit.text,
      } as unknown as LightMyRequestResponse;
      expect(answer.body).toBe(JSON.stringify(error('last-event-id is out of range.')));
      expect(contractProblems('streamLiveEvents', answer)).toEqual([]);
      for (const s of [audit, healthy]) s.close();
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('unsubscribe without the XSRF header answers a documented 403', async () => {
    const res = await t.client().post('/api/user/unsubscribe', { token: 'x' }, { xsrf: false });
    expect(res.statusCode).toBe(403);
    expect(contractProblems('unsubscribe', res)).toEqual([]);
  });

  it('an inactive position with a fractional, negative or huge count answers 400 and saves nothing (was a 500)', async () => {
    const league = await createLeague(w, me, { type: 2, name: 'Counts league' });
    const rows = (
      await me.client.get(`/api/selection_config/getSelectionConfigsForLeague/${league.LeagueID}`)
    ).json() as { ID: number; PositionTypeName: string; Count: number }[];
    const keeper = rows.find((r) => r.PositionTypeName === 'Wicketkeeper')!;
    for (const Count of [3.3e-246, 0.5, -1, 1e21]) {
      const before = await leagueTables(t.db);
      const res = await me.client.post('/api/selection_config/bulkUpdate', {
        LeagueSelectionConfig: [{ SelectionConfigID: keeper.ID, Count, IsActive: false }],
      });
      expect(res.statusCode, `${Count}: ${res.body}`).toBe(400);
      expect(res.json().error.message).toBe(messages.configure.positionMax(1, 'Wicketkeeper'));
      expect(contractProblems('updateSelectionConfigs', res)).toEqual([]);
      expect(await leagueTables(t.db)).toEqual(before);
    }
  });

  it('a NUL character (U+0000) in any string answers 400 and stores nothing (PostgreSQL text cannot hold it: was a 500)', async () => {
    const contacts = async () => (await t.db.selectFrom('contact_messages').select('id').execute()).length;
    const before = await contacts();
    const cases: [string, string, string, unknown?][] = [
      [
        'addContactMessage',
        'POST',
        '/api/contact_us/add_contact_message',
        { name: 'N', email: 'n@example.com', message: 'a\u0000b' },
      ],
      ['authenticateUser', 'POST', '/api/user/authenticate_user', { email: 'a\u0000@example.com', password: 'x' }],
      ['listPublicLeagues', 'GET', `/api/league/publicLeagues/${me.userId}?search=abc%00def`],
      [
        'joinLeague',
        'POST',
        '/api/league_member/joinLeague',
        { UserID: me.userId, LeagueCode: 'ABCDEFGH', DisplayName: 'Nul\u0000Name' },
      ],
    ];
    for (const [operationId, method, url, body] of cases) {
      const res = await me.client.request(method, url, body);
      expect(res.statusCode, `${operationId}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual(error(apiMessages.nulCharacter));
      expect(contractProblems(operationId, res)).toEqual([]);
    }
    expect(await contacts()).toBe(before);
  });
});
