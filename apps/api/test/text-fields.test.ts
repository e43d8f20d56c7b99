import { messages } from '@fantasy-cricket/rules';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, type SignedIn, uniqueEmail } from './helpers';
import { type LeagueWorld, createLeague, expectRefused, person, startLeagueWorld } from './leagues/setup';

/**
 * Issue 13: control characters and invisible format characters in text fields
 * (docs/decisions/0014-text-fields.md). Every refusal is a 400 with the shared message, and writes
 * nothing: no row, no queued email.
 */
const single = messages.text.singleLine;
const multi = messages.text.multiLine;
const FORGED = 'Kiran\r\nFrom: Support <help@club.test>\r\nSubject: Reset your password';

let w: LeagueWorld;
let a: SignedIn;
let b: SignedIn;

beforeAll(async () => {
  w = await startLeagueWorld();
  a = await person(w.t, 'Asha', 'Patel');
  b = await person(w.t, 'Ben', 'Okafor');
});
afterAll(async () => {
  await w.t.close();
});

async function count(table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(w.t.db);
  return rows[0]?.n ?? 0;
}

describe('contact form', () => {
  const send = (patch: Record<string, string>) =>
    w.t.client().post('/api/contact_us/add_contact_message', {
      name: 'Kiran',
      email: 'kiran@example.com',
      message: 'Hello',
      ...patch,
    });

  it.each([
    ['a CR/LF name (forged header-like lines)', { name: FORGED }, single('Name')],
    ['a LF name', { name: 'Kiran\nBcc: x@example.com' }, single('Name')],
    ['a TAB in the name', { name: 'Kiran\tK' }, single('Name')],
    ['a C1 control (NEL) in the name', { name: 'Kiran\u0085K' }, single('Name')],
    ['a right-to-left override in the name', { name: 'Kiran\u202enimda' }, single('Name')],
    ['a CR/LF email', { email: 'kiran@example.com\r\nBcc: x@example.com' }, messages.contact.emailInvalid],
    ['a zero-width space in the email', { email: 'kiran\u200b@example.com' }, messages.contact.emailInvalid],
    ['an escape sequence in the message', { message: 'Hello \u001b[2J' }, multi('Message')],
    ['a DEL in the message', { message: 'Hello\u007f' }, multi('Message')],
  ])('refuses %s: 400, no row, no email', async (_, patch, message) => {
    const before = { rows: await count('contact_messages'), mail: await count('email_outbox') };
    const res = await send(patch);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect({ rows: await count('contact_messages'), mail: await count('email_outbox') }).toEqual(before);
  });

  it('keeps the line breaks of the message (CRLF stored as LF) and stores names NFC-normalised', async () => {
    const res = await send({ name: ' Jose\u0301\u00a0 Mu\u0308ller ', message: 'Line one\r\nLine two\n\tindented' });
    expect(res.statusCode, res.body).toBe(201);
    const row = await w.t.db
      .selectFrom('contact_messages')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'José Müller', message: 'Line one\nLine two\n\tindented' });
    const mail = (await w.t.sentMail()).at(-1);
    expect(mail?.subject).toBe('Contact form: message from José Müller');
    expect(mail?.text).toContain('From: José Müller <kiran@example.com>');
  });
});

describe('register', () => {
  const register = (patch: Record<string, string>) =>
    w.t.client().post('/api/user/add_user', {
      first_name: 'Rohan',
      last_name: 'Mehta',
      email: uniqueEmail('text'),
      password: PASSWORD,
      ...patch,
    });

  it.each([
    [{ first_name: 'Ro\r\nhan' }, single('First name')],
    [{ first_name: 'Rohan\u200b' }, single('First name')],
    [{ last_name: 'Meh\u202eta' }, single('Last name')],
    [{ last_name: 'Mehta\u2066' }, single('Last name')],
    [{ last_name: '\u3164\u3164' }, single('Last name')],
  ])('refuses %o: 400, no account', async (patch, message) => {
    const before = await count('users');
    const res = await register(patch);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await count('users')).toBe(before);
  });

  it('accepts names in scripts that need ZWJ/ZWNJ, with accents or emoji', async () => {
    for (const [first, last] of [
      ['क्‍षत्रिय', 'विराट'],
      ['علی‌رضا', 'Ångström'],
      ['Zoë', 'Patel 🏏'],
    ]) {
      const res = await register({ first_name: first as string, last_name: last as string });
      expect(res.statusCode, res.body).toBe(201);
      const user = await w.t.db
        .selectFrom('users')
        .select(['first_name', 'last_name'])
        .where('id', '=', res.json().user_id)
        .executeTakeFirstOrThrow();
      expect(user).toEqual({ first_name: first, last_name: last });
    }
  });
});

