import type { Kysely } from 'kysely';
import { BONUS_OPTIONS, FEATURES, POSITION, type PositionId } from '../cricket/catalogue';
import { loadMatchFacts, loadStatLines } from '../cricket/scoring/derived';
import { isDecided, matchPredictionWinners, pickPoints } from '../cricket/scoring/match-prediction';
import { DEFAULT_MP_POINTS, DEFAULT_PS_POINTS, teamPoints } from '../cricket/scoring/player-selection';
import type { DB } from '../db/schema';
import { DEFAULT_SELECTION_COUNTS } from '../leagues/config';
import { loadModelInputs, predict } from './model';
import { naivePicks } from './naive';
import { type MeanInterval, pairedDifference } from './stats';

/**
 * The back-test (docs/autopick.md): replays fixtures in start order, asks the model for picks using
 * only earlier fixtures, and scores them with the catalogue's default points against (a) random valid
 * picks, (b) the naive "form so far" picks (`naive.ts`) and (c) the best picks with hindsight, then
 * compares them fixture by fixture (mean paired difference with a 95 % confidence interval). With a
 * split, the first fixtures only serve as history and the figures cover the later (test) part alone.
 * Scoring reuses the scoring module's pure functions.
 */

/** The Player Selection team the back-test picks: the leagues' default counts (4 Bat, 1 WK, 2 AR, 4 Bowl). */
export const BACKTEST_TEAM: ReadonlyMap<PositionId, number> = new Map([
  [POSITION.Batsman, DEFAULT_SELECTION_COUNTS.Batsman],
  [POSITION.Wicketkeeper, DEFAULT_SELECTION_COUNTS.Wicketkeeper],
  [POSITION.Allrounder, DEFAULT_SELECTION_COUNTS.Allrounder],
  [POSITION.Bowler, DEFAULT_SELECTION_COUNTS.Bowler],
]);

const MP_FEATURES = FEATURES.filter((f) => f.leagueType === 'MP');

export interface FixtureScore {
  fixtureId: number;
  name: string;
  /** 1-based position of the fixture among the completed fixtures in start order. */
  number: number;
  model: { mp: number; ps: number; mpByFeature: Record<number, number> };
  naive: { mp: number; ps: number; mpByFeature: Record<number, number> };
  random: { mp: number; ps: number };
  oracle: { mp: number; ps: number };
}

/** Paired per-fixture differences (first minus second) in one league type. */
export interface Comparisons {
  modelVsNaive: MeanInterval;
  modelVsRandom: MeanInterval;
  naiveVsRandom: MeanInterval;
}

export interface BacktestResult {
  /** The scored fixtures: with a split, those of the test part only. */
  fixtures: FixtureScore[];
  /** Completed fixtures in scope, and how many of the first ones only served as history. */
  completedFixtures: number;
  trainFixtures: number;
  /** Averages per scored fixture. */
  average: {
    model: { mp: number; ps: number };
    naive: { mp: number; ps: number };
    random: { mp: number; ps: number };
    oracle: { mp: number; ps: number };
  };
  comparisons: { mp: Comparisons; ps: Comparisons };
  /** Share of fixtures in which the model's pick won, per Match Prediction feature id. */
  hitRate: Record<number, number>;
  naiveHitRate: Record<number, number>;
  randomDraws: number;
  seed: number;
}

/** mulberry32: a small seeded generator, so the random baseline is repeatable. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The `count` best of `ranked` not in `taken` (and adds them to it). */
export function takeBest(ranked: readonly number[], count: number, taken: Set<number>): number[] {
  const out: number[] = [];
  for (const id of ranked) {
    if (out.length >= count) break;
    if (taken.has(id)) continue;
    taken.add(id);
    out.push(id);
  }
  return out;
}

export interface BacktestOptions {
  /** Limit to these fixtures (default: every decided fixture in the database, by start time). */
  fixtureIds?: readonly number[];
  /**
   * Train/test split over the completed fixtures in start order: a fraction in (0, 1) puts the first
   * floor(fraction × count) in the training part, an integer n ≥ 1 the first n. Training fixtures are
   * not scored (they are only history for the pickers); default 0: every fixture is scored.
   */
  split?: number;
  randomDraws?: number;
  seed?: number;
}

/** How many of `count` fixtures a `split` value puts in the training part. */
export function trainCount(split: number | undefined, count: number): number {
  if (split === undefined || split === 0) return 0;
  if (!Number.isFinite(split) || split < 0 || (split >= 1 && !Number.isInteger(split))) {
    throw new Error(`split: expected a fraction between 0 and 1 or a whole number of fixtures, got ${split}`);
  }
  return Math.min(count, split < 1 ? Math.floor(split * count) : split);
}

