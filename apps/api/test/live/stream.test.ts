import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import { applyBall, flushLive } from '../../src/live/ingest';
import { liveHub } from '../../src/live/hub';
import { liveMemberPointsSql } from '../../src/live/standings';
import { DB_TARGET, TEST_POSTGRES_URL } from '../db';
import { openStream } from './sse';
import { pollUntil, startTestApp, type TestApp } from '../helpers';
import {
  beginLive,
  type LeagueWorld,
  type Leagues,
  type LiveFixture,
  nextFixture,
  pickFor,
  startLeagueWorld,
  twoLeagues,
} from './setup';

async function fixtureEventIds(db: TestApp['db'], fixtureId: number, leagueIds: number[]) {
  const { rows } = await sql<{ id: number }>`
    SELECT id FROM live_events WHERE fixture_id = ${fixtureId} OR league_id IN (${sql.join(leagueIds)}) ORDER BY id`.execute(
    db,
  );
  return rows.map((r) => r.id);
}

describe(`live event stream on ${DB_TARGET}`, () => {
  let w: LeagueWorld;
  let l: Leagues;
  let f: LiveFixture;
  beforeAll(async () => {
    process.env.LIVE_HEARTBEAT_S = '0.2';
    w = await startLeagueWorld();
    l = await twoLeagues(w);
    f = await nextFixture(w, 0, 'stream');
    await pickFor(w, l, f);
    await beginLive(w.t.db, f);
  }, 60_000);
  afterAll(async () => {
    delete process.env.LIVE_HEARTBEAT_S;
    await w?.t.close();
  });

  const topics = () => `fixtures=${f.fixtureId}&leagues=${l.ps.LeagueID},${l.mp.LeagueID}`;

  it('refuses a stream of a league the caller may not read, and anonymous callers', async () => {
    const outsider = await l.outsider.client.get(`/api/live/stream?leagues=${l.ps.LeagueID}`);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().error.message).toEqual(expect.any(String));
    expect((await l.outsider.client.get(`/api/live/events?leagues=${l.ps.LeagueID}&after=0`)).statusCode).toBe(403);
    expect((await l.outsider.client.get('/api/live/stream?leagues=999999')).statusCode).toBe(404);
    expect((await w.t.client().get(`/api/live/stream?fixtures=${f.fixtureId}`)).statusCode).toBe(401);
    expect((await l.outsider.client.get(`/api/live/fixture/${f.fixtureId}?leagueId=${l.ps.LeagueID}`)).statusCode).toBe(
      403,
    );
    // A fixture on its own is public to any signed-in user.
    expect((await l.outsider.client.get(`/api/live/events?fixtures=${f.fixtureId}&after=0`)).statusCode).toBe(200);
  });

  it('streams with the SSE headers and heartbeats; a reconnect with Last-Event-ID gets exactly what it missed', async () => {
    const s1 = await openStream(w.t, `/api/live/stream?${topics()}`, l.alice.client.cookies);
    expect(s1.res.headers['content-type']).toMatch(/^text\/event-stream/);
    // Never stored by a cache (every /api answer), never recompressed or rewritten by a proxy.
    expect(s1.res.headers['cache-control']).toBe('no-store, no-transform');
    expect(s1.res.headers['x-accel-buffering']).toBe('no');
    for (const b of f.balls.slice(0, 6)) await applyBall(w.t.db, f.fixtureId, b, new Date());
    await flushLive(w.t.db, f.fixtureId, new Date(), { force: true });
    let all = await fixtureEventIds(w.t.db, f.fixtureId, [l.ps.LeagueID, l.mp.LeagueID]);
    await pollUntil(
      async () => s1.events.length,
      (n) => n >= all.length,
    );
    expect(s1.events.map((e) => e.id)).toEqual(all);
    expect(s1.events.every((e) => e.data.EventID === e.id && e.data.Type === e.event)).toBe(true);
    expect(new Set(s1.events.map((e) => e.event))).toEqual(
      new Set(['state', 'ball', 'score', 'points', 'leaders', 'standings']),
    );
    await pollUntil(
      async () => s1.comments.length,
      (n) => n > 0,
      { timeoutMs: 3_000 },
    );
    expect(s1.comments).toContain(': ping');
    const seen = s1.events.at(3)!.id;
    s1.close();

    // Missed while away: balls 7..12.
    for (const b of f.balls.slice(6, 12)) await applyBall(w.t.db, f.fixtureId, b, new Date());
    all = await fixtureEventIds(w.t.db, f.fixtureId, [l.ps.LeagueID, l.mp.LeagueID]);
    const s2 = await openStream(w.t, `/api/live/stream?${topics()}`, l.alice.client.cookies, {
      'last-event-id': String(seen),
    });
    const missed = all.filter((id) => id > seen);
    await pollUntil(
      async () => s2.events.length,
      (n) => n >= missed.length,
    );
    expect(s2.events.map((e) => e.id)).toEqual(missed);
    // Then the new ones, once each.
    await applyBall(w.t.db, f.fixtureId, f.balls[12]!, new Date());
    all = await fixtureEventIds(w.t.db, f.fixtureId, [l.ps.LeagueID, l.mp.LeagueID]);
    await pollUntil(
      async () => s2.events.length,
      (n) => n >= all.filter((id) => id > seen).length,
    );
    expect(s2.events.map((e) => e.id)).toEqual(all.filter((id) => id > seen));
    s2.close();

    // The same with ?lastEventId= and by polling.
    const s3 = await openStream(w.t, `/api/live/stream?${topics()}&lastEventId=${seen}`, l.alice.client.cookies);
    await pollUntil(
      async () => s3.events.length,
      (n) => n >= all.filter((id) => id > seen).length,
    );
    expect(s3.events.map((e) => e.id)).toEqual(all.filter((id) => id > seen));
    s3.close();
    const polled = (await l.alice.client.get(`/api/live/events?${topics()}&after=${seen}`)).json();
    expect(polled.Events.map((e: { EventID: number }) => e.EventID)).toEqual(all.filter((id) => id > seen));
    expect(polled.LastEventID).toBe(all.at(-1));
  }, 60_000);

  it('serves a Match Centre with provisional figures and the members picks with their live points', async () => {
    const res = await l.bob.client.get(`/api/live/fixture/${f.fixtureId}?leagueId=${l.ps.LeagueID}`);
    expect(res.statusCode, res.body).toBe(200);
    const mc = res.json();
    expect(mc.Fixture.State).toBe('live');
    expect(mc.Fixture.Provisional).toBe(true);
    expect(mc.Fixture.Innings[0].LegalBalls).toBeGreaterThan(0);
    expect(mc.Batters.length).toBeGreaterThan(0);
    expect(mc.Bowlers.length).toBeGreaterThan(0);
    expect(mc.LastOvers.length).toBeGreaterThan(0);
    expect(mc.PlayerPoints.every((p: { Provisional: boolean }) => p.Provisional)).toBe(true);
    // Started: Bob sees Alice's picks too (the league shows others' picks), and each total is what standings hold.
    expect(mc.League.Members.map((m: { UserID: number }) => m.UserID).sort()).toEqual(
      [l.alice.userId, l.bob.userId].sort(),
    );
    const { rows: live } = await sql<{ user_id: number; points: number }>`
      SELECT user_id, points FROM (${liveMemberPointsSql(sql`league_id = ${l.ps.LeagueID} AND fixture_id = ${f.fixtureId}`)}) m`.execute(
      w.t.db,
    );
    for (const m of mc.League.Members as { UserID: number; LivePoints: number }[]) {
      expect(m.LivePoints).toBe(live.find((r) => r.user_id === m.UserID)?.points ?? 0);
    }
  });

  it("hides others' picks in the Match Centre until the fixture starts: its first ball starts it", async () => {
    const g = await nextFixture(w, 1, 'hidden');
    await pickFor(w, l, g);
    const members = async () =>
      (await l.bob.client.get(`/api/live/fixture/${g.fixtureId}?leagueId=${l.mp.LeagueID}`))
        .json()
        .League.Members.map((m: { UserID: number }) => m.UserID);
    expect(await members()).toEqual([l.bob.userId]);
    await beginLive(w.t.db, g);
    await applyBall(w.t.db, g.fixtureId, g.balls[0]!, new Date());
    expect((await members()).sort()).toEqual([l.alice.userId, l.bob.userId].sort());
    // A fixture of another league is refused for that league.
    const other = await l.bob.client.get(`/api/live/fixture/${g.fixtureId}?leagueId=999999`);
    expect(other.statusCode).toBe(404);
  });

  it.runIf(DB_TARGET === 'postgres')(
    'two API processes on one database deliver each event once to each of their clients',
    async () => {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(w.t.db);
      const second = await openDatabase({ databaseUrl: TEST_POSTGRES_URL, schema: rows[0]!.schema, poolSize: 2 });
      const t2 = await startTestApp({}, {}, second);
      try {
        const bob2 = t2.client();
        for (const [k, v] of l.bob.client.cookies) bob2.cookies.set(k, v);
        const a = await openStream(w.t, `/api/live/stream?${topics()}`, l.alice.client.cookies);
        const b = await openStream(t2, `/api/live/stream?${topics()}`, bob2.cookies);
        const before = (await fixtureEventIds(w.t.db, f.fixtureId, [l.ps.LeagueID, l.mp.LeagueID])).at(-1)!;
        // Written by process 1 only.
        for (const ball of f.balls.slice(13, 19)) await applyBall(w.t.db, f.fixtureId, ball, new Date());
        const fresh = (await fixtureEventIds(w.t.db, f.fixtureId, [l.ps.LeagueID, l.mp.LeagueID])).filter(
          (id) => id > before,
        );
        for (const s of [a, b]) {
          await pollUntil(
            async () => s.events.length,
            (n) => n >= fresh.length,
          );
          await new Promise((r) => setTimeout(r, 300)); // anything extra would arrive now
          expect(s.events.map((e) => e.id)).toEqual(fresh);
        }
        a.close();
        b.close();
      } finally {
        await t2.close();
        await second.close();
      }
    },
    60_000,
  );

  it('closing the app ends its open streams (so the process can exit)', async () => {
    const s = await openStream(w.t, `/api/live/stream?${topics()}`, l.alice.client.cookies);
    const hub = liveHub(w.t.db);
    await pollUntil(
      async () => hub.size,
      (n) => n > 0,
    );
    const ended = new Promise((r) => s.res.on('end', r));
    await w.t.app.close();
    await ended;
    expect(hub.size).toBe(0);
  });
});
