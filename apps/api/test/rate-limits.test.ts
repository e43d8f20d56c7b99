import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buckets, emailKey } from '../src/accounts/accounts';
import { hashPassword } from '../src/accounts/password';
import { loadConfig } from '../src/config';
import { SYSTEM_USER_EMAIL } from '../src/db/migrations/0003_leagues';
import { apiMessages, waitText } from '../src/http/errors';
import { consume, consumeBackoff } from '../src/http/rate-limit';
import { sha256 } from '../src/http/tokens';
import { messages } from '@fantasy-cricket/rules';
import { loadDemoSeason } from '../src/demo/season';
import { joinCodeBuckets } from '../src/leagues/code-attempts';
import { linkToken, PASSWORD, type SignedIn, signUp, startTestApp, type TestApp, uniqueEmail } from './helpers';

/**
 * Rate limits and backoff (docs/decisions/0012-rate-limits.md). Each test speaks from its own client
 * addresses (`t.client(ip)`), so the per-address limits of one test do not reach into another.
 */

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const limit = (max: number) => ({ max, windowMs: HOUR });
const loginBackoff = { free: 3, baseMs: 30 * SECOND, maxMs: 2 * MINUTE, forgetMs: DAY };
const mailBackoff = { free: 2, baseMs: MINUTE, maxMs: 10 * MINUTE, forgetMs: HOUR };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    rateLimits: {
      resendVerificationPerAddress: limit(3),
      forgotPasswordPerAddress: limit(3),
      register: limit(4),
      registerTaken: limit(2),
      contact: limit(2),
      changePassword: limit(2),
    },
    backoff: { login: loginBackoff, forgotPassword: mailBackoff, resendVerification: mailBackoff },
  });
});
afterAll(async () => {
  await t.close();
});

type Answer = { statusCode: number; json(): unknown; headers: Record<string, unknown> };
const retryAfter = (res: Answer) => Number(res.headers['retry-after']);
const expect429 = (res: Answer) => {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ error: { message: 'Too many attempts. Please try again later.' } });
  expect(retryAfter(res)).toBeGreaterThan(0);
};

/** As if `ms` had passed since the key's last counted attempt (in `app`'s database, `t`'s by default). */
async function later(bucket: string, identity: string, ms: number, app: TestApp = t): Promise<void> {
  await app.db
    .updateTable('rate_limits')
    .set({ window_start: sql<Date>`window_start - make_interval(secs => ${ms / 1000})` })
    .where('key', '=', `${bucket}:${sha256(identity)}`)
    .execute();
}

/** `who`'s browser (its cookies) seen from client address `ip`. */
function browserOf(app: TestApp, who: SignedIn, ip: string) {
  const c = app.client(ip);
  for (const [k, v] of who.client.cookies) c.cookies.set(k, v);
  return c;
}

const signIn = (app: TestApp, ip: string, email: string, password: string) =>
  app.client(ip).post('/api/user/authenticate_user', { email, password });
const forgot = (ip: string, email: string) => t.client(ip).post('/api/user/initiate_change_password', { email });
const resend = (ip: string, email: string) => t.client(ip).post('/api/user/resend_verification_email', { email });
const register = (app: TestApp, ip: string, email: string) =>
  app.client(ip).post('/api/user/add_user', { first_name: 'Ra', last_name: 'Ka', email, password: PASSWORD });

