import { emailMessages, formatEtMinutes } from '@fantasy-cricket/rules';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PACE } from '../../src/config';
import { loadDemoSeason } from '../../src/demo/season';
import type { Database } from '../../src/db/database';
import { REMINDER_LISTED_FIXTURES } from '../../src/email/templates';
import { runLeagueJobs } from '../../src/leagues/jobs';
import { decideMember, joinLeague } from '../../src/leagues/members';
import { runReminders } from '../../src/reminders/reminders';
import { addMember, leagueFeatures, makeLeague, makeUser, type PicksWorld } from '../autopick/world';
import { DB_TARGET, freshDatabase } from '../db';

/**
 * "Picks missing" over simulated time (docs/decisions/0033-pick-reminder-digest.md): the demo season at
 * its real pace (a fixture every 25 minutes, a day's worth scheduled), members in several leagues, and
 * the reminder job run every 5 simulated minutes with an explicit `now`. The outbox is counted.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const STEP = 5 * MINUTE;
const appUrl = 'http://app.test';

/** 08:00 UTC tomorrow: the simulated day starts there, whatever the time the tests run. */
function morning(): Date {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1, 8));
}

interface Digest {
  at: number;
  fixtures: { id: number; start: number }[];
  subject: string;
  text: string;
}

async function demoWorld(database: Database, t0: Date): Promise<PicksWorld> {
  // 60 fixtures on the 25-minute grid, 58 of them after t0: a little over a day of cricket.
  const demo = await loadDemoSeason(database.db, { now: t0, pace: DEFAULT_DEMO_PACE, fixtures: 60, past: 2 });
  const w: PicksWorld = { database, db: database.db, seasonId: demo.seasonId, admin: 0 };
  w.admin = await makeUser(w, { first: 'Admin', reminders: true });
  return w;
}

/** Every reminder a user got: the fixtures claimed with it (pick_reminders rows share the run's time) and its email. */
async function digestsOf(w: PicksWorld, userId: number): Promise<Digest[]> {
  const claims = await w.db
    .selectFrom('pick_reminders as r')
    .innerJoin('fixtures as f', 'f.id', 'r.fixture_id')
    .select(['r.fixture_id', 'r.sent_at', 'f.start_time'])
    .where('r.user_id', '=', userId)
    .orderBy('r.sent_at')
    .orderBy('f.start_time')
    .orderBy('f.id')
    .execute();
  const mails = await w.db
    .selectFrom('email_outbox')
    .select(['dedupe_key', 'subject', 'text_body', 'kind'])
    .where('dedupe_key', 'like', `pick_reminder:${userId}:%`)
    .execute();
  const byTime = new Map<number, Digest>();
  for (const c of claims) {
    const at = new Date(c.sent_at).getTime();
    const d = byTime.get(at) ?? { at, fixtures: [], subject: '', text: '' };
    d.fixtures.push({ id: c.fixture_id, start: new Date(c.start_time).getTime() });
    byTime.set(at, d);
  }
  const digests = [...byTime.values()];
  expect(mails).toHaveLength(digests.length);
  for (const d of digests) {
    const mail = mails.find((m) => m.dedupe_key === `pick_reminder:${userId}:${d.fixtures[0]!.id}`);
    expect(mail?.kind).toBe('pick_reminder');
    d.subject = mail!.subject;
    d.text = mail!.text_body;
  }
  return digests;
}

/** Runs the job every `step` from `from` for `duration`, as the pick jobs' timer would. */
async function simulate(w: PicksWorld, windowHours: number, from: Date, duration: number, step = STEP) {
  let emails = 0;
  for (let t = from.getTime(); t <= from.getTime() + duration; t += step) {
    // Two processes run the job at the same moment: one email between them.
    const [a, b] = await Promise.all([
      runReminders(w.db, { appUrl, windowHours }, new Date(t)),
      runReminders(w.db, { appUrl, windowHours }, new Date(t)),
    ]);
    emails += a.sent + b.sent;
  }
  return emails;
}

async function fixturesOf(w: PicksWorld) {
  return w.db
    .selectFrom('fixtures')
    .select(['id', 'start_time', 'local_team_id', 'visitor_team_id'])
    .where('season_id', '=', w.seasonId)
    .where('status', '=', 'scheduled')
    .orderBy('start_time')
    .orderBy('id')
    .execute();
}

/** Every active Match Prediction feature picked for the fixture (the member's picks there are complete). */
async function completeMpPicks(w: PicksWorld, leagueId: number, userId: number, fixtureId: number) {
  const f = await w.db.selectFrom('fixtures').selectAll().where('id', '=', fixtureId).executeTakeFirstOrThrow();
  for (const [, configId] of await leagueFeatures(w, leagueId)) {
    await w.db
      .insertInto('league_selections')
      .values({
        league_id: leagueId,
        user_id: userId,
        fixture_id: fixtureId,
        league_configuration_id: configId,
        team_id: f.local_team_id,
        player_id: null,
        bonus_option_id: null,
      })
      .execute();
  }
}

