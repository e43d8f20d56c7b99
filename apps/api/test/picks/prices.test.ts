import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { POSITION_ID } from '@fantasy-cricket/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCricsheetPath } from '../../src/cricket/import/folder';
import { importSchedule } from '../../src/cricket/import/schedule';
import { loadStatLines } from '../../src/cricket/scoring/derived';
import { DEFAULT_PS_POINTS, playerPoints } from '../../src/cricket/scoring/player-selection';
import type { Database } from '../../src/db/database';
import {
  expectedPoints,
  FORM_MATCHES,
  fixturePrices,
  isValidPrice,
  pointsForPrice,
  priceForPoints,
  priceFromForm,
  priceMessages,
  setOperatorPrice,
} from '../../src/picks/prices';
import { HAVE_IPL_2024, IPL_2024_DIR } from '../cricket/builder';
import { DB_TARGET, freshDatabase } from '../db';

const { Batsman, Bowler, Wicketkeeper, Allrounder } = POSITION_ID;

describe('priceFromForm: the rule', () => {
  it('prices a player with no record at his position prior', () => {
    expect(priceFromForm({ points: [], matches: 0 }, Batsman)).toBe(70); // 20 points
    expect(priceFromForm({ points: [], matches: 0 }, Bowler)).toBe(70);
    expect(priceFromForm({ points: [], matches: 0 }, Wicketkeeper)).toBe(80); // 30 points
    expect(priceFromForm({ points: [], matches: 0 }, Allrounder)).toBe(80);
    expect(priceFromForm({ points: [], matches: 0 })).toBe(75); // 25 points, position unknown
  });

  it('shrinks a short record toward the prior: two matches of the prior are added in', () => {
    // (2 × 20 + 100) / 3 = 46.7 points → 9.67 credits → 9.5
    expect(expectedPoints({ points: [100], matches: 1 }, Batsman)).toBeCloseTo(46.67, 2);
    expect(priceFromForm({ points: [100], matches: 1 }, Batsman)).toBe(95);
    // (2 × 30 + 0 + 10) / 4 = 17.5 points → 6.75 credits → 7.0 (a quarter rounds up)
    expect(priceFromForm({ points: [0, 10], matches: 2 }, Allrounder)).toBe(70);
    // (2 × 20 + 5 × 40) / 7 = 34.3 points → 8.43 credits → 8.5
    expect(priceFromForm({ points: [40, 40, 40, 40, 40], matches: 5 }, Bowler)).toBe(85);
  });

  it(`reads the latest ${FORM_MATCHES} scores only, and the prior fades for a longer record`, () => {
    const five = { points: [50, 50, 50, 50, 50], matches: 5 };
    expect(priceFromForm({ points: [...five.points, 500, 500], matches: 7 }, Batsman)).toBe(
      priceFromForm({ ...five, matches: 7 }, Batsman),
    );
    // 5 matches in all: (2 × 20 + 250) / 7 = 41.4 → 9.0; 10 in all: (1 × 20 + 250) / 6 = 45 → 9.5.
    expect(priceFromForm(five, Batsman)).toBe(90);
    expect(priceFromForm({ ...five, matches: 10 }, Batsman)).toBe(95);
    // A record longer than its points counts the points it has.
    expect(priceFromForm({ points: [50], matches: 0 }, Batsman)).toBe(
      priceFromForm({ points: [50], matches: 1 }, Batsman),
    );
  });

  it('maps expected points by the fixed scale: 10 points a credit from 6.0 at 10 points, within 6.0-11.0', () => {
    expect(priceForPoints(-40)).toBe(60);
    expect(priceForPoints(12.4)).toBe(60);
    expect(priceForPoints(12.5)).toBe(65);
    expect(priceForPoints(35)).toBe(85);
    expect(priceForPoints(57.4)).toBe(105);
    expect(priceForPoints(57.5)).toBe(110);
    expect(priceForPoints(400)).toBe(110);
    for (let tenths = 60; tenths <= 110; tenths += 5) expect(priceForPoints(pointsForPrice(tenths))).toBe(tenths);
  });

  it('always gives a price on the grid within 6.0-11.0, never lower for better scores', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < 500; i += 1) {
      const n = Math.floor(next() * 8);
      const points = Array.from({ length: n }, () => Math.round(next() * 180) - 10);
      const position = 1 + Math.floor(next() * 4);
      const form = { points, matches: n + Math.floor(next() * 20) };
      const price = priceFromForm(form, position);
      expect(price % 5).toBe(0);
      expect(price).toBeGreaterThanOrEqual(60);
      expect(price).toBeLessThanOrEqual(110);
      if (n > 0) {
        const better = priceFromForm({ ...form, points: [points[0]! + 20, ...points.slice(1)] }, position);
        expect(better).toBeGreaterThanOrEqual(price);
      }
    }
  });

  it('accepts operator prices of 1.0-20.0 credits on the 0.5 grid only', () => {
    expect([10, 15, 85, 200].every(isValidPrice)).toBe(true);
    expect([0, 5, 86, 205, 85.5, Number.NaN, -10].some(isValidPrice)).toBe(false);
  });
});

