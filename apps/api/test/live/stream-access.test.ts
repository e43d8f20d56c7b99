import type { ServerResponse } from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import { sha256 } from '../../src/http/tokens';
import { LiveHub, liveHub } from '../../src/live/hub';
import { DB_TARGET, TEST_POSTGRES_URL } from '../db';
import { linkToken, pollUntil, type SignedIn, startTestApp, type TestApp } from '../helpers';
import { createLeague, type LeagueWorld, person, startLeagueWorld } from '../leagues/setup';
import { joinAs } from '../standings/setup';
import { BrokenResponse, openStream, type Sse, writeTopicEvents } from './sse';

/**
 * A stream lives as long as its session and its access (src/live/hub.ts): it ends at sign-out, account
 * deletion, a password change and expiry, and stops carrying a league its user may no longer read —
 * decided by the database's notifications, so also when the change went through another API process.
 * The app's hub here beats once in 10 minutes, so nothing below is its periodic check's doing, except
 * expiry, which is shown on a hub of its own that checks often.
 */

type League = { LeagueID: number; LeagueCode: string };

let w: LeagueWorld;
let admin: SignedIn;
let a: League;
let b: League;
let fixtureId: number;

beforeAll(async () => {
  process.env.LIVE_HEARTBEAT_S = '600';
  w = await startLeagueWorld();
  admin = await person(w.t, 'Admin');
  a = await createLeague(w, admin, { name: 'League A', displayName: 'Admin' });
  b = await createLeague(w, admin, { name: 'League B', displayName: 'Admin' });
  const { rows } = await sql<{ id: number }>`
    SELECT id FROM fixtures WHERE season_id = ${w.seasonId} ORDER BY start_time LIMIT 1`.execute(w.t.db);
  fixtureId = rows[0]!.id;
}, 180_000);
afterAll(async () => {
  delete process.env.LIVE_HEARTBEAT_S;
  await w?.t.close();
});

async function member(name: string, leagues: League[]): Promise<SignedIn> {
  const p = await person(w.t, name);
  for (const l of leagues) await joinAs(admin, p, l, name);
  return p;
}

const streamPath = (leagues: League[], withFixture = true) =>
  `/api/live/stream?${withFixture ? `fixtures=${fixtureId}&` : ''}leagues=${leagues.map((l) => l.LeagueID).join(',')}`;

async function expectEnded(s: Sse) {
  await pollUntil(
    async () => s.ended,
    (ended) => ended,
  );
  expect(s.ended).toBe(true);
}

/** Waits until the hub has heard a change since `before` and checked its streams. */
async function heard(hub: LiveHub, before: number) {
  await pollUntil(
    async () => hub.changes,
    (n) => n > before,
  );
  expect(hub.changes).toBeGreaterThan(before);
  await hub.settled();
}

/**
 * Writes an event on the fixture and on each league, then one more on the fixture, and waits for that
 * last one: the ids the stream got of the batch (events come in id order, so nothing of it is still
 * on its way).
 */
async function deliveredOf(s: Sse, leagues: League[]) {
  const ids = await writeTopicEvents(w.t.db, { fixtures: [fixtureId], leagues: leagues.map((l) => l.LeagueID) });
  const [end] = await writeTopicEvents(w.t.db, { fixtures: [fixtureId] });
  await pollUntil(
    async () => s.events.some((e) => e.id === end),
    (got) => got,
  );
  const got = new Set(s.events.map((e) => e.id));
  return { fixture: got.has(ids[0]!), leagues: leagues.filter((_, i) => got.has(ids[i + 1]!)).map((l) => l.LeagueID) };
}

describe(`live streams end with their session, on ${DB_TARGET}`, () => {
  it('signing out ends the stream, and the same cookies are refused a new one', async () => {
    const p = await member('Sam', [a, b]);
    const cookies = new Map(p.client.cookies);
    const s = await openStream(w.t, streamPath([a, b]), cookies);
    expect(s.res.statusCode).toBe(200);
    expect(await deliveredOf(s, [a, b])).toEqual({ fixture: true, leagues: [a.LeagueID, b.LeagueID] });
    expect((await p.client.post('/api/session/sign_out')).statusCode).toBe(204);
    await expectEnded(s);
    const again = await openStream(w.t, streamPath([a, b]), cookies);
    expect(again.res.statusCode).toBe(401);
    again.close();
  });

  it('deleting the account ends the stream', async () => {
    const p = await member('Dee', [a]);
    const s = await openStream(w.t, streamPath([a]), p.client.cookies);
    expect(s.res.statusCode).toBe(200);
    const res = await p.client.delete(`/api/user/${p.userId}`, { user_id: p.userId });
    expect(res.statusCode, res.body).toBe(200);
    await expectEnded(s);
  });

  it('a password change (the reset link) ends the stream', async () => {
    const p = await member('Pat', [a]);
    const s = await openStream(w.t, streamPath([a]), p.client.cookies);
    expect(s.res.statusCode).toBe(200);
    await w.t.client().post('/api/user/initiate_change_password', { email: p.email });
    const token = linkToken(await w.t.sentMail(), p.email, '/reset-password');
    const res = await w.t.client().post('/api/user/change_password', { token, new_password: 'a new password 9' });
    expect(res.statusCode, res.body).toBe(200);
    await expectEnded(s);
  });

  it('a session that expires (or idles out) ends its stream at the next check, with nothing written', async () => {
    const p = await member('Eve', [a]);
    const q = await member('Ida', [a]);
    const hash = (who: SignedIn) => sha256(who.client.cookies.get('fcl_sid')!);
    // Eve's session ends a second from now; Ida's has been idle for all but a second of the idle timeout.
    await sql`UPDATE sessions SET expires_at = now() + interval '1 second' WHERE id_hash = ${hash(p)}`.execute(w.t.db);
    await sql`UPDATE sessions SET last_seen_at = now() - interval '7 days' + interval '1 second'
      WHERE id_hash = ${hash(q)}`.execute(w.t.db);
    const hub = new LiveHub(w.t.db, undefined, { heartbeatMs: 100, session: w.t.app.deps.config.session });
    try {
      const streams = [p, q].map((who) => {
        const res = new BrokenResponse(Number.POSITIVE_INFINITY);
        const slot = { owner: { userId: who.userId, idHash: hash(who), address: '127.0.0.1' }, release() {} };
        return {
          res,
          open: hub.subscribe(
            res as unknown as ServerResponse,
            { fixtures: new Set([fixtureId]), leagues: new Set([a.LeagueID]) },
            undefined,
            slot,
          ),
        };
      });
      await Promise.all(streams.map((s) => s.open));
      expect(streams.map((s) => s.res.done)).toEqual([false, false]);
      for (const s of streams) {
        await pollUntil(
          async () => s.res.done,
          (done) => done,
        );
      }
      expect(streams.map((s) => s.res.done)).toEqual([true, true]);
      expect(hub.size).toBe(0);
    } finally {
      await hub.close();
    }
  });
});