export async function runBacktest(db: Kysely<DB>, options: BacktestOptions = {}): Promise<BacktestResult> {
  const draws = options.randomDraws ?? 200;
  const seed = options.seed ?? 2024;
  const rand = seededRandom(seed);
  let query = db
    .selectFrom('fixtures')
    .select(['id', 'name'])
    .where('status', '=', 'completed')
    .orderBy('start_time')
    .orderBy('id');
  if (options.fixtureIds) query = query.where('id', 'in', options.fixtureIds.length ? [...options.fixtureIds] : [-1]);
  const fixtures = await query.execute();
  const train = trainCount(options.split, fixtures.length);

  const out: FixtureScore[] = [];
  const hits = new Map<number, number>();
  const naiveHits = new Map<number, number>();
  for (const [index, fx] of fixtures.entries()) {
    if (index < train) continue;
    const facts = await loadMatchFacts(db, fx.id);
    if (!isDecided(facts)) continue;
    const winners = matchPredictionWinners(facts);
    const lines = await loadStatLines(db, fx.id);
    const lineMap = new Map(lines.map((l) => [l.playerId, { line: l.line, positionId: l.positionId }]));
    const inputs = await loadModelInputs(db, fx.id);
    const prediction = predict(inputs);
    const naive = naivePicks(inputs);
    const candidates = prediction.players;
    const teams = [...new Set(candidates.map((p) => p.teamId))];

    const options = (featureId: number): number[] => {
      const f = MP_FEATURES.find((x) => x.id === featureId)!;
      if (f.featureType === 'team') return teams.length ? teams : [];
      if (f.featureType === 'bonus') return BONUS_OPTIONS.filter((o) => o.featureId === f.id).map((o) => o.id);
      const allowed = new Set<number>(f.positionIds);
      return candidates.filter((p) => !allowed.size || allowed.has(p.positionId)).map((p) => p.playerId);
    };
    const points = (featureId: number, id: number | null) =>
      pickPoints(winners, featureId, id, DEFAULT_MP_POINTS.get(featureId) ?? 0);

    // Model and naive picks, scored alike.
    const score = (picks: Pick<typeof naive, 'mp' | 'ranked'>, hitCounts: Map<number, number>) => {
      const mpByFeature: Record<number, number> = {};
      let mp = 0;
      for (const f of MP_FEATURES) {
        const p = points(f.id, picks.mp.get(f.id) ?? null);
        mpByFeature[f.id] = p;
        mp += p;
        if (p > 0) hitCounts.set(f.id, (hitCounts.get(f.id) ?? 0) + 1);
      }
      const taken = new Set<number>();
      const team = [...BACKTEST_TEAM].flatMap(([pos, n]) => takeBest(picks.ranked.get(pos) ?? [], n, taken));
      return { mp, ps: teamPoints(team, lineMap, DEFAULT_PS_POINTS), mpByFeature };
    };
    const model = score(prediction, hits);
    const naiveScore = score(naive, naiveHits);

    // Oracle: any winning option per feature; the best players by their actual points.
    let oracleMp = 0;
    for (const f of MP_FEATURES) oracleMp += Math.max(0, ...options(f.id).map((id) => points(f.id, id)));
    const actual = (id: number) => teamPoints([id], lineMap, DEFAULT_PS_POINTS);
    let oraclePs = 0;
    for (const [pos, n] of BACKTEST_TEAM) {
      const best = candidates
        .filter((p) => p.positionId === pos)
        .map((p) => actual(p.playerId))
        .sort((a, b) => b - a)
        .slice(0, n);
      oraclePs += best.reduce((a, b) => a + b, 0);
    }

    // Random valid picks, averaged over `draws` seeded draws.
    let randomMp = 0;
    let randomPs = 0;
    const byPosition = new Map<PositionId, number[]>();
    for (const p of candidates) byPosition.set(p.positionId, [...(byPosition.get(p.positionId) ?? []), p.playerId]);
    for (let d = 0; d < draws; d += 1) {
      for (const f of MP_FEATURES) {
        const opts = options(f.id);
        if (opts.length) randomMp += points(f.id, opts[Math.floor(rand() * opts.length)]!);
      }
      const team: number[] = [];
      for (const [pos, n] of BACKTEST_TEAM) {
        const pool = [...(byPosition.get(pos) ?? [])];
        for (let i = 0; i < n && pool.length; i += 1) team.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]!);
      }
      randomPs += teamPoints(team, lineMap, DEFAULT_PS_POINTS);
    }

    out.push({
      fixtureId: fx.id,
      name: fx.name,
      number: index + 1,
      model,
      naive: naiveScore,
      random: { mp: randomMp / draws, ps: randomPs / draws },
      oracle: { mp: oracleMp, ps: oraclePs },
    });
  }
  const avg = (f: (s: FixtureScore) => number) => (out.length ? out.reduce((a, s) => a + f(s), 0) / out.length : 0);
  const rate = (counts: Map<number, number>) =>
    Object.fromEntries(MP_FEATURES.map((f) => [f.id, out.length ? (counts.get(f.id) ?? 0) / out.length : 0]));
  const compare = (kind: 'mp' | 'ps'): Comparisons => {
    const model = out.map((s) => s.model[kind]);
    const naive = out.map((s) => s.naive[kind]);
    const random = out.map((s) => s.random[kind]);
    return {
      modelVsNaive: pairedDifference(model, naive),
      modelVsRandom: pairedDifference(model, random),
      naiveVsRandom: pairedDifference(naive, random),
    };
  };
  return {
    fixtures: out,
    completedFixtures: fixtures.length,
    trainFixtures: train,
    average: {
      model: { mp: avg((s) => s.model.mp), ps: avg((s) => s.model.ps) },
      naive: { mp: avg((s) => s.naive.mp), ps: avg((s) => s.naive.ps) },
      random: { mp: avg((s) => s.random.mp), ps: avg((s) => s.random.ps) },
      oracle: { mp: avg((s) => s.oracle.mp), ps: avg((s) => s.oracle.ps) },
    },
    comparisons: { mp: compare('mp'), ps: compare('ps') },
    hitRate: rate(hits),
    naiveHitRate: rate(naiveHits),
    randomDraws: draws,
    seed,
  };
}

