import { MP_FEATURE_ID, POSITION_ID, type PositionIdValue } from '@fantasy-cricket/rules';
import type { StatLine } from './player-selection';

/**
 * The scoring table: every scoring rule as data, in one place. The Player Selection stats (what each
 * counts, its default and highest points, its sign) and the Match Prediction features (what decides
 * each winner, the bands of the bonus options) are rows here; nothing else states a band edge, a
 * milestone or a feature id.
 *
 * Two readers turn the rows into scoring, and a boundary test runs the same edge cases through both:
 * - TypeScript: `statCounts` (./player-selection.ts) and `matchPredictionWinners` (./match-prediction.ts);
 * - SQL: the fragments of ./table-sql.ts, which ./derived.ts uses to fill the derived tables that
 *   standings/points.ts scores from (docs/decisions/0037-scoring-table.md).
 *
 * The catalogue (../catalogue.ts: `FEATURES`, `BONUS_OPTIONS`) is built from these rows, and
 * migration 0002 wrote the feature and bonus option rows the database holds from a frozen copy of it.
 */

/** A number of a stat line that a rule reads. */
export type LineStat = Exclude<keyof StatLine, 'dismissed'>;

/**
 * Bounds on a number, each optional: `atLeast`/`atMost` include the bound, `above`/`below` exclude it.
 * A range with no bound holds for every number.
 */
export interface Range {
  atLeast?: number;
  above?: number;
  atMost?: number;
  below?: number;
}

/** A rate of two numbers of a line, `scale × of / per`, which counts only from `minPer` of `per` up. */
export interface Rate {
  of: LineStat;
  per: LineStat;
  scale: number;
  minPer: number;
}

/** Economy rate: runs conceded per six legal balls, from 2 overs bowled. */
export const ECONOMY: Rate = { of: 'runsConceded', per: 'ballsBowled', scale: 6, minPer: 12 };
/** Strike rate: runs per 100 balls faced, from 10 balls faced. */
export const STRIKE_RATE: Rate = { of: 'runs', per: 'balls', scale: 100, minPer: 10 };

/** One condition of a once-per-match stat. */
export type Condition =
  /** A number of the line within a range. */
  | ({ stat: LineStat } & Range)
  /** A rate within a range (and the line reaches the rate's minimum). */
  | ({ rate: Rate } & Range)
  /** The batter was dismissed. */
  | { dismissed: true }
  /** The player's position is not this one. */
  | { notPosition: PositionIdValue };

/** How many times a Player Selection stat happened in a line: a number of the line, or 1 when every condition holds. */
export type CountRule = { each: LineStat } | { once: readonly Condition[] };

export interface PsStatRow {
  id: number;
  name: string;
  /** Default points as they count: negative for a penalty (the feature's sign is the sign of this). */
  points: number;
  /** Highest magnitude a league admin may configure. */
  maxPoints: number;
  description: string;
  count: CountRule;
}

const notBowler: Condition = { notPosition: POSITION_ID.Bowler };
const each = (stat: LineStat): CountRule => ({ each: stat });
const once = (...conditions: Condition[]): CountRule => ({ once: conditions });
const economy = (r: Range): CountRule => once({ rate: ECONOMY, ...r });
const strikeRate = (r: Range): CountRule => once({ rate: STRIKE_RATE, ...r }, notBowler);

/**
 * Player Selection stats, in id order. Milestones and hauls are ranges that do not overlap, so only the
 * highest one reached counts. Economy 7-10 and strike rate 70-130 earn no band.
 */
