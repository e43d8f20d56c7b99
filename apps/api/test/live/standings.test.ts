import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import { applyBall, completeLive, flushLive } from '../../src/live/ingest';
import { compareStandingRows, type LiveStandingRow, liveStandings } from '../../src/live/standings';
import { DB_TARGET, TEST_POSTGRES_URL } from '../db';
import { pollUntil, type SignedIn } from '../helpers';
import { person } from '../leagues/setup';
import { joinAs, psPicks } from '../standings/setup';
import {
  beginLive,
  busiest,
  type LeagueWorld,
  type Leagues,
  type LiveFixture,
  nextFixture,
  pickFor,
  startLeagueWorld,
  twoLeagues,
} from './setup';
import { openStream } from './sse';

interface StandingsEvent {
  EventID: number;
  Type: 'standings';
  LeagueID: number;
  Version: number;
  BaseVersion: number;
  FixtureIDs: number[];
  Rows: LiveStandingRow[];
  Removed: number[];
  Provisional: boolean;
}

interface Held {
  version: number;
  live: boolean;
  rows: Map<number, LiveStandingRow>;
}

/** What a client does with a standings event: it must apply on the version it holds. */
function apply(held: Held, e: StandingsEvent): Held {
  expect(e.BaseVersion).toBe(held.version);
  expect(e.Version).toBe(held.version + 1);
  const rows = new Map(held.rows);
  for (const r of e.Rows) {
    // Only rows that changed are sent.
    expect(rows.get(r.UserID)).not.toEqual(r);
    rows.set(r.UserID, r);
  }
  for (const id of e.Removed) {
    expect(rows.has(id)).toBe(true);
    rows.delete(id);
  }
  return { version: e.Version, live: e.FixtureIDs.length > 0, rows };
}

const table = (h: Held) => [...h.rows.values()].sort(compareStandingRows);

