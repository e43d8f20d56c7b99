import type { Kysely } from 'kysely';
import { BONUS_OPTIONS, FEATURES, POSITION, type PositionId } from '../cricket/catalogue';
import { loadMatchFacts, loadStatLines } from '../cricket/scoring/derived';
import { isDecided, matchPredictionWinners, pickPoints } from '../cricket/scoring/match-prediction';
import { DEFAULT_MP_POINTS, DEFAULT_PS_POINTS, teamPoints } from '../cricket/scoring/player-selection';
import type { DB } from '../db/schema';
import { DEFAULT_SELECTION_COUNTS } from '../leagues/config';
import { predictFixture } from './model';

/**
 * The back-test (docs/autopick.md): replays fixtures in start order, asks the model for picks using
 * only earlier fixtures, and scores them with the catalogue's default points against (a) random valid
 * picks and (b) the best picks with hindsight. Scoring reuses the scoring module's pure functions.
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
  model: { mp: number; ps: number; mpByFeature: Record<number, number> };
  random: { mp: number; ps: number };
  oracle: { mp: number; ps: number };
}

export interface BacktestResult {
  fixtures: FixtureScore[];
  /** Averages per scored fixture. */
  average: {
    model: { mp: number; ps: number };
    random: { mp: number; ps: number };
    oracle: { mp: number; ps: number };
  };
  /** Share of fixtures in which the model's pick won, per Match Prediction feature id. */
  hitRate: Record<number, number>;
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
  randomDraws?: number;
  seed?: number;
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

  const out: FixtureScore[] = [];
  const hits = new Map<number, number>();
  for (const fx of fixtures) {
    const facts = await loadMatchFacts(db, fx.id);
    if (!isDecided(facts)) continue;
    const winners = matchPredictionWinners(facts);
    const lines = await loadStatLines(db, fx.id);
    const lineMap = new Map(lines.map((l) => [l.playerId, { line: l.line, positionId: l.positionId }]));
    const prediction = await predictFixture(db, fx.id);
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

    // Model.
    const mpByFeature: Record<number, number> = {};
    let modelMp = 0;
    for (const f of MP_FEATURES) {
      const p = points(f.id, prediction.mp.get(f.id) ?? null);
      mpByFeature[f.id] = p;
      modelMp += p;
      if (p > 0) hits.set(f.id, (hits.get(f.id) ?? 0) + 1);
    }
    const taken = new Set<number>();
    const modelTeam = [...BACKTEST_TEAM].flatMap(([pos, n]) => takeBest(prediction.ranked.get(pos) ?? [], n, taken));
    const modelPs = teamPoints(modelTeam, lineMap, DEFAULT_PS_POINTS);

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
      model: { mp: modelMp, ps: modelPs, mpByFeature },
      random: { mp: randomMp / draws, ps: randomPs / draws },
      oracle: { mp: oracleMp, ps: oraclePs },
    });
  }
  const avg = (f: (s: FixtureScore) => number) => (out.length ? out.reduce((a, s) => a + f(s), 0) / out.length : 0);
  return {
    fixtures: out,
    average: {
      model: { mp: avg((s) => s.model.mp), ps: avg((s) => s.model.ps) },
      random: { mp: avg((s) => s.random.mp), ps: avg((s) => s.random.ps) },
      oracle: { mp: avg((s) => s.oracle.mp), ps: avg((s) => s.oracle.ps) },
    },
    hitRate: Object.fromEntries(MP_FEATURES.map((f) => [f.id, out.length ? (hits.get(f.id) ?? 0) / out.length : 0])),
    randomDraws: draws,
    seed,
  };
}

/** The result as a Markdown table (the CLI prints it; docs/autopick.md quotes it). */
export function formatBacktest(r: BacktestResult): string {
  const n = (x: number) => x.toFixed(1);
  const rows = [
    '| Picks | Match Prediction (avg points / match) | Player Selection (avg points / match) |',
    '|---|---:|---:|',
    `| Random valid picks (${r.randomDraws} seeded draws) | ${n(r.average.random.mp)} | ${n(r.average.random.ps)} |`,
    `| Auto-pick model | ${n(r.average.model.mp)} | ${n(r.average.model.ps)} |`,
    `| Best possible (hindsight) | ${n(r.average.oracle.mp)} | ${n(r.average.oracle.ps)} |`,
  ];
  const hit = MP_FEATURES.map((f) => `${f.name} ${(100 * (r.hitRate[f.id] ?? 0)).toFixed(0)}%`).join(', ');
  return `${r.fixtures.length} scored fixtures.\n\n${rows.join('\n')}\n\nModel hit rate per feature: ${hit}.\n`;
}
