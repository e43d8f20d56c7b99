import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CricsheetMatch } from '../../src/cricket/import/cricsheet-format';
import { ballsOf, type LiveBall } from '../../src/live/feed';
import { applyBall, completeLive, flushLive, markSilent } from '../../src/live/ingest';
import { liveStandings, liveStandingsSnapshot } from '../../src/live/standings';
import { purgeExpired } from '../../src/housekeeping';
import { DB_TARGET } from '../db';
import {
  beginLive,
  expectSame,
  membersFromScratch,
  nonzero,
  parsedPoints,
  type LeagueWorld,
  type Leagues,
  nextFixture,
  pickFor,
  provisional,
  startLeagueWorld,
  twoLeagues,
} from './setup';

/** The match made of some of its balls (in position order). */
function matchOf(match: CricsheetMatch, balls: readonly LiveBall[]): CricsheetMatch {
  const innings = match.innings.map((inn, i) => ({
    ...inn,
    overs: inn.overs
      .map((o) => ({
        over: o.over,
        deliveries: balls
          .filter((b) => b.innings === i && b.over === o.over)
          .sort((a, b) => a.seq - b.seq)
          .map((b) => b.delivery),
      }))
      .filter((o) => o.deliveries.length > 0),
  }));
  return { ...match, innings };
}

