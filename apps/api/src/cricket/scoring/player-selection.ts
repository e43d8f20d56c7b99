import type { PlayerFixtureStatsTable } from '../../db/schema';
import { FEATURES, FEATURES_BY_ID, feature, POSITION, type PositionId } from '../catalogue';
import { type FixtureOutcome, lineScores } from './scored';
import {
  type Condition,
  type CountRule,
  ECONOMY,
  type LineStat,
  PS_ROWS,
  type Rate,
  rangeTest,
  STRIKE_RATE,
} from './table';

/**
 * Player Selection scoring, pure. Every stat is a row of the scoring table (./table.ts) with a count
 * rule; a player's points are sum(count x configured magnitude x the feature's sign). The set-based
 * SQL (./table-sql.ts, used by ./derived.ts) reads the same rows for whole fixtures; a boundary test
 * runs the same edge cases through both.
 */

/** One player's numbers in one match that scoring reads (the scored columns of player_fixture_stats). */
export interface StatLine {
  runs: number;
  /** Balls faced: every delivery to the batter except wides. */
  balls: number;
  fours: number;
  sixes: number;
  dismissed: boolean;
  /** Legal deliveries bowled (wides and no-balls excluded). */
  ballsBowled: number;
  maidens: number;
  /** Runs off the bat plus wides and no-balls (byes, leg-byes and penalties are not the bowler's). */
  runsConceded: number;
  wickets: number;
  bowledLbwWickets: number;
  catches: number;
  stumpings: number;
  runOutsDirect: number;
  runOutsIndirect: number;
}

/** The player_fixture_stats column of each StatLine field: the one mapping from the table. */
export const STAT_COLUMN = {
  runs: 'runs',
  balls: 'balls',
  fours: 'fours',
  sixes: 'sixes',
  dismissed: 'dismissed',
  ballsBowled: 'balls_bowled',
  maidens: 'maidens',
  runsConceded: 'runs_conceded',
  wickets: 'wickets',
  bowledLbwWickets: 'bowled_lbw_wickets',
  catches: 'catches',
  stumpings: 'stumpings',
  runOutsDirect: 'run_outs_direct',
  runOutsIndirect: 'run_outs_indirect',
} as const satisfies Record<keyof StatLine, keyof PlayerFixtureStatsTable>;

/** A player_fixture_stats row's scored columns as a StatLine. */
export function statLineOf(r: Pick<PlayerFixtureStatsTable, (typeof STAT_COLUMN)[keyof StatLine]>): StatLine {
  return Object.fromEntries(
    Object.entries(STAT_COLUMN).map(([field, column]) => [field, r[column]]),
  ) as unknown as StatLine;
}

export type FeatureCounts = Map<number, number>;

type LineTest = (line: StatLine, positionId: PositionId) => boolean;
type LineCount = (line: StatLine, positionId: PositionId) => number;

/**
 * Each number of a line read by its own function: a rule's reads stay monomorphic property loads (one
 * `line[key]` site shared by every rule would see every key and run slower per ball).
 */
const READ: Record<LineStat, (line: StatLine) => number> = {
  runs: (l) => l.runs,
  balls: (l) => l.balls,
  fours: (l) => l.fours,
  sixes: (l) => l.sixes,
  ballsBowled: (l) => l.ballsBowled,
  maidens: (l) => l.maidens,
  runsConceded: (l) => l.runsConceded,
  wickets: (l) => l.wickets,
  bowledLbwWickets: (l) => l.bowledLbwWickets,
  catches: (l) => l.catches,
  stumpings: (l) => l.stumpings,
  runOutsDirect: (l) => l.runOutsDirect,
  runOutsIndirect: (l) => l.runOutsIndirect,
};

/** A condition of the table as a function of the line (built once, when the module loads). */
function conditionTest(c: Condition): LineTest {
  if ('stat' in c) {
    const read = READ[c.stat];
    const test = rangeTest(c);
    return (line) => test(read(line), 1);
  }
  if ('rate' in c) {
    const { scale, minPer } = c.rate;
    const of = READ[c.rate.of];
    const per = READ[c.rate.per];
    const test = rangeTest(c);
    return (line) => {
      const p = per(line);
      return p >= minPer && test(scale * of(line), p);
    };
  }
  if ('dismissed' in c) return (line) => line.dismissed;
  const { notPosition } = c;
  return (_line, positionId) => positionId !== notPosition;
}

/** A count rule of the table as a function of the line. */
function countFunction(rule: CountRule): LineCount {
  if ('each' in rule) return READ[rule.each];
  const tests = rule.once.map(conditionTest);
  const [first, second] = tests;
  if (tests.length === 1 && first) return (line, positionId) => (first(line, positionId) ? 1 : 0);
  if (tests.length === 2 && first && second) {
    return (line, positionId) => (first(line, positionId) && second(line, positionId) ? 1 : 0);
  }
  return (line, positionId) => {
    for (const t of tests) if (!t(line, positionId)) return 0;
    return 1;
  };
}

const COUNTS: readonly { id: number; count: LineCount }[] = PS_ROWS.map((r) => ({
  id: r.id,
  count: countFunction(r.count),
}));
const COUNT_BY_ID = new Map(COUNTS.map((c) => [c.id, c.count]));

/** How many times each scoring stat happened (only counts above 0), by the rows of the scoring table. */
export function statCounts(line: StatLine, positionId: PositionId): FeatureCounts {
  const c: FeatureCounts = new Map();
  for (const { id, count } of COUNTS) {
    const n = count(line, positionId);
    if (n > 0) c.set(id, n);
  }
  return c;
}