describe(`live streams follow their user's access, on ${DB_TARGET}`, () => {
  it('a member who leaves, or is rejected, stops getting that league; the stream goes on with the rest', async () => {
    const p = await member('Lee', [a, b]);
    const s = await openStream(w.t, streamPath([a, b]), p.client.cookies);
    expect(s.res.statusCode).toBe(200);
    const hub = liveHub(w.t.db);
    expect(await deliveredOf(s, [a, b])).toEqual({ fixture: true, leagues: [a.LeagueID, b.LeagueID] });

    // Leaves League A (no operation does it yet: the row goes, as an operator would remove it).
    let before = hub.changes;
    await sql`DELETE FROM league_members WHERE league_id = ${a.LeagueID} AND user_id = ${p.userId}`.execute(w.t.db);
    await heard(hub, before);
    expect(await deliveredOf(s, [a, b])).toEqual({ fixture: true, leagues: [b.LeagueID] });

    // Rejected in League B.
    before = hub.changes;
    await sql`UPDATE league_members SET status = 'Rejected' WHERE league_id = ${b.LeagueID} AND user_id = ${p.userId}`.execute(
      w.t.db,
    );
    await heard(hub, before);
    expect(await deliveredOf(s, [a, b])).toEqual({ fixture: true, leagues: [] });
    // The fixture is public: the stream stays for it.
    expect(s.ended).toBe(false);
    s.close();
  });

  it('a stream of a league that is deleted ends when it has nothing left to carry', async () => {
    const c = await createLeague(w, admin, { name: 'League C', displayName: 'Admin' });
    const p = await member('Max', [c]);
    const s = await openStream(w.t, streamPath([c], false), p.client.cookies);
    expect(s.res.statusCode).toBe(200);
    const res = await admin.client.delete(`/api/league/${c.LeagueID}`);
    expect(res.statusCode, res.body).toBe(200);
    await expectEnded(s);
  });

  it('an admin without a membership of their own who hands the league over stops getting it', async () => {
    const x = await person(w.t, 'Xan');
    const d = await createLeague(w, x, { name: 'League D', displayName: 'Xan' });
    const q = await person(w.t, 'Quinn');
    await joinAs(x, q, d, 'Quinn');
    await sql`DELETE FROM league_members WHERE league_id = ${d.LeagueID} AND user_id = ${x.userId}`.execute(w.t.db);
    const s = await openStream(w.t, streamPath([d]), x.client.cookies);
    expect(s.res.statusCode).toBe(200);
    const hub = liveHub(w.t.db);
    expect(await deliveredOf(s, [d])).toEqual({ fixture: true, leagues: [d.LeagueID] });
    const before = hub.changes;
    const res = await x.client.post('/api/league/changeAdmin', {
      LeagueID: d.LeagueID,
      AdminID: x.userId,
      NewAdminID: q.userId,
    });
    expect(res.statusCode, res.body).toBe(200);
    await heard(hub, before);
    expect(await deliveredOf(s, [d])).toEqual({ fixture: true, leagues: [] });
    s.close();
  });

  it.runIf(DB_TARGET === 'postgres')(
    'with two API processes on one database, a change made through one reaches the streams of the other',
    async () => {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(w.t.db);
      const second = await openDatabase({ databaseUrl: TEST_POSTGRES_URL, schema: rows[0]!.schema, poolSize: 2 });
      let t2: TestApp | undefined;
      try {
        t2 = await startTestApp({}, {}, second);
        const p = await member('Two', [a, b]);
        // Process 2 serves the stream; process 1 (w.t) takes the changes.
        const s = await openStream(t2, streamPath([a, b]), p.client.cookies);
        expect(s.res.statusCode).toBe(200);
        const hub2 = liveHub(t2.db);
        expect(await deliveredOf(s, [a, b])).toEqual({ fixture: true, leagues: [a.LeagueID, b.LeagueID] });

        const before = hub2.changes;
        await sql`DELETE FROM league_members WHERE league_id = ${a.LeagueID} AND user_id = ${p.userId}`.execute(w.t.db);
        await heard(hub2, before);
        expect(await deliveredOf(s, [a, b])).toEqual({ fixture: true, leagues: [b.LeagueID] });

        expect((await p.client.post('/api/session/sign_out')).statusCode).toBe(204);
        await expectEnded(s);
      } finally {
        await t2?.close();
        await second.close();
      }
    },
    60_000,
  );
});