describe('sign-in: backoff per account', () => {
  it('refuses further attempts on an account after repeated failures, from any address, for a doubling wait', async () => {
    const s = await signUp(t); // its sign-in succeeded: nothing counted
    for (let i = 1; i <= 3; i++) {
      expect((await signIn(t, `10.1.0.${i}`, s.email, 'wrong password')).json()).toMatchObject({ status: 'failure' });
    }
    // The 4th attempt waits 30 s, even with the right password and from yet another address.
    const locked = await signIn(t, '10.1.0.9', s.email, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(retryAfter(locked)).toBeGreaterThan(0);
    expect(retryAfter(locked)).toBeLessThanOrEqual(30);
    expect(locked.json()).toEqual({ error: { message: apiMessages.accountLocked(retryAfter(locked)) } });
    expect(locked.json().error.message).toMatch(
      /^Too many failed sign-in attempts for this account\. Please try again in \d+ seconds, or reset your password\.$/,
    );
    expect(locked.cookies.find((c) => c.name === 'fcl_sid')).toBeUndefined();
    // Refused attempts are not counted: hammering does not make the wait longer.
    for (let i = 0; i < 5; i++)
      expect(retryAfter(await signIn(t, '10.1.0.9', s.email, 'guess'))).toBeLessThanOrEqual(30);
    // Other accounts, from the same address, are not affected.
    expect((await signIn(t, '10.1.0.9', uniqueEmail(), 'x')).json()).toMatchObject({ status: 'failure' });

    const key = emailKey(s.email);
    await later(buckets.login, key, 30 * SECOND);
    expect((await signIn(t, '10.1.0.1', s.email, 'still wrong')).json()).toMatchObject({ status: 'failure' });
    const longer = await signIn(t, '10.1.0.1', s.email, PASSWORD);
    expect(longer.statusCode).toBe(429);
    expect(retryAfter(longer)).toBeGreaterThan(30);
    expect(retryAfter(longer)).toBeLessThanOrEqual(60);

    // Once the wait is over the right password signs in, and the count starts again from zero.
    await later(buckets.login, key, 60 * SECOND);
    expect((await signIn(t, '10.1.0.1', s.email, PASSWORD)).json()).toMatchObject({ status: 'success' });
    for (let i = 0; i < 3; i++) {
      expect((await signIn(t, '10.1.0.1', s.email, 'wrong again')).json()).toMatchObject({ status: 'failure' });
    }
    expect((await signIn(t, '10.1.0.1', s.email, PASSWORD)).statusCode).toBe(429);
  });

  it('waits at most maxMs however many failures, and lets no concurrent attempt slip through', async () => {
    const email = uniqueEmail('burst'); // no account: counted the same, so the answer reveals nothing
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signIn(t, `10.2.0.${i + 1}`, email, `guess ${i}`)),
    );
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(5);
    for (let round = 0; round < 4; round++) {
      await later(buckets.login, emailKey(email), loginBackoff.maxMs);
      expect((await signIn(t, '10.2.1.1', email, 'guess')).statusCode).toBe(200);
    }
    const capped = await signIn(t, '10.2.1.1', email, 'guess');
    expect(capped.statusCode).toBe(429);
    expect(retryAfter(capped)).toBeLessThanOrEqual(loginBackoff.maxMs / 1000);
    expect(retryAfter(capped)).toBeGreaterThan(loginBackoff.maxMs / 1000 - 10);
  });

  it('caps failed sign-ins per address (one password tried on many accounts); successful ones do not count', async () => {
    const capped = await startTestApp({ rateLimits: { loginPerAddress: limit(3) } });
    try {
      const s = await signUp(capped);
      for (let i = 0; i < 5; i++) {
        expect((await signIn(capped, '127.0.0.1', s.email, PASSWORD)).json()).toMatchObject({ status: 'success' });
      }
      for (let i = 0; i < 3; i++) {
        expect((await signIn(capped, '127.0.0.1', uniqueEmail(), 'x')).json()).toMatchObject({ status: 'failure' });
      }
      expect429(await signIn(capped, '127.0.0.1', uniqueEmail(), 'x'));
      expect429(await signIn(capped, '127.0.0.1', s.email, PASSWORD));
      // The same person from another address is not affected.
      expect((await signIn(capped, '10.3.0.1', s.email, PASSWORD)).json()).toMatchObject({ status: 'success' });
    } finally {
      await capped.close();
    }
  });
});

