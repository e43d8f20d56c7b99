import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { changeHub, PostgresHub } from '../src/db/notifications';
import { sessionCache } from '../src/http/session';
import { sha256 } from '../src/http/tokens';
import { DB_TARGET, TEST_POSTGRES_URL } from './db';
import { pollUntil, type SignedIn, signUp, startTestApp, type TestApp, type TestClient } from './helpers';

/**
 * The in-process session cache (src/http/session.ts, docs/decisions/0010-in-process-caches.md):
 * answers from memory, yet a session ended or shortened in the database is refused — at once by the
 * process that wrote it, by another process once the notification arrives — and the cache is emptied
 * when the change listener reconnects.
 */
describe(`session cache on ${DB_TARGET}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const status = async (c: TestClient) => (await c.get('/api/session')).statusCode;
  const warm = async (s: SignedIn) => {
    const cache = sessionCache(t.db)!;
    // The first requests may start the listener; then the session is served from memory.
    await pollUntil(
      async () => {
        const before = cache.hits;
        expect(await status(s.client)).toBe(200);
        return cache.hits > before;
      },
      (hit) => hit,
    );
  };

  it('serves a known session from memory', async () => {
    const s = await signUp(t);
    await warm(s);
    const cache = sessionCache(t.db)!;
    const hits = cache.hits;
    expect(await status(s.client)).toBe(200);
    expect(cache.hits).toBe(hits + 1);
  });

  it('refuses, on the next request, a session expired or idle in the database', async () => {
    const s = await signUp(t);
    await warm(s);
    const hash = sha256(s.client.cookies.get('fcl_sid')!);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id_hash', '=', hash)
      .execute();
    expect(await status(s.client)).toBe(204);

    const s2 = await signUp(t);
    await warm(s2);
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: sql<Date>`now() - interval '8 days'` })
      .where('id_hash', '=', sha256(s2.client.cookies.get('fcl_sid')!))
      .execute();
    expect(await status(s2.client)).toBe(204);
  });

  it('refuses a session deleted in the database (password reset, account deletion)', async () => {
    const s = await signUp(t);
    await warm(s);
    await t.db.deleteFrom('sessions').where('user_id', '=', s.userId).execute();
    expect(await status(s.client)).toBe(204);
  });

  it.runIf(DB_TARGET === 'postgres')('a session signed out through one instance is refused by another', async () => {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
    const second = await openDatabase({ databaseUrl: TEST_POSTGRES_URL, schema: rows[0]!.schema, poolSize: 2 });
    const t2 = await startTestApp({}, {}, second);
    try {
      const s = await signUp(t);
      const c2 = t2.client();
      for (const [k, v] of s.client.cookies) c2.cookies.set(k, v);
      const cache2 = sessionCache(second.db)!;
      await pollUntil(
        async () => {
          const before = cache2.hits;
          expect(await status(c2)).toBe(200);
          return cache2.hits > before;
        },
        (hit) => hit,
      );
      expect((await s.client.post('/api/session/sign_out')).statusCode).toBe(204);
      expect(
        await pollUntil(
          () => status(c2),
          (code) => code === 204,
        ),
      ).toBe(204);

      // Expired in the database through instance 1: instance 2 refuses it too.
      const s2 = await signUp(t);
      const c3 = t2.client();
      for (const [k, v] of s2.client.cookies) c3.cookies.set(k, v);
      expect(await status(c3)).toBe(200);
      await t.db
        .updateTable('sessions')
        .set({ expires_at: sql<Date>`now() - interval '1 second'` })
        .where('user_id', '=', s2.userId)
        .execute();
      expect(
        await pollUntil(
          () => status(c3),
          (code) => code === 204,
        ),
      ).toBe(204);
    } finally {
      await t2.close();
      await second.close();
    }
  });

  it.runIf(DB_TARGET === 'postgres')('empties the cache when the listener reconnects', async () => {
    const s = await signUp(t);
    await warm(s);
    const cache = sessionCache(t.db)!;
    const hub = changeHub(t.db) as PostgresHub;
    expect(hub).toBeInstanceOf(PostgresHub);
    expect(cache.size).toBeGreaterThan(0);
    const epoch = hub.epoch;
    hub.dropConnection();
    expect(hub.ready).toBe(false);
    expect(cache.size).toBe(0);

    // While the listener is down, the session ends through another connection (no notification
    // reaches this process): requests read the database meanwhile, and after the reconnect too.
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
    const other = await openDatabase({ databaseUrl: TEST_POSTGRES_URL, schema: rows[0]!.schema, poolSize: 1 });
    try {
      await other.db.deleteFrom('sessions').where('user_id', '=', s.userId).execute();
    } finally {
      await other.close();
    }
    expect(await status(s.client)).toBe(204);
    await pollUntil(
      async () => hub.ready && hub.epoch > epoch + 1,
      (up) => up,
    );
    expect(hub.ready).toBe(true);
    expect(await status(s.client)).toBe(204);

    // And the cache works again after the reconnect.
    const s2 = await signUp(t);
    await warm(s2);
  });
});
