import { messages } from '@fantasy-cricket/rules';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoSeason } from '../../src/demo/season';
import { liveHub } from '../../src/live/hub';
import { DB_TARGET } from '../db';
import { PASSWORD, pollUntil, type SignedIn, startTestApp, type TestApp } from '../helpers';
import { person } from '../leagues/setup';
import { contractProblems } from '../security/contract';
import { openStream, type Sse } from './sse';

/**
 * Open streams are capped per session, per client address and per process (Config.liveStreams): the
 * one past a cap is refused with 429 (session, address) or 503 (process), a JSON error and Retry-After,
 * and a stream gives its place back when it ends — or when it is refused for another reason.
 */

const caps = { perSession: 2, perAddress: 3, perProcess: 4 };
let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;
let path: string;

beforeAll(async () => {
  t = await startTestApp({ liveStreams: caps });
  await loadDemoSeason(t.db, { now: new Date() });
  alice = await person(t, 'Alice');
  bob = await person(t, 'Bob');
  carol = await person(t, 'Carol');
  const { rows } = await sql<{ id: number }>`SELECT id FROM fixtures ORDER BY start_time LIMIT 1`.execute(t.db);
  path = `/api/live/stream?fixtures=${rows[0]!.id}`;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** The answer as the contract checks see it. */
const asResponse = (s: Sse) =>
  ({ statusCode: s.res.statusCode, headers: s.res.headers, body: s.text }) as unknown as LightMyRequestResponse;

async function expectRefused(s: Sse, status: number, message: string) {
  expect(s.res.statusCode).toBe(status);
  await pollUntil(
    async () => s.ended,
    (ended) => ended,
  );
  expect(s.res.headers['retry-after']).toBe('30');
  expect(JSON.parse(s.text)).toEqual({ error: { message } });
  expect(contractProblems('streamLiveEvents', asResponse(s))).toEqual([]);
  s.close();
}

const open = (who: SignedIn, address?: string) => openStream(t, path, who.client.cookies, {}, address);

describe(`live stream caps on ${DB_TARGET}`, () => {
  it('refuses a stream past the cap of its session (429), of its address (429) and of the process (503)', async () => {
    const hub = liveHub(t.db);
    const opened: Sse[] = [];
    // Alice's two, from 127.0.0.1: her session is full.
    for (let i = 0; i < 2; i++) opened.push(await open(alice));
    expect(opened.map((s) => s.res.statusCode)).toEqual([200, 200]);
    await expectRefused(await open(alice), 429, messages.liveApi.tooManyForSession(2));
    // Another browser of hers (another address) is the same session.
    await expectRefused(await open(alice, '127.0.0.2'), 429, messages.liveApi.tooManyForSession(2));

    // Bob's first from 127.0.0.1 fills that address; his next from there is refused, from another one not.
    opened.push(await open(bob));
    expect(opened[2]!.res.statusCode).toBe(200);
    await expectRefused(await open(bob), 429, messages.liveApi.tooManyForAddress(3));
    opened.push(await open(bob, '127.0.0.2'));
    expect(opened[3]!.res.statusCode).toBe(200);

    // Four open: the process is full, for anyone from anywhere.
    await expectRefused(await open(carol, '127.0.0.3'), 503, messages.liveApi.full);
    expect(hub.size).toBe(4);

    // A stream that ends gives its place back.
    opened.shift()!.close();
    await pollUntil(
      async () => hub.size,
      (n) => n === 3,
    );
    const c = await open(carol, '127.0.0.3');
    expect(c.res.statusCode).toBe(200);
    opened.push(c);
    for (const s of opened) s.close();
    await pollUntil(
      async () => hub.size,
      (n) => n === 0,
    );
    expect(hub.size).toBe(0);
  });

  it('a stream refused for another reason, or ended by the server, holds no place', async () => {
    const hub = liveHub(t.db);
    // Unknown fixtures (404) and a Last-Event-ID out of range (400), more times than any cap.
    for (let i = 0; i < 6; i++) {
      const bad = await openStream(t, '/api/live/stream?fixtures=999999', alice.client.cookies);
      expect(bad.res.statusCode).toBe(404);
      bad.close();
      const range = await openStream(t, path, alice.client.cookies, { 'last-event-id': '2147483648' });
      expect(range.res.statusCode).toBe(400);
      range.close();
    }
    const s = [await open(alice), await open(alice)];
    expect(s.map((x) => x.res.statusCode)).toEqual([200, 200]);
    // Ended by the server (sign-out): both places come back, and a new session of hers may open two again.
    const cookies = new Map(alice.client.cookies);
    expect((await alice.client.post('/api/session/sign_out')).statusCode).toBe(204);
    for (const x of s) {
      await pollUntil(
        async () => x.ended,
        (ended) => ended,
      );
    }
    await pollUntil(
      async () => hub.size,
      (n) => n === 0,
    );
    expect((await openStream(t, path, cookies)).res.statusCode).toBe(401);
    const login = await alice.client.post('/api/user/authenticate_user', { email: alice.email, password: PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
    const again = [await open(alice), await open(alice)];
    expect(again.map((x) => x.res.statusCode)).toEqual([200, 200]);
    for (const x of again) x.close();
  });
});