describe('with the default numbers', () => {
  let office: TestApp;
  beforeAll(async () => {
    const defaults = loadConfig({ NODE_ENV: 'test' });
    office = await startTestApp({ rateLimits: defaults.rateLimits, backoff: defaults.backoff });
  });
  afterAll(async () => {
    await office.close();
  });

  it('lets 200 people sign in and 50 sign up from one shared address within the hour', async () => {
    const hash = await hashPassword(PASSWORD);
    const people = Array.from({ length: 200 }, () => uniqueEmail('office'));
    await office.db
      .insertInto('users')
      .values(
        people.map((email) => ({
          first_name: 'Office',
          last_name: 'Worker',
          email,
          password_hash: hash,
          email_verified_at: new Date(),
        })),
      )
      .execute();
    const nat = '10.7.0.1';
    for (const [i, email] of people.entries()) {
      // One in four mistypes their password first.
      if (i % 4 === 0) {
        expect((await signIn(office, nat, email, 'typo')).json()).toMatchObject({ status: 'failure' });
      }
      const res = await signIn(office, nat, email, PASSWORD);
      expect(res.json(), email).toMatchObject({ status: 'success' });
    }
    for (let i = 0; i < 50; i++) {
      expect((await register(office, nat, uniqueEmail('newcomer'))).statusCode).toBe(201);
    }
  }, 240_000);

  it("stops the audit's probe: 300 random league codes at once from one account, 10 looked up", async () => {
    const prober = await signUp(office);
    const codes = Array.from({ length: 300 }, (_, i) => `ZZ${String(i).padStart(6, '0')}`);
    const answers = await Promise.all(
      codes.map((code) =>
        browserOf(office, prober, '10.7.2.1').post('/api/league_member/joinLeague', {
          UserID: prober.userId,
          LeagueCode: code,
          DisplayName: 'Prober',
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 404)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(290);
  });

  it("stops the audit's probe: mail asked for 12 different addresses from one client", async () => {
    for (const path of ['/api/user/initiate_change_password', '/api/user/resend_verification_email']) {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        statuses.push((await office.client('10.7.1.1').post(path, { email: uniqueEmail('probe') })).statusCode);
      }
      expect(statuses, path).toEqual([...Array(10).fill(200), 429, 429]);
    }
  });
});

describe('reset and verification mail', () => {
  it('limits how many addresses one client can have mail sent to', async () => {
    for (let i = 0; i < 3; i++) expect((await forgot('10.4.0.1', uniqueEmail('nobody'))).statusCode).toBe(200);
    expect429(await forgot('10.4.0.1', uniqueEmail('nobody')));
    for (let i = 0; i < 3; i++) expect((await resend('10.4.0.1', uniqueEmail('nobody'))).statusCode).toBe(200);
    expect429(await resend('10.4.0.1', uniqueEmail('nobody')));
    // Other clients are not affected.
    expect((await forgot('10.4.0.2', uniqueEmail('nobody'))).statusCode).toBe(200);
    expect((await resend('10.4.0.2', uniqueEmail('nobody'))).statusCode).toBe(200);
  });

  it('an address named by others can still get its own reset: spaced out, never held for long, cleared by a reset', async () => {
    const victim = await signUp(t);
    const key = emailKey(victim.email);
    const resetMails = async () =>
      (await t.sentMail()).filter((m) => m.to === victim.email && m.text.includes('/reset-password')).length;
    // Twenty requests naming the victim, from ten addresses: two mails, the rest refused.
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++)
      statuses.push((await forgot(`10.5.0.${i % 10}`, victim.email.toUpperCase())).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 429)).toHaveLength(18);
    expect(await resetMails()).toBe(2);

    // The victim's own request waits a minute at most (the refused requests did not add to it)...
    const own = await forgot('10.5.1.1', victim.email);
    expect(own.statusCode).toBe(429);
    expect(retryAfter(own)).toBeLessThanOrEqual(60);
    await later(buckets.forgot, key, MINUTE);
    expect((await forgot('10.5.1.1', victim.email)).statusCode).toBe(200);
    expect(await resetMails()).toBe(3);
    // ...and however long others keep at it, each further mail waits twice as long, at most 10 minutes.
    for (let round = 0; round < 5; round++) {
      await later(buckets.forgot, key, mailBackoff.maxMs);
      expect((await forgot(`10.5.2.${round}`, victim.email)).statusCode).toBe(200);
    }
    const held = await forgot('10.5.3.1', victim.email);
    expect(held.statusCode).toBe(429);
    expect(retryAfter(held)).toBeLessThanOrEqual(mailBackoff.maxMs / 1000);

    // Every mail carried a working link (each new one replaces the last); using it ends the backoff.
    const token = linkToken(await t.sentMail(), victim.email, '/reset-password');
    const changed = await t
      .client('10.5.3.2')
      .post('/api/user/change_password', { token, new_password: 'a new password 7' });
    expect(changed.statusCode).toBe(200);
    expect((await forgot('10.5.3.3', victim.email)).statusCode).toBe(200);
  });

  it('spaces out verification mail to one address the same way; following the link clears it', async () => {
    const email = uniqueEmail('pending');
    expect((await register(t, '10.6.9.1', email)).statusCode).toBe(201);
    expect((await resend('10.6.9.2', email)).statusCode).toBe(200);
    expect((await resend('10.6.9.3', email)).statusCode).toBe(200);
    const held = await resend('10.6.9.4', email);
    expect429(held);
    expect(retryAfter(held)).toBeLessThanOrEqual(60);
    await later(buckets.resend, emailKey(email), MINUTE);
    expect((await resend('10.6.9.4', email)).statusCode).toBe(200);
    const token = linkToken(await t.sentMail(), email, '/verify-email');
    expect((await t.client('10.6.9.5').post('/api/user/verify_email', { token })).statusCode).toBe(200);
    expect((await resend('10.6.9.5', email)).statusCode).toBe(200);
  });
});