/** The rows whose count is a band of `rate`. */
const bandsOf = (rate: Rate) =>
  PS_ROWS.filter((r) => 'once' in r.count && r.count.once.some((c) => 'rate' in c && c.rate === rate));
const ECONOMY_BANDS = bandsOf(ECONOMY);
const STRIKE_RATE_BANDS = bandsOf(STRIKE_RATE);
const ZERO_LINE: StatLine = {
  runs: 0,
  balls: 0,
  fours: 0,
  sixes: 0,
  dismissed: false,
  ballsBowled: 0,
  maidens: 0,
  runsConceded: 0,
  wickets: 0,
  bowledLbwWickets: 0,
  catches: 0,
  stumpings: 0,
  runOutsDirect: 0,
  runOutsIndirect: 0,
};

function bandOf(bands: typeof PS_ROWS, line: StatLine, positionId: PositionId): number | null {
  return bands.find((r) => (COUNT_BY_ID.get(r.id)?.(line, positionId) ?? 0) > 0)?.id ?? null;
}

/** Economy band feature for `runs` conceded in `balls` legal balls, or null (under 2 overs, or 7-10). */
export function economyBand(runs: number, balls: number): number | null {
  return bandOf(ECONOMY_BANDS, { ...ZERO_LINE, runsConceded: runs, ballsBowled: balls }, POSITION.Bowler);
}

/** Strike-rate band feature, or null (under 10 balls, a bowler, or 70-130). */
export function strikeRateBand(runs: number, balls: number, positionId: PositionId): number | null {
  return bandOf(STRIKE_RATE_BANDS, { ...ZERO_LINE, runs, balls }, positionId);
}

/**
 * A league's points: feature id -> magnitude (0..MaxPoints). Features missing from the map score 0
 * (not selected in the league). `DEFAULT_PS_POINTS` holds the catalogue defaults.
 */
export type PointsConfig = ReadonlyMap<number, number>;

export const DEFAULT_PS_POINTS: PointsConfig = new Map(
  FEATURES.filter((f) => f.leagueType === 'PS').map((f) => [f.id, f.defaultPoints]),
);
export const DEFAULT_MP_POINTS: PointsConfig = new Map(
  FEATURES.filter((f) => f.leagueType === 'MP').map((f) => [f.id, f.defaultPoints]),
);

/** A league's points as they count: feature id -> magnitude x the feature's sign (what the SQL reads). */
export function signedPoints(config: PointsConfig): Map<number, number> {
  return new Map([...config].map(([id, p]) => [id, p * (FEATURES_BY_ID.get(id)?.sign ?? 1)]));
}

/** The catalogue's default Player Selection points, signed. */
export const DEFAULT_SIGNED_PS_POINTS: ReadonlyMap<number, number> = signedPoints(DEFAULT_PS_POINTS);

export interface ScoredFeature {
  featureId: number;
  count: number;
  /** Signed: count x magnitude x sign. */
  points: number;
}

export function scoreCounts(counts: FeatureCounts, config: PointsConfig): { total: number; features: ScoredFeature[] } {
  const features: ScoredFeature[] = [];
  let total = 0;
  for (const [featureId, count] of [...counts.entries()].sort((a, b) => a[0] - b[0])) {
    const magnitude = config.get(featureId) ?? 0;
    const points = count * magnitude * feature(featureId).sign;
    total += points;
    features.push({ featureId, count, points });
  }
  return { total, features };
}

/**
 * Points of one stat line, as if its fixture scores (used to rate lines, e.g. by the auto-pick
 * model). To score a player's line in a real fixture use `appearancePoints`, which applies the
 * rule of which fixtures score.
 */
export function playerPoints(
  line: StatLine,
  positionId: PositionId,
  config: PointsConfig = DEFAULT_PS_POINTS,
): { total: number; features: ScoredFeature[] } {
  return scoreCounts(statCounts(line, positionId), config);
}

/** One player's stat line in one fixture, with what decides whether it scores. */
export interface Appearance {
  fixture: FixtureOutcome;
  /** false for a substitute fielder (not in the listed XI plus impact player). */
  didPlay: boolean;
  line: StatLine;
  positionId: PositionId;
}

/**
 * The counts of one player in one fixture: `statCounts` when the line scores (`lineScores`: the
 * fixture is completed with a normal or tie result, and the player played), else none. So a
 * no-result or abandoned fixture, or a substitute fielder's catch, scores 0. derived.ts fills
 * `player_fixture_feature_counts` with the same rule in SQL.
 */
export function appearanceCounts(a: Appearance): FeatureCounts {
  return lineScores(a.fixture, a.didPlay) ? statCounts(a.line, a.positionId) : new Map();
}

/** One player's points in one fixture under a league's points: 0 when the line does not score. */
export function appearancePoints(
  a: Appearance,
  config: PointsConfig = DEFAULT_PS_POINTS,
): { total: number; features: ScoredFeature[] } {
  return scoreCounts(appearanceCounts(a), config);
}

/**
 * A user's points for a fixture: the sum over the picked players (a player not in the match scores
 * 0). The lines are those of a scored fixture (see `appearanceCounts`).
 */
export function teamPoints(
  pickedPlayerIds: readonly number[],
  lines: ReadonlyMap<number, { line: StatLine; positionId: PositionId }>,
  config: PointsConfig = DEFAULT_PS_POINTS,
): number {
  let total = 0;
  for (const id of pickedPlayerIds) {
    const l = lines.get(id);
    if (l) total += playerPoints(l.line, l.positionId, config).total;
  }
  return total;
}
