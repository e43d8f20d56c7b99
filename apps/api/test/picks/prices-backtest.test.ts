import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCricsheetPath } from '../../src/cricket/import/folder';
import type { Database } from '../../src/db/database';
import { fixturePrices, pointsForPrice } from '../../src/picks/prices';
import { HAVE_IPL_2024, IPL_2024_DIR } from '../cricket/builder';
import { DB_TARGET, freshDatabase } from '../db';

/**
 * The back-test of prices from form (docs/scoring.md, "Prices"): all 71 IPL 2024 matches imported into
 * a fresh database; in start order, every match after the first `SKIP` is priced as the app prices it
 * (`fixturePrices` a second before its start: form from the scored matches before it), and each player
 * who played is compared with his default-point score in that match.
 *
 * Figures: the Spearman rank correlation of price and points, and the mean absolute error (MAE) of the
 * least-squares line points ≈ a + b × price against the flat predictor (every player scores the mean).
 * A flat price gives a ratio of exactly 1 and no rank correlation, so the thresholds below, set from the
 * measured figures with some slack (Spearman 0.150, MAE ratio 0.985 when written), need the price to
 * carry information; a control with the same prices shuffled between the players must fail them.
 */
const SKIP = 8;
/** Measured 0.150 (n = 1507 pairs: a standard error of about 0.026). */
const MIN_SPEARMAN = 0.12;
/** Measured 0.985. */
const MAX_MAE_RATIO = 0.992;

interface Pair {
  price: number;
  points: number;
}