describe('registration', () => {
  it('limits registrations per address and writes nothing when limited', async () => {
    const before = await t.db.selectFrom('users').select('id').where('email', '<>', SYSTEM_USER_EMAIL).execute();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await register(t, '10.6.0.1', uniqueEmail());
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().error.message).toBe(apiMessages.tooManyAttempts);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
    const after = await t.db.selectFrom('users').select('id').where('email', '<>', SYSTEM_USER_EMAIL).execute();
    expect(after.length - before.length).toBe(4);
  });

  it('refuses every registration from an address that keeps naming registered emails', async () => {
    const taken = [uniqueEmail('taken'), uniqueEmail('taken')];
    for (const email of taken) expect((await register(t, '10.6.1.1', email)).statusCode).toBe(201);
    for (const email of taken) expect((await register(t, '10.6.1.2', email.toUpperCase())).statusCode).toBe(409);
    // Refused whatever the email, so the 429 says nothing about it; nothing written.
    const fresh = uniqueEmail('fresh');
    expect429(await register(t, '10.6.1.2', fresh));
    expect429(await register(t, '10.6.1.2', taken[0] ?? ''));
    expect(await t.db.selectFrom('users').select('id').where('email', '=', fresh).execute()).toHaveLength(0);
    // Another address registers it.
    expect((await register(t, '10.6.1.3', fresh)).statusCode).toBe(201);
  });
});