describe(`live standings: changed rows only, and the snapshot they apply on (${DB_TARGET})`, () => {
  let w: LeagueWorld;
  let l: Leagues;
  let f: LiveFixture;
  let carol: SignedIn;
  beforeAll(async () => {
    process.env.LIVE_STANDINGS_INTERVAL_MS = '0';
    w = await startLeagueWorld();
    l = await twoLeagues(w);
    carol = await person(w.t, 'Carol');
    f = await nextFixture(w, 0, 'deltas');
    await pickFor(w, l, f);
  }, 60_000);
  afterAll(async () => {
    delete process.env.LIVE_STANDINGS_INTERVAL_MS;
    await w?.t.close();
  });

  const snapshot = async (who: SignedIn, leagueId: number) => {
    const res = await who.client.get(`/api/live/standings/${leagueId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      LeagueID: number;
      Version: number;
      Live: boolean;
      Provisional: boolean;
      FixtureIDs: number[];
      Rows: LiveStandingRow[];
    };
  };

  it('is read as the standings are: 401 anonymous, 403 not a member, 404 unknown, 400 not an id', async () => {
    const path = `/api/live/standings/${l.ps.LeagueID}`;
    expect((await w.t.client().get(path)).statusCode).toBe(401);
    const outsider = await l.outsider.client.get(path);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().error.message).toEqual(expect.any(String));
    // The same refusal as the ordinary standings of the league.
    expect((await l.outsider.client.get(`/api/view/player_selection_leaderboard/${l.ps.LeagueID}`)).statusCode).toBe(
      403,
    );
    expect((await l.alice.client.get('/api/live/standings/999999')).statusCode).toBe(404);
    expect((await l.alice.client.get('/api/live/standings/abc')).statusCode).toBe(400);
    expect((await l.alice.client.get('/api/live/standings/0')).statusCode).toBe(400);
    // Before the fixture: nothing live, no rows.
    expect(await snapshot(l.alice, l.ps.LeagueID)).toEqual({
      LeagueID: l.ps.LeagueID,
      Version: 0,
      Live: false,
      Provisional: false,
      FixtureIDs: [],
      Rows: [],
    });
    expect((await snapshot(l.admin, l.mp.LeagueID)).Live).toBe(false);
  });

  it('a sequence of balls gives events whose application on the snapshot equals a fresh snapshot, through joins, leaves, renames and the result', async () => {
    const db = w.t.db;
    const leagues = [l.ps.LeagueID, l.mp.LeagueID];
    const held = new Map<number, Held>();
    for (const id of leagues) {
      const s = await snapshot(l.alice, id);
      held.set(id, { version: s.Version, live: s.Live, rows: new Map(s.Rows.map((r) => [r.UserID, r])) });
    }
    let cursor = (await l.alice.client.get(`/api/live/events?leagues=${leagues.join(',')}`)).json()
      .LastEventID as number;
    let events = 0;
    let smaller = 0;
    /** Reads the new standings events by polling (as a client without a stream does) and applies them. */
    const follow = async () => {
      const page = (await l.alice.client.get(`/api/live/events?leagues=${leagues.join(',')}&after=${cursor}`)).json();
      cursor = page.LastEventID;
      for (const e of page.Events as StandingsEvent[]) {
        expect(e.Type).toBe('standings');
        const before = held.get(e.LeagueID)!;
        if (e.Rows.length < Math.max(before.rows.size, 1)) smaller += 1;
        held.set(e.LeagueID, apply(before, e));
        events += 1;
      }
    };
    /** The held tables equal the snapshot the server serves now, and a fresh computation. */
    const check = async (live: boolean) => {
      for (const id of leagues) {
        const h = held.get(id)!;
        const s = await snapshot(l.alice, id);
        expect(s.Version).toBe(h.version);
        expect(s.Live).toBe(live);
        expect(s.Provisional).toBe(live);
        expect(s.Rows).toEqual(table(h));
        if (live) {
          expect(s.FixtureIDs).toEqual([f.fixtureId]);
          expect(s.Rows).toEqual((await liveStandings(db, id, new Date()))!.Rows);
        } else {
          expect(s.Rows).toEqual([]);
        }
      }
    };

    await beginLive(db, f);
    const step = async (from: number, to: number) => {
      for (const b of f.balls.slice(from, to)) await applyBall(db, f.fixtureId, b, new Date());
      await flushLive(db, f.fixtureId, new Date());
      await follow();
      await check(true);
    };
    // The first flush announces both leagues (the marker shows at once), whole tables on version 0.
    await step(0, 1);
    for (const id of leagues) expect(held.get(id)!.live).toBe(true);
    for (let i = 1; i < 48; i += 6) await step(i, i + 6);

    // Score details: the live fixture's picks carry their provisional points, which add up to the
    // member's live points in the standings.
    for (const [league, path] of [
      [l.ps.LeagueID, '/api/view/pastPlayerSelections'],
      [l.mp.LeagueID, '/api/view/pastSelections'],
    ] as const) {
      for (const who of [l.alice, l.bob]) {
        const res = await l.alice.client.post(path, { LeagueID: league, UserID: who.userId });
        expect(res.statusCode, res.body).toBe(200);
        const picks = (res.json() as { FixtureID: number; Points: number; Provisional: boolean }[]).filter(
          (r) => r.FixtureID === f.fixtureId,
        );
        expect(picks.length).toBeGreaterThan(0);
        expect(picks.every((r) => r.Provisional)).toBe(true);
        const live = held.get(league)!.rows.get(who.userId)!.LivePoints;
        expect(picks.reduce((a, r) => a + r.Points, 0)).toBe(live);
      }
    }
    expect(held.get(l.ps.LeagueID)!.rows.get(l.alice.userId)!.LivePoints).not.toBe(0);

    // Carol joins the PS league and picks; Bob leaves it; Alice is renamed in the MP league.
    await joinAs(l.admin, carol, l.ps, 'Carol');
    await psPicks(db, l.ps.LeagueID, carol.userId, f.fixtureId, busiest(f, 12).slice(8, 12));
    await db
      .updateTable('league_members')
      .set({ status: 'Rejected' })
      .where('league_id', '=', l.ps.LeagueID)
      .where('user_id', '=', l.bob.userId)
      .execute();
    await db
      .updateTable('league_members')
      .set({ display_name: 'Alice the Great' })
      .where('league_id', '=', l.mp.LeagueID)
      .where('user_id', '=', l.alice.userId)
      .execute();
    const beforeChanges = cursor;
    await step(48, 54);
    const ps = (await l.alice.client.get(`/api/live/events?leagues=${l.ps.LeagueID}&after=${beforeChanges}`)).json()
      .Events as StandingsEvent[];
    expect(ps.flatMap((e) => e.Removed)).toContain(l.bob.userId);
    expect(ps.flatMap((e) => e.Rows.map((r) => r.UserID))).toContain(carol.userId);
    expect(held.get(l.ps.LeagueID)!.rows.has(l.bob.userId)).toBe(false);
    expect(held.get(l.mp.LeagueID)!.rows.get(l.alice.userId)!.UserDisplayName).toBe('Alice the Great');

    // Nothing new: no event, the version stays.
    const versions = leagues.map((id) => held.get(id)!.version);
    await flushLive(db, f.fixtureId, new Date(), { force: true });
    await follow();
    expect(leagues.map((id) => held.get(id)!.version)).toEqual(versions);

    for (let i = 54; i < f.balls.length; i += 40) await step(i, Math.min(i + 40, f.balls.length));
    expect(events).toBeGreaterThan(6);
    // Most changes are smaller than the table.
    expect(smaller).toBeGreaterThan(0);

    // The result: the tables empty out (the ordinary standings hold the final figures), not provisional.
    const done = await completeLive(db, f.fixtureId, f.match, new Date());
    expect(done.ok).toBe(true);
    const finalFrom = cursor;
    await follow();
    const finals = (await l.alice.client.get(`/api/live/events?leagues=${leagues.join(',')}&after=${finalFrom}`)).json()
      .Events as StandingsEvent[];
    expect(finals.map((e) => e.LeagueID).sort()).toEqual([...leagues].sort());
    for (const e of finals) expect(e).toMatchObject({ FixtureIDs: [], Rows: [], Provisional: false });
    await check(false);
    const after = (
      await l.alice.client.post('/api/view/pastPlayerSelections', { LeagueID: l.ps.LeagueID, UserID: l.alice.userId })
    ).json() as {
      FixtureID: number;
      Provisional: boolean;
    }[];
    expect(after.filter((r) => r.FixtureID === f.fixtureId).every((r) => !r.Provisional)).toBe(true);
  }, 180_000);

  it('a client resuming after the last event it saw (Last-Event-ID, or polling with after=) receives the standings changes it missed, in version order', async () => {
    const db = w.t.db;
    const g = await nextFixture(w, 0, 'deltas-resume');
    await pickFor(w, l, g);
    await beginLive(db, g);
    await applyBall(db, g.fixtureId, g.balls[0]!, new Date());
    await flushLive(db, g.fixtureId, new Date());
    const start = await snapshot(l.alice, l.ps.LeagueID);
    expect(start.Live).toBe(true);
    const seen = (await l.alice.client.get(`/api/live/events?leagues=${l.ps.LeagueID}`)).json().LastEventID as number;
    // Away while these are announced.
    for (let i = 1; i < 30; i += 5) {
      for (const b of g.balls.slice(i, i + 5)) await applyBall(db, g.fixtureId, b, new Date());
      await flushLive(db, g.fixtureId, new Date());
    }
    const missed = (await l.alice.client.get(`/api/live/events?leagues=${l.ps.LeagueID}&after=${seen}`)).json()
      .Events as StandingsEvent[];
    expect(missed.length).toBeGreaterThan(1);
    let h: Held = { version: start.Version, live: true, rows: new Map(start.Rows.map((r) => [r.UserID, r])) };
    for (const e of missed) h = apply(h, e);
    expect(table(h)).toEqual((await snapshot(l.alice, l.ps.LeagueID)).Rows);
    // The same over the stream, reconnecting with Last-Event-ID.
    const sse = await openStream(w.t, `/api/live/stream?leagues=${l.ps.LeagueID}`, l.alice.client.cookies, {
      'last-event-id': String(seen),
    });
    try {
      await pollUntil(
        async () => sse.events.length,
        (n) => n >= missed.length,
      );
      expect(sse.events.map((e) => e.data)).toEqual(missed);
    } finally {
      sse.close();
    }
  }, 120_000);
  it('two fixtures of a league ingested by two processes at once: one version each, every change on the one before', async () => {
    const db = w.t.db;
    // Two processes on one PostgreSQL database (PGlite has one connection: the same handle).
    let other = db;
    let close = async () => {};
    if (DB_TARGET === 'postgres') {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
      const second = await openDatabase({ databaseUrl: TEST_POSTGRES_URL, schema: rows[0]!.schema, poolSize: 2 });
      other = second.db;
      close = () => second.close();
    }
    try {
      const a = await nextFixture(w, 0, 'deltas-a');
      const b = await nextFixture(w, 1, 'deltas-b');
      for (const x of [a, b]) {
        await pickFor(w, l, x);
        await beginLive(db, x);
      }
      const from = (await l.alice.client.get(`/api/live/events?leagues=${l.ps.LeagueID}`)).json().LastEventID as number;
      for (let i = 0; i < 24; i += 6) {
        for (const ball of a.balls.slice(i, i + 6)) await applyBall(db, a.fixtureId, ball, new Date());
        for (const ball of b.balls.slice(i, i + 6)) await applyBall(other, b.fixtureId, ball, new Date());
        await Promise.all([
          flushLive(db, a.fixtureId, new Date(), { force: true }),
          flushLive(other, b.fixtureId, new Date(), { force: true }),
        ]);
      }
      const events = (await l.alice.client.get(`/api/live/events?leagues=${l.ps.LeagueID}&after=${from}`)).json()
        .Events as StandingsEvent[];
      expect(events.length).toBeGreaterThan(2);
      for (const [i, e] of events.entries()) {
        if (i > 0) expect(e.BaseVersion).toBe(events[i - 1]!.Version);
        expect(e.Version).toBe(e.BaseVersion + 1);
      }
      const s = await snapshot(l.alice, l.ps.LeagueID);
      expect(s.Version).toBe(events.at(-1)!.Version);
      expect(s.FixtureIDs).toEqual(expect.arrayContaining([a.fixtureId, b.fixtureId]));
      expect(s.Rows).toEqual((await liveStandings(db, l.ps.LeagueID, new Date()))!.Rows);
    } finally {
      await close();
    }
  }, 120_000);
});