export const PS_STATS = {
  Run: { id: 101, name: 'Run', points: 1, maxPoints: 5, description: 'Per run scored.', count: each('runs') },
  FourBonus: {
    id: 102,
    name: 'Boundary Bonus',
    points: 1,
    maxPoints: 5,
    description: 'Per four hit, on top of the runs.',
    count: each('fours'),
  },
  SixBonus: {
    id: 103,
    name: 'Six Bonus',
    points: 2,
    maxPoints: 10,
    description: 'Per six hit, on top of the runs.',
    count: each('sixes'),
  },
  Thirty: {
    id: 104,
    name: '30 Run Bonus',
    points: 4,
    maxPoints: 20,
    description: 'Scoring 30-49 runs (only the highest milestone counts).',
    count: once({ stat: 'runs', atLeast: 30, atMost: 49 }),
  },
  HalfCentury: {
    id: 105,
    name: 'Half-Century Bonus',
    points: 8,
    maxPoints: 40,
    description: 'Scoring 50-99 runs (only the highest milestone counts).',
    count: once({ stat: 'runs', atLeast: 50, atMost: 99 }),
  },
  Century: {
    id: 106,
    name: 'Century Bonus',
    points: 16,
    maxPoints: 80,
    description: 'Scoring 100 or more runs.',
    count: once({ stat: 'runs', atLeast: 100 }),
  },
  Duck: {
    id: 107,
    name: 'Duck',
    points: -2,
    maxPoints: 10,
    description: 'Dismissed for 0 (not for bowlers).',
    count: once({ dismissed: true }, { stat: 'runs', atMost: 0 }, notBowler),
  },
  Wicket: {
    id: 108,
    name: 'Wicket',
    points: 25,
    maxPoints: 100,
    description: 'Per wicket credited to the bowler (run outs excluded).',
    count: each('wickets'),
  },
  BowledLbwBonus: {
    id: 109,
    name: 'Bowled/LBW Bonus',
    points: 8,
    maxPoints: 40,
    description: 'Per wicket bowled or LBW.',
    count: each('bowledLbwWickets'),
  },
  ThreeWicketHaul: {
    id: 110,
    name: '3 Wicket Bonus',
    points: 4,
    maxPoints: 20,
    description: 'Taking exactly 3 wickets (only the highest haul counts).',
    count: once({ stat: 'wickets', atLeast: 3, atMost: 3 }),
  },
  FourWicketHaul: {
    id: 111,
    name: '4 Wicket Bonus',
    points: 8,
    maxPoints: 40,
    description: 'Taking exactly 4 wickets (only the highest haul counts).',
    count: once({ stat: 'wickets', atLeast: 4, atMost: 4 }),
  },
  FiveWicketHaul: {
    id: 112,
    name: '5 Wicket Bonus',
    points: 16,
    maxPoints: 80,
    description: 'Taking 5 or more wickets.',
    count: once({ stat: 'wickets', atLeast: 5 }),
  },
  Maiden: {
    id: 113,
    name: 'Maiden Over',
    points: 12,
    maxPoints: 60,
    description: 'Per complete over with no runs conceded.',
    count: each('maidens'),
  },
  Catch: {
    id: 114,
    name: 'Catch',
    points: 8,
    maxPoints: 40,
    description: 'Per catch taken (caught and bowled counts for the bowler).',
    count: each('catches'),
  },
  ThreeCatchBonus: {
    id: 115,
    name: '3 Catch Bonus',
    points: 4,
    maxPoints: 20,
    description: 'Taking 3 or more catches in the match.',
    count: once({ stat: 'catches', atLeast: 3 }),
  },
  Stumping: {
    id: 116,
    name: 'Stumping',
    points: 12,
    maxPoints: 60,
    description: 'Per stumping.',
    count: each('stumpings'),
  },
  RunOutDirect: {
    id: 117,
    name: 'Run Out (Direct Hit)',
    points: 12,
    maxPoints: 60,
    description: 'Per run out effected alone.',
    count: each('runOutsDirect'),
  },
  RunOutIndirect: {
    id: 118,
    name: 'Run Out (Indirect)',
    points: 6,
    maxPoints: 30,
    description: 'Per run out shared with other fielders, for each of them.',
    count: each('runOutsIndirect'),
  },
  EconomyBelow5: {
    id: 119,
    name: 'Economy Below 5',
    points: 6,
    maxPoints: 30,
    description: 'Economy rate under 5 runs per over (minimum 2 overs).',
    count: economy({ below: 5 }),
  },
  Economy5To6: {
    id: 120,
    name: 'Economy 5-5.99',
    points: 4,
    maxPoints: 20,
    description: 'Economy rate from 5 to under 6 (minimum 2 overs).',
    count: economy({ atLeast: 5, below: 6 }),
  },
  Economy6To7: {
    id: 121,
    name: 'Economy 6-7',
    points: 2,
    maxPoints: 10,
    description: 'Economy rate from 6 to 7 (minimum 2 overs).',
    count: economy({ atLeast: 6, atMost: 7 }),
  },
  Economy10To11: {
    id: 122,
    name: 'Economy 10-11',
    points: -2,
    maxPoints: 10,
    description: 'Economy rate from 10 to 11 (minimum 2 overs).',
    count: economy({ atLeast: 10, atMost: 11 }),
  },
  Economy11To12: {
    id: 123,
    name: 'Economy 11.01-12',
    points: -4,
    maxPoints: 20,
    description: 'Economy rate above 11 up to 12 (minimum 2 overs).',
    count: economy({ above: 11, atMost: 12 }),
  },
  EconomyAbove12: {
    id: 124,
    name: 'Economy Above 12',
    points: -6,
    maxPoints: 30,
    description: 'Economy rate above 12 (minimum 2 overs).',
    count: economy({ above: 12 }),
  },
  StrikeRateAbove170: {
    id: 125,
    name: 'Strike Rate Above 170',
    points: 6,
    maxPoints: 30,
    description: 'Strike rate above 170 (minimum 10 balls, not bowlers).',
    count: strikeRate({ above: 170 }),
  },
  StrikeRate150To170: {
    id: 126,
    name: 'Strike Rate 150.01-170',
    points: 4,
    maxPoints: 20,
    description: 'Strike rate above 150 up to 170 (minimum 10 balls).',
    count: strikeRate({ above: 150, atMost: 170 }),
  },
  StrikeRate130To150: {
    id: 127,
    name: 'Strike Rate 130-150',
    points: 2,
    maxPoints: 10,
    description: 'Strike rate from 130 to 150 (minimum 10 balls).',
    count: strikeRate({ atLeast: 130, atMost: 150 }),
  },
  StrikeRate60To70: {
    id: 128,
    name: 'Strike Rate 60-70',
    points: -2,
    maxPoints: 10,
    description: 'Strike rate from 60 to 70 (minimum 10 balls, not bowlers).',
    count: strikeRate({ atLeast: 60, atMost: 70 }),
  },
  StrikeRate50To60: {
    id: 129,
    name: 'Strike Rate 50-59.99',
    points: -4,
    maxPoints: 20,
    description: 'Strike rate from 50 to under 60 (minimum 10 balls).',
    count: strikeRate({ atLeast: 50, below: 60 }),
  },
  StrikeRateBelow50: {
    id: 130,
    name: 'Strike Rate Below 50',
    points: -6,
    maxPoints: 30,
    description: 'Strike rate under 50 (minimum 10 balls, not bowlers).',
    count: strikeRate({ below: 50 }),
  },
} as const satisfies Record<string, PsStatRow>;

