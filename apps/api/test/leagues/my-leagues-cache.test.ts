import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import { myLeaguesCache } from '../../src/leagues/my-leagues-cache';
import { DB_TARGET, TEST_POSTGRES_URL } from '../db';
import { pollUntil, type SignedIn, startTestApp, type TestClient } from '../helpers';
import { createLeague, type LeagueWorld, person, startLeagueWorld } from './setup';

/**
 * My Leagues answered from the per-user cache (src/leagues/leagues.ts): the same answer as the
 * database gives, and every change it shows — a member joining (another user's count), a league
 * renamed, a fixture's start time — is seen on the next request, by another instance once notified.
 */
interface MyLeague {
  LeagueID: number;
  LeagueName: string;
  MemberCount: number;
  FixturesRemaining: number;
}

describe(`My Leagues cache on ${DB_TARGET}`, () => {
  let w: LeagueWorld;
  let a: SignedIn;
  let b: SignedIn;

  beforeAll(async () => {
    w = await startLeagueWorld();
    a = await person(w.t, 'Ann');
    b = await person(w.t, 'Ben');
  });
  afterAll(async () => {
    await w?.t.close();
  });

  const mine = async (client: TestClient, userId: number) => {
    const res = await client.get(`/api/league/userLeagues/${userId}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: MyLeague[] }).data;
  };

  it('follows joins, renames and fixtures, from memory in between', async () => {
    const { LeagueID, LeagueCode } = await createLeague(w, a, { name: 'Cache Cup', isPrivate: false });
    await w.t.db.updateTable('leagues').set({ status: 'Active' }).where('id', '=', LeagueID).execute();
    const first = await mine(a.client, a.userId);
    expect(first.find((l) => l.LeagueID === LeagueID)).toMatchObject({ LeagueName: 'Cache Cup', MemberCount: 1 });
    const cache = myLeaguesCache(w.t.db)!;
    const hits = await pollUntil(
      async () => {
        const before = cache.hits;
        await mine(a.client, a.userId);
        return cache.hits - before;
      },
      (n) => n > 0,
    );
    expect(hits).toBe(1);

    const join = await b.client.post('/api/league_member/joinLeague', {
      UserID: b.userId,
      LeagueCode,
      DisplayName: 'Benny',
    });
    expect(join.statusCode, join.body).toBe(200);
    expect((await mine(a.client, a.userId)).find((l) => l.LeagueID === LeagueID)?.MemberCount).toBe(2);
    expect((await mine(b.client, b.userId)).map((l) => l.LeagueID)).toContain(LeagueID);

    await w.t.db.updateTable('leagues').set({ name: 'Renamed Cup' }).where('id', '=', LeagueID).execute();
    expect((await mine(a.client, a.userId)).find((l) => l.LeagueID === LeagueID)?.LeagueName).toBe('Renamed Cup');

    const remaining = (await mine(a.client, a.userId)).find((l) => l.LeagueID === LeagueID)!.FixturesRemaining;
    expect(remaining).toBeGreaterThan(0);
    const next = await w.t.db
      .selectFrom('fixtures')
      .select('id')
      .where('season_id', '=', w.seasonId)
      .where('status', '=', 'scheduled')
      .where('start_time', '>', new Date())
      .orderBy('start_time')
      .executeTakeFirstOrThrow();
    await w.t.db
      .updateTable('fixtures')
      .set({ start_time: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', next.id)
      .execute();
    expect((await mine(a.client, a.userId)).find((l) => l.LeagueID === LeagueID)?.FixturesRemaining).toBe(
      remaining - 1,
    );
  });

  it.runIf(DB_TARGET === 'postgres')('another instance sees a rename once notified', async () => {
    const { LeagueID } = await createLeague(w, a, { name: 'Twin Cup' });
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(w.t.db);
    const second = await openDatabase({ databaseUrl: TEST_POSTGRES_URL, schema: rows[0]!.schema, poolSize: 2 });
    const t2 = await startTestApp({}, {}, second);
    try {
      const c2 = t2.client();
      for (const [k, v] of a.client.cookies) c2.cookies.set(k, v);
      expect((await mine(c2, a.userId)).find((l) => l.LeagueID === LeagueID)?.LeagueName).toBe('Twin Cup');
      await w.t.db.updateTable('leagues').set({ name: 'Twin Cup II' }).where('id', '=', LeagueID).execute();
      const seen = await pollUntil(
        () => mine(c2, a.userId),
        (ls) => ls.find((l) => l.LeagueID === LeagueID)?.LeagueName === 'Twin Cup II',
      );
      expect(seen.find((l) => l.LeagueID === LeagueID)?.LeagueName).toBe('Twin Cup II');
    } finally {
      await t2.close();
      await second.close();
    }
  });
});