describe(`one "Picks missing" email per reminder window on ${DB_TARGET}`, () => {
  let database: Database;
  let w: PicksWorld;
  const t0 = morning();
  const WINDOW_HOURS = 2;
  const W = WINDOW_HOURS * HOUR;
  const u: Record<string, number> = {};
  const l: Record<string, number> = {};
  let fixtures: Awaited<ReturnType<typeof fixturesOf>>;
  let sent = 0;

  beforeAll(async () => {
    database = await freshDatabase();
    w = await demoWorld(database, t0);
    fixtures = await fixturesOf(w);
    expect(fixtures.filter((f) => new Date(f.start_time) > t0).length).toBeGreaterThanOrEqual(50);
    const longAgo = new Date(t0.getTime() - 30 * DAY);
    u.multi = await makeUser(w, { first: 'Priya', reminders: true });
    l.office = await makeLeague(w, { type: 'MP', name: 'Office Picks' });
    l.family = await makeLeague(w, { type: 'MP', name: 'Family Cup' });
    l.xi = await makeLeague(w, { type: 'PS', name: 'Fantasy XI' });
    for (const id of [l.office!, l.family!, l.xi!]) await addMember(w, id, u.multi!, 'Approved', longAgo);
    // Picks complete in Office Picks for the third fixture: it is listed for the other two leagues only.
    await completeMpPicks(w, l.office!, u.multi!, fixtures[2]!.id);
    sent = await simulate(w, WINDOW_HOURS, t0, 12 * HOUR);
  }, 240_000);
  afterAll(async () => {
    await database?.close();
  });

  it('sends one email per window, however many fixtures and leagues: 7 in 12 hours, not one per fixture (over 30)', async () => {
    const digests = await digestsOf(w, u.multi!);
    // Reminded fixtures: those starting within 2 hours of the first run, then of each run 2 hours later.
    const reminded = digests.flatMap((d) => d.fixtures);
    expect(reminded.length).toBeGreaterThan(30);
    expect(digests).toHaveLength(7);
    expect(sent).toBe(7);
    for (const [i, d] of digests.entries()) {
      // At most one per window: each email at least W after the previous one.
      if (i > 0) expect(d.at - digests[i - 1]!.at).toBeGreaterThanOrEqual(W);
      // Never for a fixture beyond the window, nor one already started.
      for (const f of d.fixtures) {
        expect(f.start).toBeGreaterThan(d.at);
        expect(f.start).toBeLessThanOrEqual(d.at + W);
      }
    }
    // Never twice for the same fixture.
    expect(new Set(reminded.map((f) => f.id)).size).toBe(reminded.length);
    // Every fixture that started during the 12 hours, or starts within the last window, was reminded once.
    const due = fixtures.filter((f) => {
      const start = new Date(f.start_time).getTime();
      return start > t0.getTime() && start <= digests.at(-1)!.at + W;
    });
    expect(reminded.map((f) => f.id).sort((a, b) => a - b)).toEqual(due.map((f) => f.id).sort((a, b) => a - b));
  });

  it('lists every fixture of the window with its lock time and leagues, soonest first, in a phone-sized subject', async () => {
    const [first] = await digestsOf(w, u.multi!);
    const n = first!.fixtures.length;
    expect(n).toBeGreaterThan(1);
    const firstLock = formatEtMinutes(new Date(first!.fixtures[0]!.start));
    expect(first!.subject).toBe(emailMessages.pickReminder.subject(n, firstLock));
    expect(first!.subject).toMatch(
      /^Picks missing: \d+ fixtures, first locks at \d{2}\/\d{2} \d{1,2}:\d{2} (AM|PM) ET$/,
    );
    expect(first!.text).toContain('Hi Priya,');
    expect(first!.text).toContain(emailMessages.pickReminder.intro(n));
    const heads = [...first!.text.matchAll(/^• (\d{2}\/\d{2} \d{1,2}:\d{2} [AP]M ET): /gm)].map((m) => m[1]);
    expect(heads).toEqual(first!.fixtures.map((f) => formatEtMinutes(new Date(f.start))));
    // Leagues alphabetically under each fixture; the third fixture lacks Office Picks (its picks are in).
    const leagueLines = [...first!.text.matchAll(/^ {2}in (.+)$/gm)].map((m) => m[1]);
    const third = first!.fixtures.findIndex((f) => f.id === fixtures[2]!.id);
    expect(third).toBeGreaterThanOrEqual(0);
    expect(leagueLines).toEqual(
      first!.fixtures.map((_, i) => (i === third ? 'Family Cup, Fantasy XI' : 'Family Cup, Fantasy XI, Office Picks')),
    );
    expect(first!.text).toContain(`${emailMessages.pickReminder.actionText} ${appUrl}/home/my-predictions`);
    expect(first!.text).toMatch(/\/unsubscribe\?token=[0-9a-z]+\.[A-Za-z0-9_-]{43}/);
    expect(first!.text).not.toContain('starts soon');
  });
});