/** "+2.9 ± 3.0 (-0.1 to +5.9)": a mean difference and its interval; "n/a" below two fixtures. */
export function formatInterval(m: MeanInterval): string {
  const signed = (x: number) => `${x >= 0 ? '+' : '-'}${Math.abs(x).toFixed(1)}`;
  if (!Number.isFinite(m.halfWidth)) return Number.isFinite(m.mean) ? `${signed(m.mean)} (n/a)` : 'n/a';
  return `${signed(m.mean)} ± ${m.halfWidth.toFixed(1)} (${signed(m.low)} to ${signed(m.high)})`;
}

/** The result as Markdown tables (the CLI prints it; docs/autopick.md quotes it). */
export function formatBacktest(r: BacktestResult): string {
  const n = (x: number) => x.toFixed(1);
  const part =
    r.trainFixtures > 0
      ? `Test part: fixtures ${r.trainFixtures + 1}-${r.completedFixtures} of ${r.completedFixtures} in start order (the first ${r.trainFixtures} only serve as history). `
      : `All ${r.completedFixtures} completed fixtures (no split). `;
  const rows = [
    '| Picks | Match Prediction (avg points / match) | Player Selection (avg points / match) |',
    '|---|---:|---:|',
    `| Random valid picks (${r.randomDraws} seeded draws) | ${n(r.average.random.mp)} | ${n(r.average.random.ps)} |`,
    `| Naive "form so far" | ${n(r.average.naive.mp)} | ${n(r.average.naive.ps)} |`,
    `| Auto-pick model | ${n(r.average.model.mp)} | ${n(r.average.model.ps)} |`,
    `| Best possible (hindsight) | ${n(r.average.oracle.mp)} | ${n(r.average.oracle.ps)} |`,
  ];
  const c = r.comparisons;
  const diffs = [
    '| Paired difference per fixture (mean ± 95 % CI half-width) | Match Prediction | Player Selection |',
    '|---|---:|---:|',
    `| Model − naive | ${formatInterval(c.mp.modelVsNaive)} | ${formatInterval(c.ps.modelVsNaive)} |`,
    `| Model − random | ${formatInterval(c.mp.modelVsRandom)} | ${formatInterval(c.ps.modelVsRandom)} |`,
    `| Naive − random | ${formatInterval(c.mp.naiveVsRandom)} | ${formatInterval(c.ps.naiveVsRandom)} |`,
  ];
  const hit = (rates: Record<number, number>) =>
    MP_FEATURES.map((f) => `${f.name} ${(100 * (rates[f.id] ?? 0)).toFixed(0)}%`).join(', ');
  return [
    `${part}${r.fixtures.length} scored fixtures.`,
    rows.join('\n'),
    diffs.join('\n'),
    `Model hit rate per feature: ${hit(r.hitRate)}.\nNaive hit rate per feature: ${hit(r.naiveHitRate)}.\n`,
  ].join('\n\n');
}