/** Ranks from 1, ties sharing their mean rank. */
function ranks(values: readonly number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(values.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j += 1;
    for (let k = i; k <= j; k += 1) out[order[k]![1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return out;
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

function pearson(x: readonly number[], y: readonly number[]): number {
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i += 1) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  return sxx === 0 || syy === 0 ? 0 : sxy / Math.sqrt(sxx * syy);
}

const spearman = (x: readonly number[], y: readonly number[]) => pearson(ranks(x), ranks(y));

/** The figures of a set of (price, points) pairs. */
function figures(pairs: readonly Pair[]) {
  const x = pairs.map((p) => p.price / 10);
  const y = pairs.map((p) => p.points);
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < x.length; i += 1) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
  }
  const b = sxx === 0 ? 0 : sxy / sxx;
  const a = my - b * mx;
  const mae = mean(y.map((v, i) => Math.abs(v - (a + b * x[i]!))));
  const flatMae = mean(y.map((v) => Math.abs(v - my)));
  // The points each price stands for on the fixed scale, with nothing fitted.
  const scaleMae = mean(pairs.map((p) => Math.abs(p.points - pointsForPrice(p.price))));
  return {
    n: pairs.length,
    spearman: spearman(x, y),
    a,
    b,
    mae,
    flatMae,
    maeRatio: mae / flatMae,
    scaleMae,
    scaleRatio: scaleMae / flatMae,
    meanPoints: my,
  };
}

/** A fixed shuffle (a linear congruential generator), so the control is the same on every run. */
function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  let seed = 20240322;
  for (let i = out.length - 1; i > 0; i -= 1) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const round = (x: number, digits = 3) => Number(x.toFixed(digits));

describe.skipIf(!HAVE_IPL_2024)(`prices from form, back-tested on IPL 2024 on ${DB_TARGET}`, () => {
  let database: Database;
  const pairs: Pair[] = [];
  let priced = 0;
  /** Per match, what the 11 dearest players of the two squads cost (credits). */
  const dearestEleven: number[] = [];
  const squadPrices: number[] = [];

  beforeAll(async () => {
    database = await freshDatabase();
    const report = await importCricsheetPath(database.db, IPL_2024_DIR);
    expect(report.counts.imported).toBe(71);
    const db = database.db;
    const fixtures = await db
      .selectFrom('fixtures')
      .select(['id', 'start_time'])
      .orderBy('start_time')
      .orderBy('id')
      .execute();
    expect(fixtures).toHaveLength(71);
    for (const f of fixtures.slice(SKIP)) {
      const prices = await fixturePrices(db, f.id, new Date(new Date(f.start_time).getTime() - 1000));
      priced += prices.size;
      const dearest = [...prices.values()].sort((a, b) => b - a).slice(0, 11);
      dearestEleven.push(dearest.reduce((sum, p) => sum + p, 0) / 10);
      squadPrices.push(...prices.values());
      const { rows } = await sql<{ player_id: number; points: number }>`
        SELECT st.player_id, coalesce((SELECT sum(pp.points) FROM player_fixture_points pp
                 WHERE pp.fixture_id = st.fixture_id AND pp.player_id = st.player_id), 0)::int AS points
        FROM player_fixture_stats st
        WHERE st.fixture_id = ${f.id} AND st.did_play`.execute(db);
      for (const r of rows) {
        const price = prices.get(r.player_id);
        if (price === undefined) throw new Error(`player ${r.player_id} played fixture ${f.id} without a price`);
        pairs.push({ price, points: r.points });
      }
    }
  }, 300_000);

  afterAll(async () => {
    await database?.close();
  });

  it('prices every squad player of every match and stores them before the start', async () => {
    const stored = await database.db
      .selectFrom('fixture_player_prices')
      .select((eb) => [
        eb.fn.countAll<string>().as('n'),
        eb.fn.min('price_tenths').as('lo'),
        eb.fn.max('price_tenths').as('hi'),
      ])
      .where('source', '=', 'form')
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(priced);
    expect(stored.lo).toBeGreaterThanOrEqual(60);
    expect(stored.hi).toBeLessThanOrEqual(110);
    expect(pairs.length).toBeGreaterThan(1400);
  });

  it('predicts points better than a flat price: rank correlation and the error of a fitted line', () => {
    const f = figures(pairs);
    const control = figures(
      shuffled(pairs.map((p) => p.price)).map((price, i) => ({ price, points: pairs[i]!.points })),
    );
    const bands = [
      [60, 70],
      [75, 85],
      [90, 100],
      [105, 110],
    ].map(([lo, hi]) => {
      const inBand = pairs.filter((p) => p.price >= lo! && p.price <= hi!);
      return {
        credits: `${lo! / 10}-${hi! / 10}`,
        players: inBand.length,
        meanPoints: round(mean(inBand.map((p) => p.points)), 1),
      };
    });
    console.log(
      `[prices back-test] IPL 2024, matches ${SKIP + 1}-71, ${f.n} players who played:`,
      JSON.stringify({
        spearman: round(f.spearman),
        fit: `points = ${round(f.a, 1)} + ${round(f.b, 2)} x price`,
        maeFit: round(f.mae, 2),
        maeFlat: round(f.flatMae, 2),
        maeRatio: round(f.maeRatio),
        maeScale: round(f.scaleMae, 2),
        scaleRatio: round(f.scaleRatio),
        meanPoints: round(f.meanPoints, 1),
        control: { spearman: round(control.spearman), maeRatio: round(control.maeRatio) },
        bands,
        squadMeanPrice: round(mean(squadPrices) / 10, 2),
        dearestElevenMean: round(mean(dearestEleven), 1),
        dearestElevenMax: Math.max(...dearestEleven),
      }),
    );
    expect(f.spearman).toBeGreaterThan(MIN_SPEARMAN);
    expect(f.maeRatio).toBeLessThan(MAX_MAE_RATIO);
    // Dearer players score more on average, band by band.
    for (let i = 1; i < bands.length; i += 1) expect(bands[i]!.meanPoints).toBeGreaterThan(bands[i - 1]!.meanPoints);
    // The same prices handed out at random fail the thresholds: they are not met by the fit alone.
    expect(Math.abs(control.spearman)).toBeLessThan(MIN_SPEARMAN);
    expect(control.maeRatio).toBeGreaterThan(MAX_MAE_RATIO);
  });
});