export type PsStatKey = keyof typeof PS_STATS;
export type PsFeatureId = (typeof PS_STATS)[PsStatKey]['id'];

/** Player Selection stat feature ids, from the table: `PS.Run` is 101. */
export const PS = Object.fromEntries(Object.entries(PS_STATS).map(([k, row]) => [k, row.id])) as {
  readonly [K in PsStatKey]: (typeof PS_STATS)[K]['id'];
};

/** The Player Selection rows in id order. */
export const PS_ROWS: readonly PsStatRow[] = Object.values(PS_STATS);

/** What a bonus option's band measures: the winning margin in runs or wickets, or the match's sixes. */
export type BandMeasure = 'wonByRuns' | 'wonByWickets' | 'matchSixes';

/** When a bonus option wins: a tied match, or its measure within a range. */
export type BandRule = { tie: true } | ({ measure: BandMeasure } & Range);

export interface BonusOptionRow {
  /** Stable id (feature id × 100 + n): a Match Prediction pick on a bonus feature stores this id. */
  id: number;
  code: string;
  label: string;
  when: BandRule;
}

/** What decides a Match Prediction feature's winner. */
export type WinnerRule =
  /** The match winner (on a tie, the super-over winner). */
  | { team: 'winner' }
  /** The players with the most of a stat, among the positions the feature allows (0 wins nothing). */
  | { most: 'runs' | 'wickets' }
  /** The official player(s) of the match. */
  | { playerOfMatch: true }
  /** The bonus option whose band holds (a tie option before any range). */
  | { options: readonly BonusOptionRow[] };

/** Highest points a league admin may configure for any Match Prediction feature. */
export const MP_MAX_POINTS = 100;

export interface MpFeatureRow {
  id: number;
  name: string;
  featureType: 'team' | 'player' | 'bonus';
  /** Default points (every Match Prediction feature earns points; none is a penalty). */
  points: number;
  description: string;
  wins: WinnerRule;
}

const runs = (r: Range): BandRule => ({ measure: 'wonByRuns', ...r });
const wickets = (r: Range): BandRule => ({ measure: 'wonByWickets', ...r });
const sixes = (r: Range): BandRule => ({ measure: 'matchSixes', ...r });

