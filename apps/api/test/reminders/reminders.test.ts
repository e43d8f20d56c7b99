import { fixtureLabel, formatEtMinutes, messages } from '@fantasy-cricket/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MP } from '../../src/cricket/catalogue';
import type { Database } from '../../src/db/database';
import { nodemailerMessage } from '../../src/email/transport';
import { reminderDedupeKey, runReminders } from '../../src/reminders/reminders';
import {
  addMember,
  leagueFeatures,
  makeLeague,
  makeUser,
  type PicksWorld,
  startPicksWorld,
  upcomingFixtures,
} from '../autopick/world';
import { DB_TARGET, freshDatabase } from '../db';
import { startTestApp, type TestApp } from '../helpers';

const HOUR = 3_600_000;
const settings = { appUrl: 'http://app.test', windowHours: 24 };
const TOKEN_IN_LINK = /\/unsubscribe\?token=([0-9a-z]+\.[A-Za-z0-9_-]+)/;

describe(`pick reminders and unsubscribe on ${DB_TARGET}`, () => {
  let database: Database;
  let w: PicksWorld;
  let t: TestApp;
  type Fx = Awaited<ReturnType<typeof upcomingFixtures>>[number];
  let f: Fx;
  let g: Fx;
  const u: Record<string, number> = {};
  const l: Record<string, number> = {};
  const at = (fx: Fx, offsetMs: number) => new Date(new Date(fx.start_time).getTime() + offsetMs);
  const byId = (a: number, b: number) => a - b;

  beforeAll(async () => {
    database = await freshDatabase();
    w = await startPicksWorld(database);
    t = await startTestApp({}, {}, database);
    const upcoming = await upcomingFixtures(w);
    f = upcoming[0]!;
    g = upcoming.find((x) => new Date(x.start_time).getTime() > at(f, 25 * HOUR).getTime()) ?? upcoming.at(-1)!;

    u.on = await makeUser(w, { first: 'Rohan', reminders: true });
    u.other = await makeUser(w, { reminders: true });
    u.off = await makeUser(w, { reminders: false });
    u.complete = await makeUser(w, { reminders: true });
    u.unverified = await makeUser(w, { reminders: true, verified: false });
    u.pending = await makeUser(w, { reminders: true });
    u.draftOnly = await makeUser(w, { reminders: true });
    l.mp = await makeLeague(w, { type: 'MP', name: 'Office Picks' });
    l.ps = await makeLeague(w, { type: 'PS', name: 'Fantasy XI' });
    l.draft = await makeLeague(w, { type: 'MP', status: 'Draft' });
    // Members since long before the fixtures' reminder times.
    const since = new Date(Date.now() - 30 * 24 * HOUR);
    for (const who of ['on', 'other', 'off', 'complete', 'unverified'])
      await addMember(w, l.mp!, u[who]!, 'Approved', since);
    await addMember(w, l.ps!, u.on!, 'Approved', since);
    await addMember(w, l.mp!, u.pending!, 'Pending', since);
    await addMember(w, l.draft!, u.draftOnly!, 'Approved', since);

    // `complete` has every active feature of the MP league picked for f.
    const features = await leagueFeatures(w, l.mp!);
    const anyPlayer = await w.db
      .selectFrom('squads')
      .select('player_id')
      .where('season_id', '=', w.seasonId)
      .where('team_id', '=', f.local_team_id)
      .executeTakeFirstOrThrow();
    for (const [featureId, configId] of features) {
      const kind = featureId === MP.MatchWinner ? 'team' : featureId >= MP.WinningMargin ? 'bonus' : 'player';
      await w.db
        .insertInto('league_selections')
        .values({
          league_id: l.mp!,
          user_id: u.complete!,
          fixture_id: f.id,
          league_configuration_id: configId,
          team_id: kind === 'team' ? f.local_team_id : null,
          player_id: kind === 'player' ? anyPlayer.player_id : null,
          bonus_option_id: kind === 'bonus' ? featureId * 100 + 1 : null,
        })
        .execute();
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  const remindedFor = async (fx: Fx) =>
    (
      await w.db
        .selectFrom('pick_reminders')
        .select('user_id')
        .where('fixture_id', '=', fx.id)
        .orderBy('user_id')
        .execute()
    ).map((r) => r.user_id);
  const mailFor = (userId: number, fx: Fx) =>
    w.db.selectFrom('email_outbox').selectAll().where('dedupe_key', '=', reminderDedupeKey(userId, fx.id)).execute();
  const flagOf = async (userId: number) =>
    (
      await w.db
        .selectFrom('users')
        .select('missing_pick_notification')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).missing_pick_notification;

  it('sends nothing for a fixture more than 24 h ahead (started ones: reminder-digest.test.ts)', async () => {
    await runReminders(w.db, settings, at(f, -24 * HOUR - 60_000));
    expect(await remindedFor(f)).toEqual([]);
  });

  it('sends one email per user and window across concurrent and repeated runs, and never twice for a fixture', async () => {
    await Promise.all([
      runReminders(w.db, settings, at(f, -24 * HOUR)),
      runReminders(w.db, settings, at(f, -24 * HOUR)),
    ]);
    expect(await remindedFor(f)).toEqual([u.on!, u.other!].sort(byId));
    await runReminders(w.db, settings, at(f, -HOUR));
    await Promise.all([runReminders(w.db, settings, at(f, -HOUR / 2)), runReminders(w.db, settings, at(f, -HOUR / 2))]);
    expect(await remindedFor(f)).toEqual([u.on!, u.other!].sort(byId));
    for (const who of ['on', 'other']) expect(await mailFor(u[who]!, f)).toHaveLength(1);
    // One email in the window, for every fixture it listed (the pick_reminders rows of that run).
    const mails = await w.db
      .selectFrom('email_outbox')
      .select('dedupe_key')
      .where('kind', '=', 'pick_reminder')
      .where('dedupe_key', 'like', `pick_reminder:${u.on}:%`)
      .execute();
    expect(mails.map((m) => m.dedupe_key)).toEqual([reminderDedupeKey(u.on!, f.id)]);
  });

  it('does not remind a member of a fixture whose reminder time came before they joined', async () => {
    const late = await makeUser(w, { reminders: true });
    // Joined 23 hours before f starts: f entered the 24-hour window an hour before.
    await addMember(w, l.ps!, late, 'Approved', at(f, -23 * HOUR));
    await runReminders(w.db, settings, at(f, -22 * HOUR));
    await runReminders(w.db, settings, at(f, -HOUR));
    expect(await remindedFor(f)).not.toContain(late);
    expect(await mailFor(late, f)).toEqual([]);
  });

  it('lists the fixture with its lock time, the leagues with missing picks and the links', async () => {
    const [mail] = await mailFor(u.on!, f);
    const teams = await w.db
      .selectFrom('teams')
      .select(['id', 'code'])
      .where('id', 'in', [f.local_team_id, f.visitor_team_id])
      .execute();
    const code = (id: number) => teams.find((x) => x.id === id)!.code;
    const label = fixtureLabel({
      FixtureName: f.name,
      StartTime: new Date(f.start_time).toISOString(),
      LocalTeamCode: code(f.local_team_id),
      VisitorTeamCode: code(f.visitor_team_id),
    });
    expect(label).toMatch(/ - \d{2}\/\d{2} \d{1,2} (AM|PM) ET$/);
    const lock = formatEtMinutes(new Date(f.start_time));
    expect(mail!.subject).toBe(`Picks missing: 1 fixture, locks at ${lock}`);
    expect(mail!.text_body).toContain(
      `• ${lock}: ${label.slice(0, label.lastIndexOf(' - '))}\n  in Fantasy XI, Office Picks\n`,
    );
    expect(mail!.text_body).toContain('Hi Rohan,');
    expect(mail!.text_body).toContain('http://app.test/home/my-predictions');
    expect(mail!.text_body).toMatch(/http:\/\/app\.test\/unsubscribe\?token=[0-9a-z]+\.[A-Za-z0-9_-]{43}/);
    expect(mail!.html_body).toContain('http://app.test/unsubscribe?token=');
    const [other] = await mailFor(u.other!, f);
    expect(other!.text_body).toContain('  in Office Picks\n');
    expect(other!.text_body).not.toContain('Fantasy XI');
  });

  it('skips reminders off, complete picks, unverified emails, pending members and Draft leagues', async () => {
    const reminded = await remindedFor(f);
    for (const who of ['off', 'complete', 'unverified', 'pending', 'draftOnly']) expect(reminded).not.toContain(u[who]);
  });

  it('unsubscribes through the link in the email, and the next run sends nothing', async () => {
    const [mail] = await mailFor(u.on!, f);
    const token = TOKEN_IN_LINK.exec(mail!.text_body)![1]!;
    const client = t.client();
    const res = await client.post('/api/user/unsubscribe', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: messages.unsubscribe.done });
    expect(await flagOf(u.on!)).toBe(false);
    const again = await client.post('/api/user/unsubscribe', { token });
    expect(again.statusCode).toBe(200);

    await runReminders(w.db, settings, at(g, -HOUR));
    const remindedG = await remindedFor(g);
    expect(remindedG).toContain(u.other);
    expect(remindedG).not.toContain(u.on);
    expect(await mailFor(u.on!, g)).toEqual([]);
  });

  it('refuses a tampered or malformed token with 400 and changes nothing', async () => {
    const [mail] = await mailFor(u.other!, f);
    const token = TOKEN_IN_LINK.exec(mail!.text_body)![1]!;
    const [id, sig] = token.split('.') as [string, string];
    const flipped = `${id}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    const otherUser = `${u.complete!.toString(36)}.${sig}`;
    const client = t.client();
    for (const bad of [flipped, otherUser, 'nonsense', `${id}.`, '']) {
      const res = await client.post('/api/user/unsubscribe', { token: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.message).toBe(messages.unsubscribeApi.invalidLink);
    }
    expect(await flagOf(u.other!)).toBe(true);
    expect(await flagOf(u.complete!)).toBe(true);
  });

  it('keeps the subject and every line of the text as the template has them, whatever the fixture is named', async () => {
    // A name stored before names were checked (decision 0014): a line break and a forged header.
    const upcoming = await upcomingFixtures(w);
    const h = upcoming.find((x) => x.id !== f.id && x.id !== g.id)!;
    await w.db
      .updateTable('fixtures')
      .set({ name: 'Match 901\r\nSubject: hijack\u2028Bcc: x@evil.test' })
      .where('id', '=', h.id)
      .execute();
    // Sent again, with the new name: the member's reminders so far are forgotten, so the next run lists h.
    const mine = `pick_reminder:${u.other!}:%`;
    await w.db.deleteFrom('pick_reminders').where('user_id', '=', u.other!).execute();
    await w.db.deleteFrom('email_outbox').where('dedupe_key', 'like', mine).execute();
    try {
      await runReminders(w.db, settings, at(h, -HOUR));
      const mails = await w.db.selectFrom('email_outbox').selectAll().where('dedupe_key', 'like', mine).execute();
      const mail = mails.find((m) => m.text_body.includes('Match 901'));
      expect(mail, 'a reminder listing the renamed fixture').toBeDefined();
      expect(mail!.subject).toMatch(/^Picks missing: /);
      expect(mail!.subject).not.toMatch(/[\r\n\u2028]/);
      const lines = mail!.text_body.split('\n');
      expect(lines.filter((line) => /^(Subject|Bcc):/.test(line))).toEqual([]);
      // The fixture's line holds the whole name, flattened to one line.
      expect(lines.some((line) => /^• .*: Match 901 Subject: hijack Bcc: x@evil\.test - /.test(line))).toBe(true);
      // What nodemailer is given is one line again, even for an outbox row written without the rule.
      const raw = {
        id: mail!.id,
        to: mail!.to_address,
        subject: 'Picks missing: a\r\nBcc: y@evil.test',
        text: '',
        html: '',
        replyTo: null,
      };
      expect(nodemailerMessage(raw, 'FC <no-reply@test>')).toMatchObject({
        subject: 'Picks missing: a Bcc: y@evil.test',
      });
    } finally {
      await w.db.updateTable('fixtures').set({ name: h.name }).where('id', '=', h.id).execute();
    }
  });

  it('limits unsubscribe attempts per address', async () => {
    const limited = await startTestApp({ rateLimits: { unsubscribe: { max: 2, windowMs: HOUR } } }, {}, database);
    try {
      const client = limited.client();
      await w.db.deleteFrom('rate_limits').execute();
      for (let i = 0; i < 2; i += 1)
        expect((await client.post('/api/user/unsubscribe', { token: 'x' })).statusCode).toBe(400);
      expect((await client.post('/api/user/unsubscribe', { token: 'x' })).statusCode).toBe(429);
    } finally {
      await limited.app.close();
    }
  });
});
