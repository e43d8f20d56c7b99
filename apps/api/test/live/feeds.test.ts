import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/database';
import type { CricsheetMatch } from '../../src/cricket/import/cricsheet-format';
import { type LiveFeed, type LiveUpdate, PollingFeed, ReplayFeed } from '../../src/live/feed';
import { completeLive } from '../../src/live/ingest';
import { replayMatch, runFeed } from '../../src/live/runner';
import { DB_TARGET, TEST_POSTGRES_URL } from '../db';
import {
  type LeagueWorld,
  expectSame,
  type Leagues,
  liveInfo,
  nonzero,
  parsedPoints,
  nextFixture,
  pickFor,
  provisional,
  startLeagueWorld,
  TestClock,
  twoLeagues,
} from './setup';

/** The match with only its first `n` balls and no result (what a vendor shows mid-match). */
function partial(match: CricsheetMatch, n: number): unknown {
  let left = n;
  const innings = [];
  for (const inn of match.innings) {
    if (left <= 0) break;
    const overs = [];
    for (const o of inn.overs) {
      if (left <= 0) break;
      const deliveries = o.deliveries.slice(0, left);
      left -= deliveries.length;
      overs.push({ over: o.over, deliveries });
    }
    innings.push({ ...inn, overs });
  }
  const { outcome: _o, ...info } = liveInfo(match);
  return { meta: match.meta, info, innings };
}

async function fixtureEvents(w: LeagueWorld, fixtureId: number) {
  const { rows } = await sql<{ type: string; data: { State?: string } }>`
    SELECT type, data FROM live_events WHERE fixture_id = ${fixtureId} ORDER BY id`.execute(w.t.db);
  return rows.map((r) => ({ type: r.type, data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data }));
}