describe('counters', () => {
  it('limits contact messages per address', async () => {
    const body = { name: 'Kiran', email: 'k@example.com', message: 'Hi' };
    for (let i = 0; i < 2; i++) {
      expect((await t.client('10.8.0.1').post('/api/contact_us/add_contact_message', body)).statusCode).toBe(201);
    }
    expect429(await t.client('10.8.0.1').post('/api/contact_us/add_contact_message', body));
  });

  it('stores hashed keys and starts a new window when the old one is over', async () => {
    const keys = await t.db.selectFrom('rate_limits').select('key').execute();
    expect(keys.length).toBeGreaterThan(0);
    for (const { key } of keys) expect(key).toMatch(/^[a-z-]+:[0-9a-f]{64}$/);

    const l = { max: 1, windowMs: 60_000 };
    expect((await consume(t.db, 'probe', 'x', l)).allowed).toBe(true);
    expect((await consume(t.db, 'probe', 'x', l)).allowed).toBe(false);
    await later('probe', 'x', 61 * SECOND);
    expect((await consume(t.db, 'probe', 'x', l)).allowed).toBe(true);
  });

  it('counts across concurrent attempts without losing any', async () => {
    const l = { max: 5, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 8 }, () => consume(t.db, 'burst', 'y', l)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    const b = { free: 5, baseMs: MINUTE, maxMs: MINUTE, forgetMs: HOUR };
    const backoff = await Promise.all(Array.from({ length: 8 }, () => consumeBackoff(t.db, 'burst-b', 'y', b)));
    expect(backoff.filter((r) => r.allowed)).toHaveLength(5);
  });

  it('forgets a backoff key left alone for forgetMs', async () => {
    const b = { free: 1, baseMs: MINUTE, maxMs: MINUTE, forgetMs: HOUR };
    expect((await consumeBackoff(t.db, 'forget', 'z', b)).allowed).toBe(true);
    expect((await consumeBackoff(t.db, 'forget', 'z', b)).allowed).toBe(false);
    await later('forget', 'z', HOUR);
    expect((await consumeBackoff(t.db, 'forget', 'z', b)).allowed).toBe(true);
    expect((await consumeBackoff(t.db, 'forget', 'z', b)).allowed).toBe(false);
  });
});

