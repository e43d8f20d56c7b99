import { messages } from '@fantasy-cricket/rules';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../src/http/errors';
import { newToken, sha256 } from '../src/http/tokens';
import { PASSWORD, type SignedIn, signUp, startTestApp, type TestApp, type TestClient } from './helpers';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
beforeAll(async () => {
  t = await startTestApp();
  alice = await signUp(t, undefined, { first: 'Alice', last: 'Archer' });
  bob = await signUp(t, undefined, { first: 'Bob', last: 'Bowler' });
});
afterAll(async () => {
  await t.close();
});

const flags = { missing_pick_notification: false, use_ai_auto_pick: true };
const prefsOf = (userId: number) =>
  t.db
    .selectFrom('users')
    .select(['missing_pick_notification', 'use_ai_auto_pick'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();

describe('XSRF double submit', () => {
  it('sets a readable XSRF-TOKEN cookie on any response when absent, and keeps it when present', async () => {
    const client = t.client();
    const first = await client.get('/api/faq/');
    const cookie = first.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Lax');
    const second = await client.get('/api/faq/');
    expect(second.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
    const notFound = await t.client().get('/api/nothing-here');
    expect(notFound.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeDefined();
  });

  it('answers 403 for a missing or wrong header and changes nothing', async () => {
    const before = await prefsOf(alice.userId);
    for (const xsrf of [false, 'x'.repeat(43), ''] as const) {
      const res = await alice.client.put(`/api/user/${alice.userId}`, flags, { xsrf });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { message: 'Missing or invalid XSRF token.' } });
    }
    expect(await prefsOf(alice.userId)).toEqual(before);

    const del = await alice.client.delete(`/api/user/${alice.userId}`, { user_id: alice.userId }, { xsrf: false });
    expect(del.statusCode).toBe(403);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', alice.userId).execute()).toHaveLength(1);
  });

  it('answers 403 when the cookie is missing even if a header is sent, and for public operations too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/authenticate_user',
      headers: { 'x-xsrf-token': 'A'.repeat(43) },
      payload: { email: alice.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(apiMessages.xsrf);
    expect(res.cookies.find((c) => c.name === 'fcl_sid')).toBeUndefined();
    const contact = await t
      .client()
      .post(
        '/api/contact_us/add_contact_message',
        { name: 'X', email: 'x@example.com', message: 'hi' },
        { xsrf: false },
      );
    expect(contact.statusCode).toBe(403);
    expect(await t.db.selectFrom('contact_messages').selectAll().execute()).toHaveLength(0);
  });
});

describe('XSRF token tied to the session', () => {
  const xsrfOf = (c: TestClient) => c.cookies.get('XSRF-TOKEN') ?? '';
  const sidOf = (c: TestClient) => c.cookies.get('fcl_sid') ?? '';
  const putPrefs = (userId: number, sid: string, xsrf: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/user/${userId}`,
      headers: { cookie: `fcl_sid=${sid}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      payload: flags,
    });

  it("refuses one session's token with another session's cookie, and answers with the right one", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    expect(xsrfOf(a.client)).not.toBe(xsrfOf(b.client));
    const before = await prefsOf(b.userId);
    const res = await putPrefs(b.userId, sidOf(b.client), xsrfOf(a.client));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { message: apiMessages.xsrf } });
    expect(await prefsOf(b.userId)).toEqual(before);
    // The answer carries B's own token, which works with B's cookie.
    const reissued = res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    expect(reissued).toBe(xsrfOf(b.client));
    expect((await putPrefs(b.userId, sidOf(b.client), reissued)).statusCode).toBe(200);
    // An anonymous (random) token is refused with a session cookie too.
    expect((await putPrefs(b.userId, sidOf(b.client), newToken())).statusCode).toBe(403);
  });

  it('issues a new token at sign-in and at sign-out; the old one stops working', async () => {
    const s = await signUp(t);
    const client = t.client();
    await client.get('/api/faq/');
    const anonymous = xsrfOf(client);
    expect(anonymous).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const login = await client.post('/api/user/authenticate_user', { email: s.email, password: PASSWORD });
    expect(login.json().status).toBe('success');
    const signedIn = login.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(signedIn?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signedIn?.value).not.toBe(anonymous);
    expect(signedIn?.httpOnly).toBeFalsy();
    expect((await putPrefs(s.userId, sidOf(client), anonymous)).statusCode).toBe(403);
    expect((await client.put(`/api/user/${s.userId}`, flags)).statusCode).toBe(200);

    // Signing in again (a new session) makes the previous session's token useless.
    const again = await client.post('/api/user/authenticate_user', { email: s.email, password: PASSWORD });
    expect(again.json().status).toBe('success');
    expect(xsrfOf(client)).not.toBe(signedIn?.value);
    expect((await putPrefs(s.userId, sidOf(client), signedIn?.value ?? '')).statusCode).toBe(403);
    expect((await client.put(`/api/user/${s.userId}`, flags)).statusCode).toBe(200);

    const bound = xsrfOf(client);
    const out = await client.post('/api/session/sign_out');
    expect(out.statusCode).toBe(204);
    const fresh = out.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(bound);
    // Anonymous calls keep working with the anonymous token.
    const contact = await client.post('/api/contact_us/add_contact_message', {
      name: 'Asha',
      email: s.email,
      message: 'Hello',
    });
    expect(contact.statusCode).toBe(201);
  });

  it('every API process on the database accepts the tokens of the others', async () => {
    const other = await startTestApp({}, {}, t.database);
    try {
      const s = await signUp(t);
      const sid = sidOf(s.client);
      const res = await other.app.inject({
        method: 'PUT',
        url: `/api/user/${s.userId}`,
        headers: { cookie: `fcl_sid=${sid}; XSRF-TOKEN=${xsrfOf(s.client)}`, 'x-xsrf-token': xsrfOf(s.client) },
        payload: flags,
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});

describe('authentication and ownership', () => {
  it('answers 401 on protected operations without a session', async () => {
    const anon = t.client();
    const responses = [
      await anon.get(`/api/user/${alice.userId}`),
      await anon.put(`/api/user/${alice.userId}`, flags),
      await anon.delete(`/api/user/${alice.userId}`, { user_id: alice.userId }),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { message: messages.profile.notLoggedIn } });
    }
  });

  it('answers 401 before validating the body', async () => {
    const res = await t.client().put(`/api/user/${alice.userId}`, { nonsense: 1 });
    expect(res.statusCode).toBe(401);
  });

  it("answers 403 for another user's id in the path or in the body", async () => {
    const before = await prefsOf(bob.userId);
    const read = await alice.client.get(`/api/user/${bob.userId}`);
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({ error: { message: apiMessages.notYours } });
    expect((await alice.client.put(`/api/user/${bob.userId}`, flags)).statusCode).toBe(403);
    expect(await prefsOf(bob.userId)).toEqual(before);

    const bodyMismatch = await alice.client.delete(`/api/user/${alice.userId}`, { user_id: bob.userId });
    expect(bodyMismatch.statusCode).toBe(403);
    const pathMismatch = await alice.client.delete(`/api/user/${bob.userId}`, { user_id: alice.userId });
    expect(pathMismatch.statusCode).toBe(403);
    const users = await t.db.selectFrom('users').select('id').where('id', 'in', [alice.userId, bob.userId]).execute();
    expect(users).toHaveLength(2);
  });
});

describe('sessions', () => {
  it("rotates at sign-in: the browser's previous session id stops working", async () => {
    const client = alice.client;
    const oldSid = client.cookies.get('fcl_sid')!;
    const res = await client.post('/api/user/authenticate_user', { email: alice.email, password: PASSWORD });
    const newSid = client.cookies.get('fcl_sid')!;
    expect(res.json().status).toBe('success');
    expect(newSid).not.toBe(oldSid);
    expect(
      await t.db.selectFrom('sessions').select('id_hash').where('id_hash', '=', sha256(oldSid)).execute(),
    ).toHaveLength(0);

    const replay = await t.app.inject({ method: 'GET', url: '/api/session', cookies: { fcl_sid: oldSid } });
    expect(replay.statusCode).toBe(204);
    expect(replay.cookies.find((c) => c.name === 'fcl_sid')?.value).toBe('');
    expect((await client.get('/api/session')).statusCode).toBe(200);
  });

  it('ends a session after its absolute lifetime and after the idle timeout', async () => {
    const s = await signUp(t);
    const hash = sha256(s.client.cookies.get('fcl_sid')!);
    const row = await t.db.selectFrom('sessions').selectAll().where('id_hash', '=', hash).executeTakeFirstOrThrow();
    expect((row.expires_at.getTime() - row.created_at.getTime()) / 86_400_000).toBeCloseTo(30, 3);

    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: sql<Date>`now() - interval '7 days 1 minute'` })
      .where('id_hash', '=', hash)
      .execute();
    expect((await s.client.get('/api/session')).statusCode).toBe(204);
    expect(await t.db.selectFrom('sessions').select('id_hash').where('id_hash', '=', hash).execute()).toHaveLength(0);

    const s2 = t.client();
    await s2.post('/api/user/authenticate_user', { email: s.email, password: PASSWORD });
    const hash2 = sha256(s2.cookies.get('fcl_sid')!);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id_hash', '=', hash2)
      .execute();
    expect((await s2.get('/api/session')).statusCode).toBe(204);
  });

  it('touches last_seen_at at most once a minute', async () => {
    const s = await signUp(t);
    const hash = sha256(s.client.cookies.get('fcl_sid')!);
    const seen = async () =>
      (await t.db.selectFrom('sessions').select('last_seen_at').where('id_hash', '=', hash).executeTakeFirstOrThrow())
        .last_seen_at;
    const past = sql<Date>`now() - interval '30 seconds'`;
    await t.db.updateTable('sessions').set({ last_seen_at: past }).where('id_hash', '=', hash).execute();
    const before = await seen();
    await s.client.get('/api/session');
    expect((await seen()).getTime()).toBe(before.getTime());

    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: sql<Date>`now() - interval '2 minutes'` })
      .where('id_hash', '=', hash)
      .execute();
    await s.client.get('/api/session');
    expect(Date.now() - (await seen()).getTime()).toBeLessThan(10_000);
  });

  it('sets Secure cookies in production', async () => {
    const prod = await startTestApp({ production: true }, {}, t.database);
    try {
      const client = prod.client();
      const res = await client.post('/api/user/authenticate_user', { email: bob.email, password: PASSWORD });
      expect(res.json().status).toBe('success');
      expect(res.cookies.find((c) => c.name === 'fcl_sid')?.secure).toBe(true);
      const xsrf = await prod.client().get('/api/faq/');
      expect(xsrf.cookies.find((c) => c.name === 'XSRF-TOKEN')?.secure).toBe(true);
      expect(xsrf.headers['strict-transport-security']).toMatch(/max-age=/);
    } finally {
      await prod.close();
    }
  });
});

describe('security headers', () => {
  it('sends a CSP that lets the SPA and the PDF modal work', async () => {
    const res = await t.client().get('/api/faq/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("object-src 'self'");
    expect(csp).toContain("frame-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
