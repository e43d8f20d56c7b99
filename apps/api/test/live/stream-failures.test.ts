import type { ServerResponse } from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sha256 } from '../../src/http/tokens';
import { liveHub, type StreamSlot } from '../../src/live/hub';
import { DB_TARGET } from '../db';
import { pollUntil, type SignedIn } from '../helpers';
import { joinAs } from '../standings/setup';
import { createLeague, type LeagueWorld, person, startLeagueWorld } from '../leagues/setup';
import { BrokenResponse, openStream, writeTopicEvents } from './sse';

/**
 * A stream that fails stays its own failure (src/live/hub.ts): a Last-Event-ID no id column can hold is
 * refused like the query's lastEventId; a replay or a write that throws closes that stream only and is
 * logged; no unhandled rejection (Node ends the process on one), and every other stream gets every
 * event once.
 */

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

let w: LeagueWorld;
let alice: SignedIn;
let bob: SignedIn;
let fixtureId: number;
let leagueId: number;
let path: string;

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  w = await startLeagueWorld();
  alice = await person(w.t, 'Alice');
  bob = await person(w.t, 'Bob');
  const league = await createLeague(w, alice, { name: 'Failures', displayName: 'Alice' });
  await joinAs(alice, bob, league, 'Bob');
  leagueId = league.LeagueID;
  const { rows } = await sql<{ id: number }>`
    SELECT id FROM fixtures WHERE season_id = ${w.seasonId} ORDER BY start_time LIMIT 1`.execute(w.t.db);
  fixtureId = rows[0]!.id;
  path = `/api/live/stream?fixtures=${fixtureId}&leagues=${leagueId}`;
}, 180_000);
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await w?.t.close();
});

const topics = () => ({ fixtures: new Set([fixtureId]), leagues: new Set([leagueId]) });
const slotOf = (who: SignedIn): StreamSlot => ({
  owner: { userId: who.userId, idHash: sha256(who.client.cookies.get('fcl_sid')!), address: '127.0.0.1' },
  release() {},
});
const write = () => writeTopicEvents(w.t.db, { fixtures: [fixtureId], leagues: [leagueId] });

describe(`a failing live stream on ${DB_TARGET}`, () => {
  it('answers 400 to a Last-Event-ID beyond 32 bits, negative or not a whole number (the first was accepted, and the next event ended the process)', async () => {
    const bad = ['9999999999', '2147483648', '-1', 'abc', '1.5'];
    const answers = [];
    for (const value of bad) {
      answers.push({ value, s: await openStream(w.t, path, alice.client.cookies, { 'last-event-id': value }) });
    }
    // The next event of the topics: it is what reached a stream opened with such an id.
    const healthy = await openStream(w.t, path, bob.client.cookies);
    const ids = await write();
    await pollUntil(
      async () => healthy.events.length,
      (n) => n >= ids.length,
    );
    expect(healthy.events.map((e) => e.id)).toEqual(ids);
    for (const { value, s } of answers) {
      expect(s.res.statusCode, value).toBe(400);
      await pollUntil(
        async () => s.ended,
        (ended) => ended,
      );
      expect(s.res.headers['content-type'], value).toMatch(/^application\/json/);
      expect(JSON.parse(s.text).error.message, value).toMatch(/last-event-id/i);
      s.close();
    }
    // The largest id a column holds is a valid one.
    const top = await openStream(w.t, path, alice.client.cookies, { 'last-event-id': '2147483647' });
    expect(top.res.statusCode).toBe(200);
    top.close();
    healthy.close();
    expect(unhandled).toEqual([]);
  });

  it("an exception in one stream's delivery closes that stream only, logged; the process and every other stream go on, each event once", async () => {
    const logged = vi.spyOn(w.t.app.log, 'error');
    const a = await openStream(w.t, path, alice.client.cookies);
    const b = await openStream(w.t, path, bob.client.cookies);
    const hub = liveHub(w.t.db);
    await pollUntil(
      async () => hub.size,
      (n) => n >= 2,
    );
    const open = hub.size;
    // A stream whose socket throws on the first write.
    const broken = new BrokenResponse(0);
    await hub.subscribe(broken as unknown as ServerResponse, topics(), undefined, slotOf(alice));
    expect(hub.size).toBe(open + 1);
    const first = await write();
    await pollUntil(
      async () => broken.done,
      (done) => done,
    );
    // More events after the failure (they were chained on the failed stream's rejected queue).
    const second = await write();
    const third = await write();
    const all = [...first, ...second, ...third];
    for (const s of [a, b]) {
      await pollUntil(
        async () => s.events.length,
        (n) => n >= all.length,
      );
      expect(s.events.map((e) => e.id)).toEqual(all);
      expect(s.ended).toBe(false);
    }
    expect(broken.done).toBe(true);
    expect(hub.size).toBe(open);
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error), userId: alice.userId }),
      'live stream closed: its delivery failed',
    );
    expect(unhandled).toEqual([]);
    // The process answers, and opens streams.
    expect((await alice.client.get('/api/live/fixtures')).statusCode).toBe(200);
    const c = await openStream(w.t, path, alice.client.cookies);
    expect(c.res.statusCode).toBe(200);
    for (const s of [a, b, c]) s.close();
    logged.mockRestore();
  });

  it('a replay that fails closes that stream only, logged, and later events raise nothing (an id past the column, handed to the hub directly)', async () => {
    const logged = vi.spyOn(w.t.app.log, 'error');
    const a = await openStream(w.t, path, bob.client.cookies);
    const hub = liveHub(w.t.db);
    const replaying = new BrokenResponse(Number.POSITIVE_INFINITY);
    await hub.subscribe(replaying as unknown as ServerResponse, topics(), 9_999_999_999, slotOf(bob));
    expect(replaying.done).toBe(true);
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error), userId: bob.userId }),
      'live stream closed: its replay failed',
    );
    const ids = [...(await write()), ...(await write())];
    await pollUntil(
      async () => a.events.length,
      (n) => n >= ids.length,
    );
    expect(a.events.map((e) => e.id)).toEqual(ids);
    expect(replaying.writes).toEqual([]);
    expect(unhandled).toEqual([]);
    a.close();
    logged.mockRestore();
  });
});