describe(`live feeds and their runner on ${DB_TARGET}`, () => {
  let w: LeagueWorld;
  let l: Leagues;
  beforeAll(async () => {
    w = await startLeagueWorld();
    l = await twoLeagues(w);
  }, 60_000);
  afterAll(async () => {
    await w?.t.close();
  });

  it('polls a vendor URL with If-None-Match, marks a silent feed and resumes it, and ends with the final import', async () => {
    const f = await nextFixture(w, 0, 'poll');
    await pickFor(w, l, f);
    // The vendor: what it serves depends on how often it was asked.
    let asked = 0;
    let notModified = 0;
    const server: Server = createServer((req, res) => {
      asked += 1;
      const body = JSON.stringify(
        asked <= 3
          ? partial(f.match, 20)
          : asked <= 9
            ? partial(f.match, 20)
            : asked <= 11
              ? partial(f.match, 80)
              : f.match,
      );
      const etag = `"${body.length}-${asked <= 9 ? 1 : asked <= 11 ? 2 : 3}"`;
      if (req.headers['if-none-match'] === etag) {
        notModified += 1;
        res.writeHead(304, { etag });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'application/json', etag });
      res.end(body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/match.json`;
    try {
      const clock = new TestClock();
      const feed = new PollingFeed(f.matchId, { url, intervalMs: 1_000 });
      const outcome = await runFeed(w.t.db, f.fixtureId, feed, { clock, silentAfterMs: 3_000 });
      expect(outcome).toBe('completed');
      expect(notModified).toBeGreaterThanOrEqual(5);
      const states = (await fixtureEvents(w, f.fixtureId)).filter((e) => e.type === 'state').map((e) => e.data.State);
      expect(states).toEqual(['live', 'silent', 'live', 'completed']);
      const balls = (await fixtureEvents(w, f.fixtureId)).filter((e) => e.type === 'ball');
      expect(balls).toHaveLength(f.balls.length);
      const fx = await w.t.db
        .selectFrom('fixtures')
        .select('status')
        .where('id', '=', f.fixtureId)
        .executeTakeFirstOrThrow();
      expect(fx.status).toBe('completed');
    } finally {
      await new Promise((r) => server.close(r));
    }
  }, 120_000);

  it('a Match Centre answer marks silence while the fixture stays live', async () => {
    const f = await nextFixture(w, 0, 'silent');
    const clock = new TestClock();
    // A replay that stops after 12 balls (the vendor went quiet).
    const replay = new ReplayFeed(f.match, f.matchId, { ballIntervalMs: 1_000 });
    let given = 0;
    const quiet: LiveFeed = {
      source: 'quiet',
      matchId: f.matchId,
      get done() {
        return false;
      },
      waitMs: () => 1_000,
      next: async () => (given++ < 12 ? replay.next() : null),
    };
    const ctl = new AbortController();
    const run = runFeed(w.t.db, f.fixtureId, quiet, { clock, silentAfterMs: 5_000, signal: ctl.signal });
    while (given < 20) await new Promise((r) => setTimeout(r, 5));
    ctl.abort();
    expect(await run).toBe('stopped');
    const res = await l.alice.client.get(`/api/live/fixture/${f.fixtureId}`);
    expect(res.statusCode, res.body).toBe(200);
    const mc = res.json();
    expect(mc.Fixture.State).toBe('silent');
    expect(mc.Fixture.SilentSince).not.toBeNull();
    expect(mc.Fixture.Provisional).toBe(true);
    const fx = await w.t.db
      .selectFrom('fixtures')
      .select('status')
      .where('id', '=', f.fixtureId)
      .executeTakeFirstOrThrow();
    expect(fx.status).toBe('live');
    const list = (await l.alice.client.get('/api/live/fixtures')).json();
    expect(list.Live.find((x: { FixtureID: number }) => x.FixtureID === f.fixtureId)?.State).toBe('silent');
  }, 60_000);

  it('a restart mid-match (a new process on the same database) resumes from the stored balls without counting twice', async () => {
    const f = await nextFixture(w, 0, 'restart');
    await pickFor(w, l, f);
    const clock = new TestClock();
    // Process 1 plays 50 balls, then dies (its lease is left behind).
    const first = new ReplayFeed(f.match, f.matchId, { ballIntervalMs: 1_000 });
    let n = 0;
    const dying: LiveFeed = {
      source: first.source,
      matchId: f.matchId,
      get done() {
        return first.done;
      },
      waitMs: () => 1_000,
      next: async () => (++n <= 50 ? first.next() : null),
    };
    const ctl = new AbortController();
    const run1 = runFeed(w.t.db, f.fixtureId, dying, {
      clock,
      signal: ctl.signal,
      runnerId: 'process-1',
      leaseMs: 60_000,
    });
    while (n < 51) await new Promise((r) => setTimeout(r, 5));
    ctl.abort();
    await run1;
    const mid = await provisional(w.t.db, f.fixtureId);

    // Process 2: its own database handle (PostgreSQL: a second pool on the same schema), a replay from the first ball.
    let second: Database | undefined;
    if (DB_TARGET === 'postgres') {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(w.t.db);
      second = await openDatabase({ databaseUrl: TEST_POSTGRES_URL, schema: rows[0]!.schema, poolSize: 2 });
    }
    const db2 = second?.db ?? w.t.db;
    try {
      const later = new TestClock(clock.t);
      const taken = await replayMatch(db2, f.fixtureId, f.match, f.matchId, {
        ballIntervalMs: 0,
        clock: later,
        runnerId: 'process-2',
      });
      expect(taken).toBe('taken'); // process 1's lease still holds
      expect(await provisional(w.t.db, f.fixtureId)).toEqual(mid);
      later.t += 61_000; // the lease runs out: process 2 takes over, from the first ball
      const replay = new ReplayFeed(f.match, f.matchId, { ballIntervalMs: 0 });
      let held: LiveUpdate | undefined;
      const holdFinal: LiveFeed = {
        source: replay.source,
        matchId: f.matchId,
        get done() {
          return held !== undefined;
        },
        waitMs: () => 0,
        next: async () => {
          const u = await replay.next();
          if (u?.final) held = u;
          return u?.final ? null : u;
        },
      };
      expect(await runFeed(db2, f.fixtureId, holdFinal, { clock: later, runnerId: 'process-2' })).toBe('stopped');
      // Every ball once: the totals are those of the whole match, nothing counted twice.
      const resumed = await provisional(w.t.db, f.fixtureId);
      expectSame(nonzero(resumed.points), parsedPoints(f.match, f.players));
      expect(held?.final).toBeDefined();
      expect(await completeLive(db2, f.fixtureId, held!.final!, later.now())).toEqual({ ok: true });
      const standings = await w.t.db
        .selectFrom('standings_points')
        .select(['league_id', 'user_id', 'points'])
        .where('fixture_id', '=', f.fixtureId)
        .execute();
      expectSame(resumed.members, new Map(standings.map((s) => [`${s.league_id}:${s.user_id}`, s.points])));
    } finally {
      await second?.close();
    }
    const balls = (await fixtureEvents(w, f.fixtureId)).filter((e) => e.type === 'ball');
    expect(balls).toHaveLength(f.balls.length); // every ball once: the 50 stored ones were not applied again
    // The final figures stand, and match what the PS members were given provisionally is checked in ingest.test.ts.
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM live_player_lines WHERE fixture_id = ${f.fixtureId}`.execute(w.t.db);
    expect(rows[0]!.n).toBe(0);
  }, 120_000);

  it('a process waiting for the lease polls and writes nothing while it is held, and takes over as soon as it lapses', async () => {
    const db = w.t.db;
    const f = await nextFixture(w, 0, 'lease');
    const clock = new TestClock();
    // The holder plays 30 balls (3 polls of 10), then dies with its lease (20 s) left behind.
    const first = new ReplayFeed(f.match, f.matchId, { ballIntervalMs: 1_000, batch: 10 });
    let n = 0;
    const dying: LiveFeed = {
      source: first.source,
      matchId: f.matchId,
      get done() {
        return false;
      },
      waitMs: () => 1_000,
      next: async () => (++n <= 3 ? first.next() : null),
    };
    const ctl = new AbortController();
    const run1 = runFeed(db, f.fixtureId, dying, { clock, signal: ctl.signal, runnerId: 'holder', leaseMs: 20_000 });
    while (n < 4) await new Promise((r) => setTimeout(r, 5));
    ctl.abort();
    await run1;
    const lease = await db
      .selectFrom('live_fixtures')
      .select(['runner', 'lease_until', 'updated_at'])
      .where('fixture_id', '=', f.fixtureId)
      .executeTakeFirstOrThrow();
    expect(lease.runner).toBe('holder');
    const until = new Date(lease.lease_until!).getTime();

    /** A full replay that notes when it is first asked (the vendor request a waiting process must not make). */
    const counted = (waiter: TestClock) => {
      const replay = new ReplayFeed(f.match, f.matchId, { ballIntervalMs: 0, batch: 1_000 });
      const seen = { polls: 0, firstAt: undefined as number | undefined, sleeps: 0 };
      const feed: LiveFeed = {
        source: replay.source,
        matchId: f.matchId,
        get done() {
          return replay.done;
        },
        waitMs: () => 0,
        next: async () => {
          seen.polls += 1;
          seen.firstAt ??= waiter.t;
          return replay.next();
        },
      };
      const sleep = waiter.sleep.bind(waiter);
      waiter.sleep = async (ms: number) => {
        if (seen.polls === 0) seen.sleeps += 1;
        await sleep(ms);
      };
      return { feed, seen };
    };
    // Not waiting: 'taken' at once, without asking the vendor or writing.
    const quick = new TestClock(clock.t);
    const a = counted(quick);
    expect(await runFeed(db, f.fixtureId, a.feed, { clock: quick, runnerId: 'other' })).toBe('taken');
    expect(a.seen.polls).toBe(0);
    const after = await db
      .selectFrom('live_fixtures')
      .select(['runner', 'updated_at'])
      .where('fixture_id', '=', f.fixtureId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ runner: 'holder', updated_at: lease.updated_at });

    // Waiting (as the supervisor does): one sleep until the lease lapses, then it takes over and finishes.
    const waiter = new TestClock(clock.t);
    const b = counted(waiter);
    expect(await runFeed(db, f.fixtureId, b.feed, { clock: waiter, runnerId: 'waiter', waitForLease: true })).toBe(
      'completed',
    );
    expect(b.seen.sleeps).toBe(1);
    expect(b.seen.firstAt).toBeGreaterThan(until);
    expect(b.seen.firstAt! - until).toBeLessThanOrEqual(1_000);
    const balls = (await fixtureEvents(w, f.fixtureId)).filter((e) => e.type === 'ball');
    expect(balls).toHaveLength(f.balls.length); // every ball once
  }, 120_000);

  it('a ball the rules refuse (a bowler not in the teams) is left out and recorded; the others are applied', async () => {
    const f = await nextFixture(w, 0, 'bad');
    const [a, b, c] = f.balls;
    const bad = { ...b!, delivery: { ...b!.delivery, bowler: 'Nobody Known' } };
    let calls = 0;
    const feed: LiveFeed = {
      source: 'bad',
      matchId: f.matchId,
      get done() {
        return calls > 1;
      },
      waitMs: () => 0,
      next: async () => (calls++ === 0 ? { info: liveInfo(f.match), balls: [a!, bad, c!] } : null),
    };
    expect(await runFeed(w.t.db, f.fixtureId, feed, { clock: new TestClock(), runnerId: 'r1' })).toBe('stopped');
    const stored = await w.t.db
      .selectFrom('live_deliveries')
      .select(['over', 'seq'])
      .where('fixture_id', '=', f.fixtureId)
      .execute();
    expect(stored).toHaveLength(2);
    const row = await w.t.db
      .selectFrom('live_fixtures')
      .select('error')
      .where('fixture_id', '=', f.fixtureId)
      .executeTakeFirstOrThrow();
    expect(row.error).toMatch(/refused/);
    // The corrected ball is applied when it comes.
    calls = 0;
    const fixed: LiveFeed = {
      ...feed,
      next: async () => (calls++ === 0 ? { info: liveInfo(f.match), balls: [b!] } : null),
    };
    Object.defineProperty(fixed, 'done', { get: () => calls > 1 });
    expect(await runFeed(w.t.db, f.fixtureId, fixed, { clock: new TestClock(), runnerId: 'r1' })).toBe('stopped');
    const after = await w.t.db
      .selectFrom('live_deliveries')
      .select('seq')
      .where('fixture_id', '=', f.fixtureId)
      .execute();
    expect(after).toHaveLength(3);
  });
});