describe('joining by league code', () => {
  // Their own app: 3 codes not found per account in 15 minutes, 5 per address in an hour.
  let j: TestApp;
  let code: string;
  let seasonId: number;
  const perAccount = { max: 3, windowMs: 15 * MINUTE };
  const perAddress = { max: 5, windowMs: HOUR };
  beforeAll(async () => {
    j = await startTestApp({
      rateLimits: { joinCodeFailedPerAccount: perAccount, joinCodeFailedPerAddress: perAddress },
    });
    seasonId = (await loadDemoSeason(j.db, { now: new Date(), fixtures: 4, past: 0 })).seasonId;
    code = (await newLeague(await signUp(j), '10.9.0.1')).LeagueCode;
  });
  afterAll(async () => {
    await j.close();
  });

  /** A private league of `admin`'s, created from `ip`. */
  async function newLeague(admin: SignedIn, ip: string) {
    const res = await as(admin, ip).post('/api/league/', {
      Name: `League ${uniqueEmail('l')}`.slice(0, 40),
      Description: '',
      LeagueTypeID: 1,
      IsPrivate: true,
      ShowOthersPicks: false,
      SeasonID: seasonId,
      AdminUserID: admin.userId,
      AdminDisplayName: 'Admin',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { LeagueID: number; LeagueCode: string };
  }
  const as = (who: SignedIn, ip: string) => browserOf(j, who, ip);
  const join = (who: SignedIn, ip: string, leagueCode: string, name = 'Joiner') =>
    as(who, ip).post('/api/league_member/joinLeague', {
      UserID: who.userId,
      LeagueCode: leagueCode,
      DisplayName: name,
    });
  const expectTooMany = (res: Answer) => {
    expect(res.statusCode).toBe(429);
    const wait = retryAfter(res);
    expect(wait).toBeGreaterThan(0);
    const message = (res.json() as { error: { message: string } }).error.message;
    expect(message).toBe(messages.leagueApi.tooManyWrongCodes(waitText(wait)));
    expect(message).toMatch(
      /^Too many league codes that were not found\. Please check the code with the league admin and try again in \d+ (minutes?|seconds?)\.$/,
    );
  };

  it('refuses an account after 3 codes not found, whatever its address, until the window is over', async () => {
    const guesser = await signUp(j);
    for (let i = 1; i <= 3; i++) expect((await join(guesser, `10.9.1.${i}`, `NOPE000${i}`)).statusCode).toBe(404);
    const refused = await join(guesser, '10.9.1.9', 'NOPE0009');
    expectTooMany(refused);
    expect(retryAfter(refused)).toBeLessThanOrEqual(15 * 60);
    // A right code waits too (the account is refused, not the code); nothing is written.
    expectTooMany(await join(guesser, '10.9.1.9', code));
    expect(
      await j.db.selectFrom('league_members').select('id').where('user_id', '=', guesser.userId).execute(),
    ).toEqual([]);
    // Someone else is not affected.
    expect((await join(await signUp(j), '10.9.1.9', code)).statusCode).toBe(200);
    // Refused attempts are not counted: once the window is over, the account gets its 3 again.
    await later(joinCodeBuckets.perAccount, String(guesser.userId), 15 * MINUTE, j);
    expect((await join(guesser, '10.9.1.9', 'NOPE0010')).statusCode).toBe(404);
    expect((await join(guesser, '10.9.1.9', code, 'Guesser')).statusCode).toBe(200);
  });

  it('codes that exist never count: an account joins any number of leagues, one address any number of people', async () => {
    const admin = await signUp(j);
    const joiner = await signUp(j);
    for (let i = 0; i < 6; i++) {
      const league = await newLeague(admin, '10.9.2.1');
      expect((await join(joiner, '10.9.2.2', league.LeagueCode)).statusCode).toBe(200);
      // Asking again is a 400 about the league, not a wrong code.
      expect((await join(joiner, '10.9.2.2', league.LeagueCode)).statusCode).toBe(400);
    }
    const office = await newLeague(admin, '10.9.2.1');
    for (let i = 0; i < 8; i++) {
      const res = await join(await signUp(j), '10.9.2.3', office.LeagueCode.toLowerCase(), `Office ${i}`);
      expect(res.statusCode, res.body).toBe(200);
    }
    // Each person may still mistype: two codes not found each from the office do not stop the others
    // until the address has 5.
    const typo = await signUp(j);
    expect((await join(typo, '10.9.2.3', 'TYPO0001')).statusCode).toBe(404);
    expect((await join(typo, '10.9.2.3', office.LeagueCode)).statusCode).toBe(200);
  });

  it('refuses an address after 5 codes not found, whatever the account; other addresses go on', async () => {
    for (let i = 0; i < 5; i++) expect((await join(await signUp(j), '10.9.3.1', `MISS000${i}`)).statusCode).toBe(404);
    const fresh = await signUp(j);
    expectTooMany(await join(fresh, '10.9.3.1', 'MISS0009'));
    expect((await join(fresh, '10.9.3.2', code, 'Fresh')).statusCode).toBe(200);
  });

  it('lets no concurrent guess slip past the limit', async () => {
    const guesser = await signUp(j);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => join(guesser, '10.9.4.1', `RACE${String(i).padStart(4, '0')}`)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array(3).fill(404), ...Array(9).fill(429)]);
    for (const a of answers.filter((x) => x.statusCode === 429)) expectTooMany(a);
  });

  it('RATE_LIMIT_MULTIPLIER scales both limits', () => {
    const config = loadConfig({ NODE_ENV: 'test', RATE_LIMIT_MULTIPLIER: '20' });
    expect(config.rateLimits.joinCodeFailedPerAccount).toEqual({ max: 200, windowMs: 15 * MINUTE });
    expect(config.rateLimits.joinCodeFailedPerAddress).toEqual({ max: 2000, windowMs: HOUR });
    const defaults = loadConfig({ NODE_ENV: 'test' });
    expect(defaults.rateLimits.joinCodeFailedPerAccount).toEqual({ max: 10, windowMs: 15 * MINUTE });
    expect(defaults.rateLimits.joinCodeFailedPerAddress).toEqual({ max: 100, windowMs: HOUR });
  });
});
