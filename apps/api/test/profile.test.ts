import { messages } from '@fantasy-cricket/rules';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp, startTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('profile', () => {
  it('reads the profile with the contract field names and defaults', async () => {
    const s = await signUp(t, undefined, { first: 'Meera', last: 'Iyer' });
    const res = await s.client.get(`/api/user/${s.userId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      FirstName: 'Meera',
      LastName: 'Iyer',
      EmailID: s.email,
      MissingPickNotification: true,
      UseAIAutoPick: false,
    });
  });

  it('updates only the two flags and answers the stored profile', async () => {
    const s = await signUp(t);
    const res = await s.client.put(`/api/user/${s.userId}`, {
      missing_pick_notification: false,
      use_ai_auto_pick: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ MissingPickNotification: false, UseAIAutoPick: true });
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', s.userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ missing_pick_notification: false, use_ai_auto_pick: true, first_name: 'Asha' });

    const nameChange = await s.client.put(`/api/user/${s.userId}`, {
      missing_pick_notification: true,
      use_ai_auto_pick: true,
      first_name: 'Hacker',
    });
    expect(nameChange.statusCode).toBe(400);
    expect(nameChange.json().error.message).toBe('first_name is not an allowed field.');
    const notBoolean = await s.client.put(`/api/user/${s.userId}`, {
      missing_pick_notification: 'true',
      use_ai_auto_pick: true,
    });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json().error.message).toBe('missing_pick_notification must be a boolean.');
    const missing = await s.client.put(`/api/user/${s.userId}`, { use_ai_auto_pick: true });
    expect(missing.json().error.message).toBe('missing_pick_notification is required.');
    expect(
      (await t.db.selectFrom('users').select('first_name').where('id', '=', s.userId).executeTakeFirstOrThrow())
        .first_name,
    ).toBe('Asha');
  });
});

describe('deleteUserProfile', () => {
  it('erases the account and its personal data, keeps an anonymous record, and signs out everywhere', async () => {
    const s = await signUp(t, undefined, { first: 'Dev', last: 'Kapoor' });
    const secondBrowser = t.client();
    await secondBrowser.post('/api/user/authenticate_user', { email: s.email, password: PASSWORD });
    await s.client.post('/api/user/initiate_change_password', { email: s.email });
    await s.client.post('/api/contact_us/add_contact_message', {
      name: 'Dev',
      email: s.email,
      message: 'Love the game',
    });
    await t.sentMail();
    expect(
      await t.db.selectFrom('email_outbox').select('id').where('to_address', '=', s.email).execute(),
    ).not.toHaveLength(0);

    const res = await s.client.delete(`/api/user/${s.userId}`, { user_id: s.userId, message: 'Too much cricket' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.profile.deleteRegistered });
    expect(res.cookies.find((c) => c.name === 'fcl_sid')?.value).toBe('');

    const count = async (table: 'users' | 'sessions' | 'user_tokens', column: 'id' | 'user_id') =>
      (
        await t.db
          .selectFrom(table)
          .select(sql<number>`count(*)::int`.as('n'))
          .where(sql.ref(column), '=', s.userId)
          .executeTakeFirstOrThrow()
      ).n;
    expect(await count('users', 'id')).toBe(0);
    expect(await count('sessions', 'user_id')).toBe(0);
    expect(await count('user_tokens', 'user_id')).toBe(0);
    expect(await t.db.selectFrom('email_outbox').select('id').where('to_address', '=', s.email).execute()).toHaveLength(
      0,
    );

    const deletion = await t.db
      .selectFrom('account_deletions')
      .selectAll()
      .where('former_user_id', '=', s.userId)
      .execute();
    expect(deletion).toHaveLength(1);
    expect(deletion[0]?.reason).toBe('Too much cricket');
    const contact = await t.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('email', '=', s.email)
      .executeTakeFirstOrThrow();
    expect(contact.user_id).toBeNull();

    expect((await s.client.get('/api/session')).statusCode).toBe(204);
    expect((await secondBrowser.get('/api/session')).statusCode).toBe(204);
    const login = await t.client().post('/api/user/authenticate_user', { email: s.email, password: PASSWORD });
    expect(login.json().status).toBe('failure');
    // The address can be used for a new account.
    const again = await t
      .client()
      .post('/api/user/add_user', { first_name: 'Dev', last_name: 'Kapoor', email: s.email, password: PASSWORD });
    expect(again.statusCode).toBe(201);
  });

  it('needs user_id in the body and accepts no message', async () => {
    const s = await signUp(t);
    const missing = await s.client.delete(`/api/user/${s.userId}`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('user_id is required.');
    const ok = await s.client.delete(`/api/user/${s.userId}`, { user_id: s.userId });
    expect(ok.statusCode).toBe(200);
    const deletion = await t.db
      .selectFrom('account_deletions')
      .selectAll()
      .where('former_user_id', '=', s.userId)
      .executeTakeFirstOrThrow();
    expect(deletion.reason).toBeNull();
  });
});
