import { messages } from '@fantasy-cricket/rules';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../src/http/errors';
import { sha256 } from '../src/http/tokens';
import { linkToken, PASSWORD, signUp, startTestApp, type TestApp, uniqueEmail } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const register = (email: string, overrides: Record<string, unknown> = {}) =>
  t
    .client()
    .post('/api/user/add_user', { first_name: 'Rohan', last_name: 'Mehta', email, password: PASSWORD, ...overrides });

describe('addUser', () => {
  it('creates the user, a hashed verification token and queues the verification email in one go', async () => {
    const email = uniqueEmail('reg');
    const res = await register(`  ${email} `, { first_name: '  Rohan ' });
    expect(res.statusCode).toBe(201);
    const { user_id, message } = res.json();
    expect(message).toBe(apiMessages.registered);

    const user = await t.db.selectFrom('users').selectAll().where('id', '=', user_id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ first_name: 'Rohan', last_name: 'Mehta', email, email_verified_at: null });
    expect(user.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(user.password_hash).not.toContain(PASSWORD);

    const mails = await t.sentMail();
    const mail = mails.find((m) => m.to === email);
    expect(mail?.subject).toBe('Confirm your email for Fantasy Cricket');
    expect(mail?.text).toContain('Hi Rohan,');
    expect(mail?.html).toContain('http://app.test/verify-email?token=');
    const token = linkToken(mails, email, '/verify-email');
    const tokenRow = await t.db
      .selectFrom('user_tokens')
      .selectAll()
      .where('user_id', '=', user_id)
      .executeTakeFirstOrThrow();
    expect(tokenRow.token_hash).toBe(sha256(token));
    expect(tokenRow.purpose).toBe('verify_email');
    const hours = (tokenRow.expires_at.getTime() - tokenRow.created_at.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(48, 1);

    const outbox = await t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', email).execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ status: 'sent', attempts: 1, kind: 'verify_email' });
  });

  it('answers 409 for an address already registered in another case, and writes nothing', async () => {
    const email = uniqueEmail('dup');
    expect((await register(email)).statusCode).toBe(201);
    const before = await t.db
      .selectFrom('email_outbox')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const res = await register(email.toUpperCase());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { message: 'An account with this email already exists.' } });
    const users = await t.db.selectFrom('users').select('id').where(sql<boolean>`lower(email) = ${email}`).execute();
    expect(users).toHaveLength(1);
    const after = await t.db
      .selectFrom('email_outbox')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it.each([
    [{ first_name: '' }, messages.register.firstNameRequired],
    [{ first_name: 'R' }, messages.register.firstNameMin],
    [{ last_name: ' ' }, messages.register.lastNameRequired],
    [{ last_name: 'M' }, messages.register.lastNameMin],
    [{ email: '' }, messages.common.emailRequired],
    [{ email: 'not-an-email' }, messages.common.emailInvalid],
    [{ password: '' }, messages.common.passwordRequired],
    [{ password: 'short' }, messages.register.passwordMin],
  ])('rejects %o with the rules message', async (patch, message) => {
    const res = await register(uniqueEmail('bad'), patch);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { message } });
  });

  it('rejects missing and extra fields by the contract, naming the field', async () => {
    const missing = await t
      .client()
      .post('/api/user/add_user', { first_name: 'Rohan', last_name: 'Mehta', password: PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('email is required.');
    const extra = await register(uniqueEmail('extra'), { is_admin: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.message).toBe('is_admin is not an allowed field.');
    const typed = await register(uniqueEmail('typed'), { first_name: 42 });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().error.message).toBe('first_name must be a string.');
  });
});

describe('authenticateUser', () => {
  it('signs in a verified user: LoginResult and an httpOnly session cookie', async () => {
    const { email, userId } = await signUp(t);
    const client = t.client();
    const res = await client.post('/api/user/authenticate_user', { email: email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', user_id: userId, first_name: 'Asha', last_name: 'Patel', email });
    const cookie = res.cookies.find((c) => c.name === 'fcl_sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.maxAge).toBe(30 * 24 * 3600);
    // Only the hash is stored.
    const stored = await t.db.selectFrom('sessions').select('id_hash').where('user_id', '=', userId).execute();
    expect(stored.map((s) => s.id_hash)).toContain(sha256(cookie!.value));
    expect(stored.map((s) => s.id_hash)).not.toContain(cookie!.value);
  });

  it('answers 200 failure for a wrong password or unknown email, without a cookie', async () => {
    const { email } = await signUp(t);
    for (const body of [
      { email, password: 'wrong password' },
      { email: uniqueEmail('nobody'), password: PASSWORD },
    ]) {
      const res = await t.client().post('/api/user/authenticate_user', body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'failure', message: messages.login.invalidCredentials });
      expect(res.cookies.find((c) => c.name === 'fcl_sid')).toBeUndefined();
    }
  });

  it('answers 400 "Email verification is pending" for a correct password before verification', async () => {
    const email = uniqueEmail('pending');
    await register(email);
    const res = await t.client().post('/api/user/authenticate_user', { email, password: PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Email verification is pending');
    expect(res.json().error.message).toContain(messages.login.verificationPendingMarker);
    // A wrong password does not reveal that the account exists.
    const wrong = await t.client().post('/api/user/authenticate_user', { email, password: 'nope nope' });
    expect(wrong.json().status).toBe('failure');
  });

  it('validates with the rules messages', async () => {
    const res = await t.client().post('/api/user/authenticate_user', { email: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(messages.common.emailRequired);
    const res2 = await t.client().post('/api/user/authenticate_user', { email: 'a@b.co', password: '' });
    expect(res2.json().error.message).toBe(messages.common.passwordRequired);
  });
});

describe('getSession and signOut', () => {
  it('returns the session user, then 204 (not signed in) after sign-out (session row gone, cookie cleared)', async () => {
    const { client, userId, email } = await signUp(t);
    const sid = client.cookies.get('fcl_sid')!;
    const me = await client.get('/api/session');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ user_id: userId, first_name: 'Asha', last_name: 'Patel', email });

    const out = await client.post('/api/session/sign_out');
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'fcl_sid')?.value).toBe('');
    expect(
      await t.db.selectFrom('sessions').select('id_hash').where('id_hash', '=', sha256(sid)).execute(),
    ).toHaveLength(0);
    const after = await client.get('/api/session');
    expect(after.statusCode).toBe(204);
    expect(after.body).toBe('');
  });

  it('signs out without a session too', async () => {
    expect((await t.client().post('/api/session/sign_out')).statusCode).toBe(204);
  });
});

describe('verifyEmail', () => {
  it('verifies once; the link is single-use and a re-used link does not name the email', async () => {
    const email = uniqueEmail('verify');
    const { user_id } = (await register(email)).json();
    const token = linkToken(await t.sentMail(), email, '/verify-email');
    const ok = await t.client().post('/api/user/verify_email', { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: messages.verify.success, email });
    const user = await t.db
      .selectFrom('users')
      .select('email_verified_at')
      .where('id', '=', user_id)
      .executeTakeFirstOrThrow();
    expect(user.email_verified_at).toBeInstanceOf(Date);

    const again = await t.client().post('/api/user/verify_email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: { message: apiMessages.verifyLinkUsed } });
    expect(again.body).not.toContain(email);
  });

  it('names the email for an expired link only while the account is unverified (the screen offers a resend)', async () => {
    const email = uniqueEmail('older');
    await register(email);
    const older = linkToken(await t.sentMail(), email, '/verify-email');
    // A second link makes the first expire at once; following the second verifies the account.
    expect((await t.client().post('/api/user/resend_verification_email', { email })).statusCode).toBe(200);
    const newer = linkToken(await t.sentMail(), email, '/verify-email');
    expect(newer).not.toBe(older);
    expect((await t.client().post('/api/user/verify_email', { token: newer })).statusCode).toBe(200);
    const res = await t.client().post('/api/user/verify_email', { token: older });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { message: apiMessages.verifyLinkExpired } });
    expect(res.body).not.toContain(email);
  });

  it('rejects an expired token (with email) and an unknown token (without)', async () => {
    const email = uniqueEmail('expired');
    const { user_id } = (await register(email)).json();
    const token = linkToken(await t.sentMail(), email, '/verify-email');
    await t.db
      .updateTable('user_tokens')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('token_hash', '=', sha256(token))
      .execute();
    const res = await t.client().post('/api/user/verify_email', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { message: apiMessages.verifyLinkExpired }, email });
    const user = await t.db
      .selectFrom('users')
      .select('email_verified_at')
      .where('id', '=', user_id)
      .executeTakeFirstOrThrow();
    expect(user.email_verified_at).toBeNull();

    const unknown = await t.client().post('/api/user/verify_email', { token: 'A'.repeat(43) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: { message: apiMessages.verifyLinkInvalid } });
    const garbage = await t.client().post('/api/user/verify_email', { token: 'not a token' });
    expect(garbage.statusCode).toBe(400);
  });
});

describe('resendVerificationEmail', () => {
  it('answers the same for unknown, verified and unverified addresses; only the last gets mail', async () => {
    const pending = uniqueEmail('resend');
    await register(pending);
    const firstToken = linkToken(await t.sentMail(), pending, '/verify-email');
    const verified = (await signUp(t)).email;
    const unknown = uniqueEmail('ghost');

    const count = async (to: string) => (await t.sentMail()).filter((m) => m.to === to).length;
    const before = { pending: await count(pending), verified: await count(verified) };
    for (const email of [pending, verified, unknown]) {
      const res = await t.client().post('/api/user/resend_verification_email', { email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: messages.login.resendSuccessAlt });
    }
    expect(await count(pending)).toBe(before.pending + 1);
    expect(await count(verified)).toBe(before.verified);
    expect(await count(unknown)).toBe(0);

    // The new link works; the older one was invalidated by it.
    const newToken = linkToken(await t.sentMail(), pending, '/verify-email');
    expect(newToken).not.toBe(firstToken);
    const old = await t.client().post('/api/user/verify_email', { token: firstToken });
    expect(old.statusCode).toBe(400);
    expect(old.json().email).toBe(pending);
    expect((await t.client().post('/api/user/verify_email', { token: newToken })).statusCode).toBe(200);
  });

  it('validates the email with the rules messages', async () => {
    const res = await t.client().post('/api/user/resend_verification_email', { email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(messages.common.emailInvalid);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the email exists, and validates with the spec message', async () => {
    const known = (await signUp(t)).email;
    for (const email of [known, uniqueEmail('ghost')]) {
      const res = await t.client().post('/api/user/initiate_change_password', { email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: messages.login.forgotSuccess });
    }
    const mail = (await t.sentMail()).find((m) => m.to === known && m.text.includes('/reset-password?token='));
    expect(mail?.subject).toBe('Reset your Fantasy Cricket password');
    const empty = await t.client().post('/api/user/initiate_change_password', { email: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(messages.login.forgotEmailRequired);
  });

  it('sets the new password, consumes the token and ends every session of the user', async () => {
    const a = await signUp(t);
    const otherBrowser = t.client();
    await otherBrowser.post('/api/user/authenticate_user', { email: a.email, password: PASSWORD });
    expect((await otherBrowser.get('/api/session')).statusCode).toBe(200);

    await t.client().post('/api/user/initiate_change_password', { email: a.email });
    const token = linkToken(await t.sentMail(), a.email, '/reset-password');
    const tokenRow = await t.db
      .selectFrom('user_tokens')
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .executeTakeFirstOrThrow();
    expect((tokenRow.expires_at.getTime() - tokenRow.created_at.getTime()) / 60_000).toBeCloseTo(60, 0);

    const short = await t.client().post('/api/user/change_password', { token, new_password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(messages.reset.passwordMin);
    const empty = await t.client().post('/api/user/change_password', { token, new_password: '' });
    expect(empty.json().error.message).toBe(messages.common.passwordRequired);

    const res = await t.client().post('/api/user/change_password', { token, new_password: 'brand new pw' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: apiMessages.passwordChanged });
    expect(await t.db.selectFrom('sessions').select('id_hash').where('user_id', '=', a.userId).execute()).toHaveLength(
      0,
    );
    expect((await a.client.get('/api/session')).statusCode).toBe(204);
    expect((await otherBrowser.get('/api/session')).statusCode).toBe(204);

    const oldPw = await t.client().post('/api/user/authenticate_user', { email: a.email, password: PASSWORD });
    expect(oldPw.json().status).toBe('failure');
    const newPw = await t.client().post('/api/user/authenticate_user', { email: a.email, password: 'brand new pw' });
    expect(newPw.json().status).toBe('success');

    const reuse = await t.client().post('/api/user/change_password', { token, new_password: 'another pw' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error.message).toBe(apiMessages.resetLinkInvalid);
  });

  it('rejects an expired reset token, and verifies an unverified address on success', async () => {
    const email = uniqueEmail('reset-unverified');
    const { user_id } = (await register(email)).json();
    await t.client().post('/api/user/initiate_change_password', { email });
    const expired = linkToken(await t.sentMail(), email, '/reset-password');
    await t.db
      .updateTable('user_tokens')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('token_hash', '=', sha256(expired))
      .execute();
    const res = await t.client().post('/api/user/change_password', { token: expired, new_password: 'new password' });
    expect(res.statusCode).toBe(400);

    await t.client().post('/api/user/initiate_change_password', { email });
    const token = linkToken(await t.sentMail(), email, '/reset-password');
    expect(
      (await t.client().post('/api/user/change_password', { token, new_password: 'new password' })).statusCode,
    ).toBe(200);
    const user = await t.db
      .selectFrom('users')
      .select('email_verified_at')
      .where('id', '=', user_id)
      .executeTakeFirstOrThrow();
    expect(user.email_verified_at).toBeInstanceOf(Date);
  });
});