/** Match Prediction features, in id order (the ids are packages/rules' `MP_FEATURE_ID`). */
export const MP_FEATURES = {
  MatchWinner: {
    id: MP_FEATURE_ID.MatchWinner,
    name: 'Match Winner',
    featureType: 'team',
    points: 10,
    description: 'Pick the team that wins the match (a tie goes to the super-over winner).',
    wins: { team: 'winner' },
  },
  MostRuns: {
    id: MP_FEATURE_ID.MostRuns,
    name: 'Most Runs',
    featureType: 'player',
    points: 20,
    description: 'Pick the batsman, wicketkeeper or allrounder who scores the most runs.',
    wins: { most: 'runs' },
  },
  MostWickets: {
    id: MP_FEATURE_ID.MostWickets,
    name: 'Most Wickets',
    featureType: 'player',
    points: 20,
    description: 'Pick the bowler or allrounder who takes the most wickets.',
    wins: { most: 'wickets' },
  },
  ManOfTheMatch: {
    id: MP_FEATURE_ID.ManOfTheMatch,
    name: 'Man of the Match',
    featureType: 'player',
    points: 25,
    description: 'Pick the official player of the match.',
    wins: { playerOfMatch: true },
  },
  WinningMargin: {
    id: MP_FEATURE_ID.WinningMargin,
    name: 'Winning Margin',
    featureType: 'bonus',
    points: 15,
    description: 'Pick the band of the winning margin in runs or wickets.',
    wins: {
      options: [
        { id: 501, code: 'RUNS_1_10', label: 'Runs 1-10', when: runs({ atLeast: 1, atMost: 10 }) },
        { id: 502, code: 'RUNS_11_30', label: 'Runs 11-30', when: runs({ atLeast: 11, atMost: 30 }) },
        { id: 503, code: 'RUNS_31_PLUS', label: 'Runs 31+', when: runs({ atLeast: 31 }) },
        { id: 504, code: 'WICKETS_1_3', label: 'Wickets 1-3', when: wickets({ atLeast: 1, atMost: 3 }) },
        { id: 505, code: 'WICKETS_4_6', label: 'Wickets 4-6', when: wickets({ atLeast: 4, atMost: 6 }) },
        { id: 506, code: 'WICKETS_7_10', label: 'Wickets 7-10', when: wickets({ atLeast: 7 }) },
        { id: 507, code: 'TIE', label: 'Tie (super over)', when: { tie: true } },
      ],
    },
  },
  TotalSixes: {
    id: MP_FEATURE_ID.TotalSixes,
    name: 'Total Sixes',
    featureType: 'bonus',
    points: 15,
    description: 'Pick the band of the number of sixes hit in the match.',
    wins: {
      options: [
        { id: 601, code: 'SIXES_0_10', label: '0-10', when: sixes({ atLeast: 0, atMost: 10 }) },
        { id: 602, code: 'SIXES_11_15', label: '11-15', when: sixes({ atLeast: 11, atMost: 15 }) },
        { id: 603, code: 'SIXES_16_20', label: '16-20', when: sixes({ atLeast: 16, atMost: 20 }) },
        { id: 604, code: 'SIXES_21_PLUS', label: '21+', when: sixes({ atLeast: 21 }) },
      ],
    },
  },
} as const satisfies Record<keyof typeof MP_FEATURE_ID, MpFeatureRow>;

/** The Match Prediction rows in id order. */
export const MP_ROWS: readonly MpFeatureRow[] = Object.values(MP_FEATURES);

/** The options of a bonus feature (none for the others). */
export function optionsOf(row: MpFeatureRow): readonly BonusOptionRow[] {
  return 'options' in row.wins ? row.wins.options : [];
}

/** Whether a feature's winner is read from the stat lines (so there is none without a scorecard). */
export function readsLines(row: MpFeatureRow): boolean {
  return 'most' in row.wins || optionsOf(row).some((o) => 'measure' in o.when && o.when.measure === 'matchSixes');
}

/**
 * `range` as a test of a number, built once: `test(value, unit)` holds when `value / unit` lies within
 * the range (compared as value against bound × unit, so a rate needs no division). A range has at most
 * one lower bound (`atLeast` or `above`) and one upper bound (`atMost` or `below`).
 */
export function rangeTest(range: Range): (value: number, unit: number) => boolean {
  if (range.atLeast !== undefined && range.above !== undefined) throw new Error('a range has one lower bound');
  if (range.atMost !== undefined && range.below !== undefined) throw new Error('a range has one upper bound');
  const hasLo = range.atLeast !== undefined || range.above !== undefined;
  const loStrict = range.above !== undefined;
  const lo = range.atLeast ?? range.above ?? 0;
  const hasHi = range.atMost !== undefined || range.below !== undefined;
  const hiStrict = range.below !== undefined;
  const hi = range.atMost ?? range.below ?? 0;
  return (v, u) =>
    (!hasLo || (loStrict ? v > lo * u : v >= lo * u)) && (!hasHi || (hiStrict ? v < hi * u : v <= hi * u));
}

/** Whether `value` lies within `range`, the number compared being `value / unit` (a rate's denominator). */
export function inRange(value: number, range: Range, unit = 1): boolean {
  return rangeTest(range)(value, unit);
}