/**
 * The stored prices on real data: the first MATCHES Cricsheet files of IPL 2024, then upcoming CSK v
 * RCB fixtures (both teams played in those matches, so their squads and forms are real).
 */
const MATCHES = 10;
const UPCOMING = ['Prices A', 'Prices B', 'Prices C', 'Prices D', 'Prices E', 'Prices F'] as const;

describe.skipIf(!HAVE_IPL_2024)(`fixture prices on ${DB_TARGET}`, () => {
  let database: Database;
  const tmp = mkdtempSync(join(tmpdir(), 'prices-'));
  const ids = {} as Record<(typeof UPCOMING)[number], number>;
  /** Start times of the imported matches, in order. */
  let played: { id: number; start: Date }[] = [];
  let squad: { id: number; position_id: number }[] = [];
  const start = new Date('2099-05-01T14:00:00Z');
  const before = new Date('2099-04-30T10:00:00Z');
  /** After every upcoming fixture's start (they start a minute apart from `start`). */
  const after = new Date('2099-05-01T15:00:00Z');
  const startOf = (name: (typeof UPCOMING)[number]) => new Date(start.getTime() + UPCOMING.indexOf(name) * 60_000);
  const db = () => database.db;

  beforeAll(async () => {
    database = await freshDatabase();
    for (let i = 0; i < MATCHES; i += 1)
      copyFileSync(join(IPL_2024_DIR, `${1422119 + i}.json`), join(tmp, `${i}.json`));
    await importCricsheetPath(database.db, tmp);
    await importSchedule(
      database.db,
      UPCOMING.map((name, i) => ({
        season: 'IPL 2024',
        competition: 'Indian Premier League',
        year: 2024,
        name,
        stage: 'Playoffs',
        startTime: new Date(start.getTime() + i * 60_000).toISOString(),
        home: 'Chennai Super Kings',
        away: 'Royal Challengers Bengaluru',
      })),
    );
    const fixtures = await database.db
      .selectFrom('fixtures')
      .select(['id', 'name', 'start_time'])
      .orderBy('start_time')
      .orderBy('id')
      .execute();
    for (const name of UPCOMING) ids[name] = fixtures.find((f) => f.name === name)!.id;
    played = fixtures
      .filter((f) => !(UPCOMING as readonly string[]).includes(f.name))
      .map((f) => ({ id: f.id, start: new Date(f.start_time) }));
    expect(played).toHaveLength(MATCHES);
    squad = await database.db
      .selectFrom('squads as s')
      .innerJoin('teams as t', 't.id', 's.team_id')
      .innerJoin('players as p', 'p.id', 's.player_id')
      .select(['p.id', 'p.position_id'])
      .where('t.name', 'in', ['Chennai Super Kings', 'Royal Challengers Bengaluru'])
      .orderBy('p.id')
      .execute();
    expect(squad.length).toBeGreaterThan(20);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  /**
   * Each squad player's price by the rule from his form as at `now`, computed independently: his
   * lines read one fixture at a time and scored by the pure functions at default points.
   */
  async function expectedPrices(now: Date) {
    const scores = new Map<number, number[]>();
    for (const f of played.filter((p) => p.start <= now)) {
      for (const l of await loadStatLines(db(), f.id)) {
        if (!l.didPlay) continue;
        const list = scores.get(l.playerId) ?? [];
        list.unshift(playerPoints(l.line, l.positionId, DEFAULT_PS_POINTS).total);
        scores.set(l.playerId, list);
      }
    }
    return new Map(
      squad.map((p) => {
        const all = scores.get(p.id) ?? [];
        return [p.id, priceFromForm({ points: all.slice(0, FORM_MATCHES), matches: all.length }, p.position_id)];
      }),
    );
  }

  const rowsOf = (fixtureId: number) =>
    db()
      .selectFrom('fixture_player_prices')
      .selectAll()
      .where('fixture_id', '=', fixtureId)
      .orderBy('player_id')
      .execute();

  it('prices every player of both squads from form, on the grid, and stores the prices before the start', async () => {
    const prices = await fixturePrices(db(), ids['Prices A'], before);
    expect([...prices.keys()].sort((a, b) => a - b)).toEqual(squad.map((p) => p.id));
    for (const tenths of prices.values()) {
      expect(tenths % 5).toBe(0);
      expect(tenths).toBeGreaterThanOrEqual(60);
      expect(tenths).toBeLessThanOrEqual(110);
    }
    const expected = await expectedPrices(before);
    expect(prices).toEqual(expected);
    // Not all the same: the form tells players apart.
    expect(new Set(prices.values()).size).toBeGreaterThan(4);
    const rows = await rowsOf(ids['Prices A']);
    expect(rows.map((r) => [r.player_id, r.price_tenths, r.source])).toEqual(
      [...expected].map(([id, tenths]) => [id, tenths, 'form']),
    );
  });

  it('keeps the first prices: stable across calls, though the form moves on', async () => {
    // Read while only the first five matches had been played.
    const early = new Date(played[5]!.start.getTime() - 1000);
    const first = await fixturePrices(db(), ids['Prices B'], early);
    expect(first).toEqual(await expectedPrices(early));
    const rows = await rowsOf(ids['Prices B']);
    // Ten matches later the form gives other prices to some players, but the stored ones stand.
    const later = await expectedPrices(before);
    expect([...later].filter(([id, tenths]) => first.get(id) !== tenths).length).toBeGreaterThan(0);
    expect(await fixturePrices(db(), ids['Prices B'], before)).toEqual(first);
    expect(await fixturePrices(db(), ids['Prices B'], after)).toEqual(first);
    expect(await rowsOf(ids['Prices B'])).toEqual(rows);
  });

  it('returns a stored price as it is, and prices a player added to a squad later', async () => {
    const fixtureId = ids['Prices A'];
    const [one] = squad;
    await db()
      .updateTable('fixture_player_prices')
      .set({ price_tenths: 200 })
      .where('fixture_id', '=', fixtureId)
      .where('player_id', '=', one!.id)
      .execute();
    const season = await db()
      .selectFrom('fixtures')
      .select(['season_id', 'local_team_id'])
      .where('id', '=', fixtureId)
      .executeTakeFirstOrThrow();
    const newcomer = await db()
      .insertInto('players')
      .values({
        cricsheet_id: null,
        full_name: 'Price Newcomer',
        position_id: Allrounder,
        position_source: 'override',
        created_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('squads')
      .values({ season_id: season.season_id, team_id: season.local_team_id, player_id: newcomer.id })
      .execute();
    const before2 = await rowsOf(fixtureId);
    const prices = await fixturePrices(db(), fixtureId, before);
    expect(prices.get(one!.id)).toBe(200);
    expect(prices.get(newcomer.id)).toBe(80); // an Allrounder with no record: 30 points
    const rows = await rowsOf(fixtureId);
    expect(rows).toHaveLength(before2.length + 1);
    expect(rows.filter((r) => r.player_id !== newcomer.id)).toEqual(before2);
    await db().deleteFrom('squads').where('player_id', '=', newcomer.id).execute();
    await db().deleteFrom('fixture_player_prices').where('player_id', '=', newcomer.id).execute();
    await db().deleteFrom('players').where('id', '=', newcomer.id).execute();
  });

  it('stores nothing once the fixture has started: a missing price is computed and returned only', async () => {
    const fixtureId = ids['Prices C'];
    const prices = await fixturePrices(db(), fixtureId, after);
    expect(prices).toEqual(await expectedPrices(after));
    expect(prices.size).toBe(squad.length);
    expect(await rowsOf(fixtureId)).toEqual([]);
    expect(await fixturePrices(db(), fixtureId, new Date('2100-01-01T00:00:00Z'))).toEqual(prices);
    expect(await rowsOf(fixtureId)).toEqual([]);
  });

  it("keeps an operator's price, before or after the form prices were stored", async () => {
    const fixtureId = ids['Prices D'];
    const [bat, bowl] = squad;
    // Before any price is stored: the operator's stands, the others come from form.
    expect(await setOperatorPrice(db(), fixtureId, bat!.id, 155, before)).toBe(155);
    const prices = await fixturePrices(db(), fixtureId, before);
    const expected = await expectedPrices(before);
    expect(prices.get(bat!.id)).toBe(155);
    expect(prices.size).toBe(squad.length);
    for (const [id, tenths] of prices) if (id !== bat!.id) expect(tenths).toBe(expected.get(id));
    // After: it replaces the form price, and a second change replaces the first.
    await setOperatorPrice(db(), fixtureId, bowl!.id, 10, before);
    await setOperatorPrice(db(), fixtureId, bat!.id, 120, before);
    const again = await fixturePrices(db(), fixtureId, after);
    expect(again.get(bowl!.id)).toBe(10);
    expect(again.get(bat!.id)).toBe(120);
    const rows = await rowsOf(fixtureId);
    expect(rows.filter((r) => r.source === 'operator').map((r) => [r.player_id, r.price_tenths])).toEqual(
      [
        [bat!.id, 120],
        [bowl!.id, 10],
      ].sort((a, b) => a[0]! - b[0]!),
    );
    expect(rows.filter((r) => r.source === 'form')).toHaveLength(squad.length - 2);
    expect(rows.find((r) => r.player_id === bat!.id)!.updated_at).toEqual(before);
  });

  it('refuses an operator price off the grid, out of range, after the start, or for a player outside the squads', async () => {
    const fixtureId = ids['Prices D'];
    const [bat] = squad;
    const rows = await rowsOf(fixtureId);
    for (const [tenths, credits] of [
      [86, '8.6'],
      [5, '0.5'],
      [205, '20.5'],
      [0, '0'],
      [-10, '-1'],
      [85.5, '8.55'],
    ] as const) {
      await expect(setOperatorPrice(db(), fixtureId, bat!.id, tenths, before)).rejects.toMatchObject({
        status: 400,
        message: `A price must be between 1 and 20 credits, in steps of 0.5 (got ${credits}).`,
      });
    }
    await expect(setOperatorPrice(db(), fixtureId, bat!.id, Number.NaN, before)).rejects.toMatchObject({
      status: 400,
      message: priceMessages.offGrid(Number.NaN),
    });
    await expect(setOperatorPrice(db(), fixtureId, bat!.id, 100, startOf('Prices D'))).rejects.toMatchObject({
      status: 400,
      message: 'The prices of Prices D are frozen: the fixture has started.',
    });
    await expect(setOperatorPrice(db(), fixtureId, bat!.id, 100, after)).rejects.toMatchObject({ status: 400 });
    const outsider = await db()
      .selectFrom('squads as s')
      .innerJoin('teams as t', 't.id', 's.team_id')
      .select('s.player_id')
      .where('t.name', 'not in', ['Chennai Super Kings', 'Royal Challengers Bengaluru'])
      .executeTakeFirstOrThrow();
    await expect(setOperatorPrice(db(), fixtureId, outsider.player_id, 100, before)).rejects.toMatchObject({
      status: 400,
      message: 'This player is not in either squad of Prices D.',
    });
    await expect(setOperatorPrice(db(), 987_654, bat!.id, 100, before)).rejects.toMatchObject({
      status: 404,
      message: priceMessages.fixtureNotFound,
    });
    expect(await rowsOf(fixtureId)).toEqual(rows);
    await expect(fixturePrices(db(), 987_654, before)).rejects.toMatchObject({ status: 404 });
  });

  it('gives concurrent first readers the same prices, stored once, though they compute different ones', async () => {
    const fixtureId = ids['Prices E'];
    // Half the readers see the form after five matches, half after ten: the prices they compute differ,
    // yet each answers with the rows that were stored first.
    const early = new Date(played[5]!.start.getTime() - 1000);
    const [few, all] = [await expectedPrices(early), await expectedPrices(before)];
    expect(few).not.toEqual(all);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => fixturePrices(db(), fixtureId, i % 2 === 0 ? early : before)),
    );
    const rows = await rowsOf(fixtureId);
    expect(rows).toHaveLength(squad.length);
    const stored = new Map(rows.map((r) => [r.player_id, r.price_tenths]));
    for (const prices of answers) expect(prices).toEqual(stored);
  });

  it('answers in two statements: one read, one insert of the missing prices', async () => {
    const fixtureId = ids['Prices F'];
    const queries: string[] = [];
    const logged = database.db.withPlugin({
      transformQuery: (args) => {
        queries.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    await fixturePrices(logged, fixtureId, before);
    expect(queries).toHaveLength(2);
    queries.length = 0;
    await fixturePrices(logged, fixtureId, before);
    expect(queries).toHaveLength(1);
  });
});