describe(`no burst on joining a Daily Challenge or being approved, 24-hour window, on ${DB_TARGET}`, () => {
  let database: Database;
  let w: PicksWorld;
  const t0 = morning();
  const W = 24 * HOUR;
  const u: Record<string, number> = {};
  let daily: { id: number; name: string; code: string };
  let privateLeague: { id: number; code: string };
  let fixtures: Awaited<ReturnType<typeof fixturesOf>>;

  beforeAll(async () => {
    database = await freshDatabase();
    w = await demoWorld(database, t0);
    fixtures = await fixturesOf(w);
    await runLeagueJobs(w.db, { now: t0 });
    const row = await w.db
      .selectFrom('leagues')
      .select(['id', 'name', 'code'])
      .where(sql<boolean>`match_day = ${t0.toISOString().slice(0, 10)}::date`)
      .executeTakeFirstOrThrow();
    daily = { id: row.id, name: row.name, code: row.code };
    const pl = await makeLeague(w, { type: 'MP', name: 'Friends League' });
    privateLeague = {
      id: pl,
      code: (await w.db.selectFrom('leagues').select('code').where('id', '=', pl).executeTakeFirstOrThrow()).code,
    };
    await addMember(w, pl, w.admin, 'Approved', new Date(t0.getTime() - 30 * DAY));

    u.newcomer = await makeUser(w, { first: 'Neha', reminders: true });
    u.friend = await makeUser(w, { first: 'Farid', reminders: true });
    // At 08:00 the newcomer joins the day's Daily Challenge; the friend, who asked an hour before, is approved.
    await joinLeague(w.db, u.newcomer!, { LeagueCode: daily.code, DisplayName: 'Neha N' }, { appUrl, now: t0 });
    await joinLeague(
      w.db,
      u.friend!,
      { LeagueCode: privateLeague.code, DisplayName: 'Farid F' },
      { appUrl, now: new Date(t0.getTime() - HOUR) },
    );
    const request = await w.db
      .selectFrom('league_members')
      .select('id')
      .where('user_id', '=', u.friend!)
      .executeTakeFirstOrThrow();
    await decideMember(
      w.db,
      w.admin,
      { LeagueMemberID: request.id, LeagueID: privateLeague.id, Status: 'Approved' },
      { appUrl, now: t0 },
    );
    await simulate(w, 24, t0, 26 * HOUR, 10 * MINUTE);
  }, 240_000);
  afterAll(async () => {
    await database?.close();
  });

  it('sends the newcomer nothing for the Daily Challenge joined during the day', async () => {
    const day = t0.toISOString().slice(0, 10);
    const todays = fixtures.filter((f) => new Date(f.start_time).toISOString().startsWith(day));
    expect(todays.filter((f) => new Date(f.start_time) > t0).length).toBeGreaterThan(30);
    expect(await digestsOf(w, u.newcomer!)).toEqual([]);
  });

  it('sends the approved friend nothing for fixtures whose reminder time passed before the approval, and no burst', async () => {
    const digests = await digestsOf(w, u.friend!);
    // Fixtures starting within 24 hours of the approval (there are over 50): none is reminded.
    const soon = fixtures.filter((f) => {
      const start = new Date(f.start_time).getTime();
      return start > t0.getTime() && start - W < t0.getTime();
    });
    expect(soon.length).toBeGreaterThan(50);
    const reminded = new Set(digests.flatMap((d) => d.fixtures.map((f) => f.id)));
    for (const f of soon) expect(reminded.has(f.id)).toBe(false);
    for (const d of digests) for (const f of d.fixtures) expect(f.start - W).toBeGreaterThanOrEqual(t0.getTime());
    // Over 26 hours: one email for the fixtures entering the window after the approval, then nothing for 24 hours.
    expect(digests.length).toBeLessThanOrEqual(2);
    if (digests.length === 2) expect(digests[1]!.at - digests[0]!.at).toBeGreaterThanOrEqual(W);
  });

  it('still reminds the league admin, a member from before, of every fixture: one email for the whole day', async () => {
    const digests = await digestsOf(w, w.admin);
    expect(digests.length).toBeGreaterThanOrEqual(1);
    const [first] = digests;
    // The first run lists every fixture of the coming 24 hours (over 50), a phone-sized list of 10 and a count.
    expect(first!.at).toBe(t0.getTime());
    const n = first!.fixtures.length;
    expect(n).toBeGreaterThan(50);
    expect([...first!.text.matchAll(/^• /gm)]).toHaveLength(REMINDER_LISTED_FIXTURES);
    expect(first!.text).toContain(
      emailMessages.pickReminder.more(
        n - REMINDER_LISTED_FIXTURES,
        formatEtMinutes(new Date(first!.fixtures.at(-1)!.start)),
      ),
    );
    expect(digests.length).toBeLessThanOrEqual(2);
  });

  it('leaves the Daily Challenge out of every email, even for members of other leagues', async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM email_outbox WHERE kind = 'pick_reminder' AND text_body LIKE ${`%${daily.name}%`}`.execute(
      w.db,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