describe('leagues', () => {
  const createBody = (patch: Record<string, unknown>) => ({
    Name: 'Office League',
    Description: 'Friendly league',
    LeagueTypeID: 1,
    IsPrivate: true,
    ShowOthersPicks: false,
    SeasonID: w.seasonId,
    AdminUserID: a.userId,
    AdminDisplayName: 'Captain',
    ...patch,
  });

  it.each([
    [{ Name: 'Office\u202eeugaeL' }, single('League Name')],
    [{ Name: 'Office\r\nLeague' }, single('League Name')],
    [{ Name: 'Daily\u200bChallenge' }, single('League Name')],
    [{ Name: '\u2067Office\u2069' }, single('League Name')],
    [{ AdminDisplayName: 'Capt\u202eniat' }, single('Display Name')],
    [{ AdminDisplayName: 'Ad\u200dmin' }, single('Display Name')],
    [{ AdminDisplayName: 'Captain\u00ad' }, single('Display Name')],
    [{ Description: 'Rules:\n1. \u0007Be kind' }, multi('League Description')],
  ])('create refuses %o: 400, nothing written', async (patch, message) => {
    await expectRefused(w.t.db, () => a.client.post('/api/league/', createBody(patch)), 400, message);
  });

  it('create keeps legitimate names, normalised; "Daily  Challenge" with two spaces is still reserved', async () => {
    const res = await a.client.post(
      '/api/league/',
      createBody({ Name: '  Mumbai\u00a0\u00a0Fans 🏏 ', AdminDisplayName: 'क्‍षत्रिय', Description: 'One\r\nTwo' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const league = (await a.client.get(`/api/league/${res.json().LeagueID}`)).json();
    expect(league).toMatchObject({ LeagueName: 'Mumbai Fans 🏏', DisplayName: 'क्‍षत्रिय', Description: 'One\nTwo' });
    await expectRefused(
      w.t.db,
      () => a.client.post('/api/league/', createBody({ Name: 'Daily \u2003Challenge' })),
      400,
      messages.leagueApi.nameReserved,
    );
  });

  it('edit refuses a control character in the description, keeps its line breaks', async () => {
    const { LeagueID } = await createLeague(w, a, { name: 'Edit Me' });
    await expectRefused(
      w.t.db,
      () => a.client.put(`/api/league/${LeagueID}`, { Description: 'Hi\u001b[31m', ShowOthersPicks: true }),
      400,
      multi('League Description'),
    );
    const ok = await a.client.put(`/api/league/${LeagueID}`, {
      Description: 'Line 1\r\nLine 2',
      ShowOthersPicks: true,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await a.client.get(`/api/league/${LeagueID}`)).json().Description).toBe('Line 1\nLine 2');
  });

  it('join refuses a display name with an override or a zero-width character, and a code with a line break', async () => {
    const { LeagueCode } = await createLeague(w, a, { name: 'Join Me', isPrivate: false, displayName: 'Admin' });
    const join = (patch: Record<string, unknown>) => () =>
      b.client.post('/api/league_member/joinLeague', {
        UserID: b.userId,
        LeagueCode,
        DisplayName: 'Benny',
        ...patch,
      });
    // "Ad‍min" looks like the admin's "Admin" but would not clash with it.
    await expectRefused(w.t.db, join({ DisplayName: 'Ad\u200dmin' }), 400, single('Display Name'));
    await expectRefused(w.t.db, join({ DisplayName: 'nimdA\u202e' }), 400, single('Display Name'));
    await expectRefused(w.t.db, join({ DisplayName: '\ufeffAd\ufeffmin' }), 400, single('Display Name'));
    await expectRefused(
      w.t.db,
      join({ LeagueCode: `${LeagueCode.slice(0, 4)}\n${LeagueCode.slice(4)}` }),
      400,
      single('League Code'),
    );
    const ok = await join({ DisplayName: 'Ben 🏏' })();
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('display names that differ only by joiners or emoji selectors', () => {
  it('are the same name: the second one is taken', async () => {
    const { LeagueCode } = await createLeague(w, a, { name: 'Lookalikes', isPrivate: false, displayName: 'क्‍षत्रिय' });
    const c = await person(w.t, 'Chen', 'Li');
    const join = (who: SignedIn, DisplayName: string) => () =>
      who.client.post('/api/league_member/joinLeague', { UserID: who.userId, LeagueCode, DisplayName });
    // Without the ZWJ the same letters draw as a conjunct: still the admin's name.
    await expectRefused(w.t.db, join(b, 'क्षत्रिय'), 400, messages.leagueApi.displayNameTaken);
    expect((await join(b, 'Ben 🏏')()).statusCode).toBe(200);
    await expectRefused(w.t.db, join(c, 'BEN 🏏\ufe0f'), 400, messages.leagueApi.displayNameTaken);
    expect((await join(c, 'Chen 🏏')()).statusCode).toBe(200);
  });
});

describe('delete profile', () => {
  it('refuses a control character in the reason and keeps the account; line breaks are fine', async () => {
    const s = await person(w.t, 'Dara', 'Quinn');
    const refused = await s.client.delete(`/api/user/${s.userId}`, { user_id: s.userId, message: 'Bye\u0000\u0008' });
    expect(refused.statusCode).toBe(400);
    const bell = await s.client.delete(`/api/user/${s.userId}`, { user_id: s.userId, message: 'Bye\u0007' });
    expect(bell.statusCode, bell.body).toBe(400);
    expect(bell.json().error.message).toBe(multi('Reason'));
    expect(await w.t.db.selectFrom('users').select('id').where('id', '=', s.userId).executeTakeFirst()).toBeDefined();
    const ok = await s.client.delete(`/api/user/${s.userId}`, { user_id: s.userId, message: 'Too much\r\ncricket' });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