/** A seeded shuffle. */
function shuffled<T>(xs: readonly T[], seed = 7): T[] {
  const out = [...xs];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe(`live ingest on ${DB_TARGET}`, () => {
  let w: LeagueWorld;
  let l: Leagues;
  beforeAll(async () => {
    w = await startLeagueWorld();
    l = await twoLeagues(w);
  }, 60_000);
  afterAll(async () => {
    await w?.t.close();
  });

  it('provisional points after the last ball equal the final points after the import, and nothing provisional is left', async () => {
    const db = w.t.db;
    const f = await nextFixture(w, 0);
    await pickFor(w, l, f);
    await beginLive(db, f);
    for (const b of f.balls) await applyBall(db, f.fixtureId, b, new Date());
    const before = await provisional(db, f.fixtureId);
    expectSame(nonzero(before.points), parsedPoints(f.match, f.players));
    expect(before.members.size).toBeGreaterThan(0);
    expectSame(before.members, await membersFromScratch(db, f.fixtureId));

    const centre = async () =>
      (await l.alice.client.get(`/api/live/fixture/${f.fixtureId}?leagueId=${l.mp.LeagueID}`)).json();
    const leaders = (mc: { Leaders: { FeatureID: number; IDs: number[] }[] }) =>
      mc.Leaders.map((x) => ({ FeatureID: x.FeatureID, IDs: x.IDs }));
    const liveCentre = await centre();
    expect(liveCentre.Fixture.Provisional).toBe(true);
    expect(liveCentre.Leaders.length).toBeGreaterThan(0);

    const done = await completeLive(db, f.fixtureId, f.match, new Date());
    expect(done).toEqual({ ok: true });
    const { rows: final } = await sql<{ player_id: number; points: number }>`
      SELECT player_id, sum(points)::int AS points FROM player_fixture_points WHERE fixture_id = ${f.fixtureId} GROUP BY player_id`.execute(
      db,
    );
    expectSame(nonzero(before.points), nonzero(new Map(final.map((r) => [r.player_id, Number(r.points)]))));
    const standings = await db
      .selectFrom('standings_points')
      .select(['league_id', 'user_id', 'points'])
      .where('fixture_id', '=', f.fixtureId)
      .execute();
    expectSame(before.members, new Map(standings.map((s) => [`${s.league_id}:${s.user_id}`, s.points])));
    expect((await provisional(db, f.fixtureId)).members.size).toBe(0);
    expect((await provisional(db, f.fixtureId)).points.size).toBe(0);
    const fx = await db
      .selectFrom('fixtures')
      .select(['status'])
      .where('id', '=', f.fixtureId)
      .executeTakeFirstOrThrow();
    expect(fx.status).toBe('completed');
    const live = await db
      .selectFrom('live_fixtures')
      .select(['state'])
      .where('fixture_id', '=', f.fixtureId)
      .executeTakeFirstOrThrow();
    expect(live.state).toBe('completed');
    // The Match Centre now shows the final figures: the same leaders, the same points, nothing provisional.
    const finalCentre = await centre();
    expect(finalCentre.Fixture.State).toBe('completed');
    expect(finalCentre.Fixture.Provisional).toBe(false);
    expect(leaders(finalCentre)).toEqual(leaders(liveCentre));
    expect(finalCentre.PlayerPoints.every((p: { Provisional: boolean }) => !p.Provisional)).toBe(true);
    for (const m of finalCentre.League.Members as { UserID: number; LivePoints: number }[]) {
      expect(m.LivePoints).toBe(before.members.get(`${l.mp.LeagueID}:${m.UserID}`));
    }
  }, 120_000);

  it('a duplicate ball is a no-op; out-of-order balls and a gap then a burst end where the match in order does', async () => {
    const db = w.t.db;
    const f = await nextFixture(w, 1, 'shuffle');
    await pickFor(w, l, f);
    await beginLive(db, f);
    // A gap: the first 30 balls, then balls 60.., then the missing 30..59 in a burst, all shuffled within.
    const gap = f.balls.slice(30, 60);
    const order = [...shuffled(f.balls.slice(0, 30)), ...shuffled(f.balls.slice(60)), ...gap];
    let events = 0;
    for (const [i, b] of order.entries()) {
      const r = await applyBall(db, f.fixtureId, b, new Date());
      expect(r.changed).toBe(true);
      events += r.eventIds.length;
      if (i === 29 + 60) {
        // Mid-gap: what has arrived, nothing more.
        const have = order.slice(0, i + 1);
        expectSame(
          nonzero((await provisional(db, f.fixtureId)).points),
          parsedPoints(matchOf(f.match, have), f.players),
        );
      }
    }
    const dup = await applyBall(db, f.fixtureId, f.balls[10]!, new Date());
    expect(dup).toEqual({ changed: false, corrected: false, eventIds: [] });
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM live_events WHERE fixture_id = ${f.fixtureId}`.execute(db);
    expect(rows[0]!.n).toBe(events - (await leagueEvents(f.fixtureId)));
    expectSame(nonzero((await provisional(db, f.fixtureId)).points), parsedPoints(f.match, f.players));
    // The members' points, moved ball by ball in that order, are what a computation from scratch gives.
    expectSame((await provisional(db, f.fixtureId)).members, await membersFromScratch(db, f.fixtureId));

    async function leagueEvents(_fixtureId: number) {
      // standings events are league events (fixture_id null): counted in `events` but not in the fixture's.
      const { rows: s } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM live_events WHERE type = 'standings'
        AND id IN (SELECT id FROM live_events WHERE fixture_id IS NULL)
        AND created_at >= (SELECT min(created_at) FROM live_events WHERE fixture_id = ${f.fixtureId})`.execute(db);
      return s[0]!.n;
    }
  }, 120_000);

  it('a corrected ball (a four that becomes a six) changes the points exactly once', async () => {
    const db = w.t.db;
    const f = await nextFixture(w, 2, 'correct');
    await pickFor(w, l, f);
    await beginLive(db, f);
    const i = f.balls.findIndex((b) => b.delivery.runs.batter === 4 && !b.delivery.extras && !b.delivery.wickets);
    expect(i).toBeGreaterThan(0);
    for (const b of f.balls.slice(0, i + 1)) await applyBall(db, f.fixtureId, b, new Date());
    const four = f.balls[i]!;
    const batter = f.players.get(f.match.info.registry.people[four.delivery.batter]!)!;
    const before = await provisional(db, f.fixtureId);

    const six: LiveBall = {
      ...four,
      delivery: { ...four.delivery, runs: { ...four.delivery.runs, batter: 6, total: four.delivery.runs.total + 2 } },
    };
    const r = await applyBall(db, f.fixtureId, six, new Date());
    expect(r.changed && r.corrected).toBe(true);
    const corrected = [...f.balls.slice(0, i), six];
    const after = await provisional(db, f.fixtureId);
    expectSame(nonzero(after.points), parsedPoints(matchOf(f.match, corrected), f.players));
    const deltaBatter = (after.points.get(batter.id) ?? 0) - (before.points.get(batter.id) ?? 0);
    expect(deltaBatter).toBeGreaterThan(0);
    // Members moved by exactly the corrected over's difference: what a computation from scratch gives.
    expectSame(after.members, await membersFromScratch(db, f.fixtureId));
    // Members who picked the batter moved by the batter's difference under their league's points.
    const again = await applyBall(db, f.fixtureId, six, new Date());
    expect(again.changed).toBe(false);
    expectSame((await provisional(db, f.fixtureId)).points, after.points);
    expectSame((await provisional(db, f.fixtureId)).members, after.members);
  }, 120_000);

  it('the first ball starts the fixture: picks lock and others are shown, even before the scheduled start', async () => {
    const db = w.t.db;
    const f = await nextFixture(w, 3, 'lock');
    expect(f.startTime.getTime()).toBeGreaterThan(Date.now());
    const ballsFor = ballsOf(f.match);
    // Before: Alice may still change her pick.
    const save = () =>
      l.alice.client.put('/api/player_selection/bulk_update', {
        CopyToOtherLeagues: false,
        Selection: [
          {
            UserID: l.alice.userId,
            LeagueID: l.ps.LeagueID,
            FixtureID: f.fixtureId,
            PositionTypeID: 1,
            PositionOrder: 1,
            PlayerID: 0,
            IsActive: true,
          },
        ],
      });
    const open = await save();
    expect(open.statusCode, open.body).toBe(200);
    await beginLive(db, f);
    await applyBall(db, f.fixtureId, ballsFor[0]!, new Date());
    const locked = await save();
    expect(locked.statusCode).toBe(400);
    expect(locked.json().error.message).toMatch(/started/i);
    const fx = await db
      .selectFrom('fixtures')
      .select(['status', 'start_time'])
      .where('id', '=', f.fixtureId)
      .executeTakeFirstOrThrow();
    expect(fx.status).toBe('live');
    expect(new Date(fx.start_time).getTime()).toBeLessThanOrEqual(Date.now());
  }, 60_000);

  it('standings are not written per ball: flushLive announces the leagues whose points moved, at most once per interval; a silent feed announces what is pending', async () => {
    const db = w.t.db;
    process.env.LIVE_STANDINGS_INTERVAL_MS = '600000';
    try {
      const f = await nextFixture(w, 4, 'interval');
      await pickFor(w, l, f);
      await beginLive(db, f);
      const standingsIn = async (ids: number[]) =>
        ids.length
          ? await db
              .selectFrom('live_events')
              .select(['league_id', 'data'])
              .where('id', 'in', ids)
              .where('type', '=', 'standings')
              .orderBy('id')
              .execute()
          : [];
      const pending = async () =>
        (
          await db
            .selectFrom('live_fixtures')
            .select('standings_pending')
            .where('fixture_id', '=', f.fixtureId)
            .executeTakeFirstOrThrow()
        ).standings_pending as number[];
      const over0 = f.balls.filter((b) => b.innings === 0 && b.over === 0);
      const over1 = f.balls.filter((b) => b.innings === 0 && b.over === 1);
      for (const b of over0) {
        const r = await applyBall(db, f.fixtureId, b, new Date());
        expect(await standingsIn(r.eventIds)).toEqual([]);
      }
      const waiting = await pending();
      expect(waiting.length).toBeGreaterThan(0);
      // Within the interval of the previous tests' standings: nothing due unless forced.
      const flushed = await standingsIn(await flushLive(db, f.fixtureId, new Date(), { force: true }));
      expect(flushed.map((e) => e.league_id)).toEqual(waiting);
      expect(await pending()).toEqual([]);
      for (const e of flushed) {
        // Each event is a change on the league's previous table; the table it leaves is the one now.
        const data = (typeof e.data === 'string' ? JSON.parse(e.data) : e.data) as {
          Version: number;
          BaseVersion: number;
        };
        expect(data.Version).toBe(data.BaseVersion + 1);
        const snapshot = await liveStandingsSnapshot(db, e.league_id!);
        expect(snapshot).toMatchObject({ Version: data.Version, Live: true, Provisional: true });
        expect(snapshot.Rows).toEqual((await liveStandings(db, e.league_id!, new Date()))!.Rows);
      }
      await applyBall(db, f.fixtureId, over1[0]!, new Date());
      const left = await pending();
      expect(await standingsIn(await flushLive(db, f.fixtureId, new Date()))).toEqual([]);
      expect(await pending()).toEqual(left);
      // The interval has passed (an hour later): due.
      // A standings event only where the table changed (decision 0018); every announced table is current.
      const upToDate = async (ids: number[]) => {
        for (const id of ids)
          expect((await liveStandingsSnapshot(db, id)).Rows).toEqual((await liveStandings(db, id, new Date()))!.Rows);
      };
      const later = await standingsIn(await flushLive(db, f.fixtureId, new Date(Date.now() + 3_600_000)));
      expect(left).toEqual(expect.arrayContaining(later.map((e) => e.league_id)));
      await upToDate(left);
      // Mid-over, then silence: what is pending is announced with the silent state.
      for (const b of over1.slice(1, 4)) await applyBall(db, f.fixtureId, b, new Date());
      const left2 = await pending();
      const last = await db
        .selectFrom('live_events')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();
      expect(await markSilent(db, f.fixtureId, new Date())).toBe(true);
      const after = await db.selectFrom('live_events').select('id').where('id', '>', Number(last.id)).execute();
      expect(left2).toEqual(
        expect.arrayContaining((await standingsIn(after.map((r) => r.id))).map((e) => e.league_id)),
      );
      await upToDate(left2);
      expect(await pending()).toEqual([]);
      // Picks changed after the first ball (lock-time auto-picks): flushLive rebuilds the members.
      await db.updateTable('live_fixtures').set({ picks_seen: 0 }).where('fixture_id', '=', f.fixtureId).execute();
      await flushLive(db, f.fixtureId, new Date(), { force: true });
      expectSame((await provisional(db, f.fixtureId)).members, await membersFromScratch(db, f.fixtureId));
    } finally {
      delete process.env.LIVE_STANDINGS_INTERVAL_MS;
    }
  }, 120_000);

  it('housekeeping deletes live events older than a week', async () => {
    const db = w.t.db;
    const old = await db
      .insertInto('live_events')
      .values({
        fixture_id: null,
        league_id: null,
        type: 'state',
        data: '{}',
        created_at: new Date(Date.now() - 8 * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recent = await db
      .insertInto('live_events')
      .values({ fixture_id: null, league_id: null, type: 'state', data: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await purgeExpired(db);
    const left = await db.selectFrom('live_events').select('id').where('id', 'in', [old.id, recent.id]).execute();
    expect(left.map((r) => r.id)).toEqual([recent.id]);
  });
});
