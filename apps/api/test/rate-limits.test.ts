import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_USER_EMAIL } from '../src/db/migrations/0003_leagues';
import { apiMessages } from '../src/http/errors';
import { consume } from '../src/http/rate-limit';
import { PASSWORD, signUp, startTestApp, type TestApp, uniqueEmail } from './helpers';

const limit = (max: number) => ({ max, windowMs: 3_600_000 });
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    rateLimits: {
      login: limit(3),
      resendVerification: limit(2),
      forgotPassword: limit(2),
      register: limit(4),
      contact: limit(2),
      changePassword: limit(2),
    },
  });
});
afterAll(async () => {
  await t.close();
});

const expect429 = (res: { statusCode: number; json(): unknown; headers: Record<string, unknown> }) => {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ error: { message: 'Too many attempts. Please try again later.' } });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
};

describe('rate limits', () => {
  it('limits sign-in attempts per email and IP, even with the right password', async () => {
    const s = await signUp(t); // one attempt used
    const client = t.client();
    for (let i = 0; i < 2; i++) {
      expect(
        (await client.post('/api/user/authenticate_user', { email: s.email, password: 'wrong!!' })).json().status,
      ).toBe('failure');
    }
    expect429(await client.post('/api/user/authenticate_user', { email: s.email, password: PASSWORD }));
    // Another email from the same IP is not affected.
    const other = await t.client().post('/api/user/authenticate_user', { email: uniqueEmail(), password: PASSWORD });
    expect(other.statusCode).toBe(200);
  });

  it('caps sign-in attempts per address across many emails (one password tried on many accounts)', async () => {
    const capped = await startTestApp({ rateLimits: { loginPerAddress: limit(3) } });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await capped.client().post('/api/user/authenticate_user', { email: uniqueEmail(), password: 'x' });
        expect(res.json().status).toBe('failure');
      }
      expect429(await capped.client().post('/api/user/authenticate_user', { email: uniqueEmail(), password: 'x' }));
    } finally {
      await capped.close();
    }
  });

  it('limits resend and forgot-password per email, and contact per IP', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 2; i++)
      expect((await t.client().post('/api/user/resend_verification_email', { email })).statusCode).toBe(200);
    expect429(await t.client().post('/api/user/resend_verification_email', { email: email.toUpperCase() }));
    for (let i = 0; i < 2; i++)
      expect((await t.client().post('/api/user/initiate_change_password', { email })).statusCode).toBe(200);
    expect429(await t.client().post('/api/user/initiate_change_password', { email }));

    const body = { name: 'Kiran', email: 'k@example.com', message: 'Hi' };
    for (let i = 0; i < 2; i++)
      expect((await t.client().post('/api/contact_us/add_contact_message', body)).statusCode).toBe(201);
    expect429(await t.client().post('/api/contact_us/add_contact_message', body));
    expect(await t.db.selectFrom('contact_messages').select('id').execute()).toHaveLength(2);
  });

  it('limits registrations per IP (the signUp above used one) and writes nothing when limited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t
        .client()
        .post('/api/user/add_user', { first_name: 'Ra', last_name: 'Ka', email: uniqueEmail(), password: PASSWORD });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().error.message).toBe(apiMessages.tooManyAttempts);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    // 1 from signUp + 3 registrations; the Daily Challenge system user (migration 0003) is not counted.
    const people = t.db.selectFrom('users').select('id').where('email', '<>', SYSTEM_USER_EMAIL);
    expect(await people.execute()).toHaveLength(4);
  });

  it('stores hashed keys and starts a new window when the old one is over', async () => {
    const keys = await t.db.selectFrom('rate_limits').select('key').execute();
    expect(keys.length).toBeGreaterThan(0);
    for (const { key } of keys) expect(key).toMatch(/^[a-z-]+:[0-9a-f]{64}$/);

    const l = { max: 1, windowMs: 60_000 };
    expect((await consume(t.db, 'probe', 'x', l)).allowed).toBe(true);
    expect((await consume(t.db, 'probe', 'x', l)).allowed).toBe(false);
    await t.db
      .updateTable('rate_limits')
      .set({ window_start: sql<Date>`now() - interval '61 seconds'` })
      .where('key', 'like', 'probe:%')
      .execute();
    expect((await consume(t.db, 'probe', 'x', l)).allowed).toBe(true);
  });

  it('counts across concurrent attempts without losing any', async () => {
    const l = { max: 5, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 8 }, () => consume(t.db, 'burst', 'y', l)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });
});
