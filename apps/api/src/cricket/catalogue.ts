import { POSITION_LIMITS } from '@fantasy-cricket/rules';

/**
 * The fixed cricket catalogue: positions, league features and bonus options. The ids are part of the
 * product contract (the spec names FeatureID 2 and 3 and PositionID 1-4), so they never change.
 * Migration 0002 wrote these rows from its own frozen copy (db/migrations/0002_cricket.catalogue.ts);
 * a test checks a migrated database against this file, so a change here needs a migration that
 * writes it.
 */

export const POSITION = { Batsman: 1, Bowler: 2, Wicketkeeper: 3, Allrounder: 4 } as const;
export type PositionId = (typeof POSITION)[keyof typeof POSITION];
export type PositionName = keyof typeof POSITION;

export interface PositionDef {
  id: PositionId;
  name: PositionName;
  maxPerTeam: number;
  /** Team-sheet order: keeper, batsmen, allrounders, bowlers. */
  sortOrder: number;
}

export const POSITIONS: readonly PositionDef[] = [
  { id: POSITION.Batsman, name: 'Batsman', maxPerTeam: POSITION_LIMITS.Batsman, sortOrder: 2 },
  { id: POSITION.Bowler, name: 'Bowler', maxPerTeam: POSITION_LIMITS.Bowler, sortOrder: 4 },
  { id: POSITION.Wicketkeeper, name: 'Wicketkeeper', maxPerTeam: POSITION_LIMITS.Wicketkeeper, sortOrder: 1 },
  { id: POSITION.Allrounder, name: 'Allrounder', maxPerTeam: POSITION_LIMITS.Allrounder, sortOrder: 3 },
];

export function isPositionId(v: unknown): v is PositionId {
  return v === 1 || v === 2 || v === 3 || v === 4;
}

export function positionIdByName(name: string): PositionId | undefined {
  const n = name.trim().toLowerCase().replace(/[\s-]/g, '');
  const aliases: Record<string, PositionId> = {
    batsman: 1,
    batter: 1,
    bat: 1,
    bowler: 2,
    bowl: 2,
    wicketkeeper: 3,
    keeper: 3,
    wk: 3,
    allrounder: 4,
    ar: 4,
  };
  return aliases[n];
}

export type LeagueTypeCode = 'MP' | 'PS';
export type FeatureType = 'team' | 'player' | 'bonus' | 'stat';

export interface FeatureDef {
  id: number;
  leagueType: LeagueTypeCode;
  name: string;
  description: string;
  featureType: FeatureType;
  /** +1 for points earned, -1 for penalties. A league configures the magnitude (0..maxPoints). */
  sign: 1 | -1;
  /** Highest magnitude a league admin may configure. */
  maxPoints: number;
  /** Magnitude used when a league keeps the defaults (and for the home-page fantasy table). */
  defaultPoints: number;
  sortOrder: number;
  /** Player features only: the positions a pick may come from (empty = any). */
  positionIds: readonly PositionId[];
}

/** Match Prediction feature ids. */
export const MP = {
  MatchWinner: 1,
  MostRuns: 2,
  MostWickets: 3,
  ManOfTheMatch: 4,
  WinningMargin: 5,
  TotalSixes: 6,
} as const;

/** Player Selection stat feature ids. Each counts occurrences; points = count x configured points x sign. */
export const PS = {
  Run: 101,
  FourBonus: 102,
  SixBonus: 103,
  Thirty: 104,
  HalfCentury: 105,
  Century: 106,
  Duck: 107,
  Wicket: 108,
  BowledLbwBonus: 109,
  ThreeWicketHaul: 110,
  FourWicketHaul: 111,
  FiveWicketHaul: 112,
  Maiden: 113,
  Catch: 114,
  ThreeCatchBonus: 115,
  Stumping: 116,
  RunOutDirect: 117,
  RunOutIndirect: 118,
  EconomyBelow5: 119,
  Economy5To6: 120,
  Economy6To7: 121,
  Economy10To11: 122,
  Economy11To12: 123,
  EconomyAbove12: 124,
  StrikeRateAbove170: 125,
  StrikeRate150To170: 126,
  StrikeRate130To150: 127,
  StrikeRate60To70: 128,
  StrikeRate50To60: 129,
  StrikeRateBelow50: 130,
} as const;

/** Minimum legal balls bowled for an economy band, and balls faced for a strike-rate band. */
export const ECONOMY_MIN_BALLS = 12;
export const STRIKE_RATE_MIN_BALLS = 10;

const ANY: readonly PositionId[] = [];
const mp = (
  id: number,
  name: string,
  featureType: FeatureType,
  defaultPoints: number,
  description: string,
  positionIds: readonly PositionId[] = ANY,
): FeatureDef => ({
  id,
  leagueType: 'MP',
  name,
  description,
  featureType,
  sign: 1,
  maxPoints: 100,
  defaultPoints,
  sortOrder: id,
  positionIds,
});
const ps = (id: number, name: string, defaultPoints: number, maxPoints: number, description: string): FeatureDef => ({
  id,
  leagueType: 'PS',
  name,
  description,
  featureType: 'stat',
  sign: defaultPoints < 0 ? -1 : 1,
  maxPoints,
  defaultPoints: Math.abs(defaultPoints),
  sortOrder: id,
  positionIds: ANY,
});

export const FEATURES: readonly FeatureDef[] = [
  mp(
    MP.MatchWinner,
    'Match Winner',
    'team',
    10,
    'Pick the team that wins the match (a tie goes to the super-over winner).',
  ),
  mp(MP.MostRuns, 'Most Runs', 'player', 20, 'Pick the batsman, wicketkeeper or allrounder who scores the most runs.', [
    POSITION.Batsman,
    POSITION.Wicketkeeper,
    POSITION.Allrounder,
  ]),
  mp(MP.MostWickets, 'Most Wickets', 'player', 20, 'Pick the bowler or allrounder who takes the most wickets.', [
    POSITION.Bowler,
    POSITION.Allrounder,
  ]),
  mp(MP.ManOfTheMatch, 'Man of the Match', 'player', 25, 'Pick the official player of the match.'),
  mp(MP.WinningMargin, 'Winning Margin', 'bonus', 15, 'Pick the band of the winning margin in runs or wickets.'),
  mp(MP.TotalSixes, 'Total Sixes', 'bonus', 15, 'Pick the band of the number of sixes hit in the match.'),

  ps(PS.Run, 'Run', 1, 5, 'Per run scored.'),
  ps(PS.FourBonus, 'Boundary Bonus', 1, 5, 'Per four hit, on top of the runs.'),
  ps(PS.SixBonus, 'Six Bonus', 2, 10, 'Per six hit, on top of the runs.'),
  ps(PS.Thirty, '30 Run Bonus', 4, 20, 'Scoring 30-49 runs (only the highest milestone counts).'),
  ps(PS.HalfCentury, 'Half-Century Bonus', 8, 40, 'Scoring 50-99 runs (only the highest milestone counts).'),
  ps(PS.Century, 'Century Bonus', 16, 80, 'Scoring 100 or more runs.'),
  ps(PS.Duck, 'Duck', -2, 10, 'Dismissed for 0 (not for bowlers).'),
  ps(PS.Wicket, 'Wicket', 25, 100, 'Per wicket credited to the bowler (run outs excluded).'),
  ps(PS.BowledLbwBonus, 'Bowled/LBW Bonus', 8, 40, 'Per wicket bowled or LBW.'),
  ps(PS.ThreeWicketHaul, '3 Wicket Bonus', 4, 20, 'Taking exactly 3 wickets (only the highest haul counts).'),
  ps(PS.FourWicketHaul, '4 Wicket Bonus', 8, 40, 'Taking exactly 4 wickets (only the highest haul counts).'),
  ps(PS.FiveWicketHaul, '5 Wicket Bonus', 16, 80, 'Taking 5 or more wickets.'),
  ps(PS.Maiden, 'Maiden Over', 12, 60, 'Per complete over with no runs conceded.'),
  ps(PS.Catch, 'Catch', 8, 40, 'Per catch taken (caught and bowled counts for the bowler).'),
  ps(PS.ThreeCatchBonus, '3 Catch Bonus', 4, 20, 'Taking 3 or more catches in the match.'),
  ps(PS.Stumping, 'Stumping', 12, 60, 'Per stumping.'),
  ps(PS.RunOutDirect, 'Run Out (Direct Hit)', 12, 60, 'Per run out effected alone.'),
  ps(PS.RunOutIndirect, 'Run Out (Indirect)', 6, 30, 'Per run out shared with other fielders, for each of them.'),
  ps(PS.EconomyBelow5, 'Economy Below 5', 6, 30, 'Economy rate under 5 runs per over (minimum 2 overs).'),
  ps(PS.Economy5To6, 'Economy 5-5.99', 4, 20, 'Economy rate from 5 to under 6 (minimum 2 overs).'),
  ps(PS.Economy6To7, 'Economy 6-7', 2, 10, 'Economy rate from 6 to 7 (minimum 2 overs).'),
  ps(PS.Economy10To11, 'Economy 10-11', -2, 10, 'Economy rate from 10 to 11 (minimum 2 overs).'),
  ps(PS.Economy11To12, 'Economy 11.01-12', -4, 20, 'Economy rate above 11 up to 12 (minimum 2 overs).'),
  ps(PS.EconomyAbove12, 'Economy Above 12', -6, 30, 'Economy rate above 12 (minimum 2 overs).'),
  ps(PS.StrikeRateAbove170, 'Strike Rate Above 170', 6, 30, 'Strike rate above 170 (minimum 10 balls, not bowlers).'),
  ps(PS.StrikeRate150To170, 'Strike Rate 150.01-170', 4, 20, 'Strike rate above 150 up to 170 (minimum 10 balls).'),
  ps(PS.StrikeRate130To150, 'Strike Rate 130-150', 2, 10, 'Strike rate from 130 to 150 (minimum 10 balls).'),
  ps(PS.StrikeRate60To70, 'Strike Rate 60-70', -2, 10, 'Strike rate from 60 to 70 (minimum 10 balls, not bowlers).'),
  ps(PS.StrikeRate50To60, 'Strike Rate 50-59.99', -4, 20, 'Strike rate from 50 to under 60 (minimum 10 balls).'),
  ps(PS.StrikeRateBelow50, 'Strike Rate Below 50', -6, 30, 'Strike rate under 50 (minimum 10 balls, not bowlers).'),
];

export const FEATURES_BY_ID: ReadonlyMap<number, FeatureDef> = new Map(FEATURES.map((f) => [f.id, f]));

export function feature(id: number): FeatureDef {
  const f = FEATURES_BY_ID.get(id);
  if (!f) throw new Error(`unknown feature id ${id}`);
  return f;
}

export interface BonusOptionDef {
  /** Stable id (feature id x 100 + n): a Match Prediction pick on a bonus feature stores this id. */
  id: number;
  featureId: number;
  code: string;
  label: string;
  sortOrder: number;
}

export const BONUS_OPTIONS: readonly BonusOptionDef[] = [
  { id: 501, featureId: MP.WinningMargin, code: 'RUNS_1_10', label: 'Runs 1-10', sortOrder: 1 },
  { id: 502, featureId: MP.WinningMargin, code: 'RUNS_11_30', label: 'Runs 11-30', sortOrder: 2 },
  { id: 503, featureId: MP.WinningMargin, code: 'RUNS_31_PLUS', label: 'Runs 31+', sortOrder: 3 },
  { id: 504, featureId: MP.WinningMargin, code: 'WICKETS_1_3', label: 'Wickets 1-3', sortOrder: 4 },
  { id: 505, featureId: MP.WinningMargin, code: 'WICKETS_4_6', label: 'Wickets 4-6', sortOrder: 5 },
  { id: 506, featureId: MP.WinningMargin, code: 'WICKETS_7_10', label: 'Wickets 7-10', sortOrder: 6 },
  { id: 507, featureId: MP.WinningMargin, code: 'TIE', label: 'Tie (super over)', sortOrder: 7 },
  { id: 601, featureId: MP.TotalSixes, code: 'SIXES_0_10', label: '0-10', sortOrder: 1 },
  { id: 602, featureId: MP.TotalSixes, code: 'SIXES_11_15', label: '11-15', sortOrder: 2 },
  { id: 603, featureId: MP.TotalSixes, code: 'SIXES_16_20', label: '16-20', sortOrder: 3 },
  { id: 604, featureId: MP.TotalSixes, code: 'SIXES_21_PLUS', label: '21+', sortOrder: 4 },
];

/** Winning-margin band for a decided match; `null` when there is no margin (no result, awarded). */
export function winningMarginOption(
  resultType: 'normal' | 'tie' | 'no_result',
  wonByRuns: number | null,
  wonByWickets: number | null,
): number | null {
  if (resultType === 'tie') return 507;
  if (resultType !== 'normal') return null;
  if (wonByRuns != null && wonByRuns > 0) return wonByRuns <= 10 ? 501 : wonByRuns <= 30 ? 502 : 503;
  if (wonByWickets != null && wonByWickets > 0) return wonByWickets <= 3 ? 504 : wonByWickets <= 6 ? 505 : 506;
  return null;
}

/** Total-sixes band for the sixes hit in the match (super overs excluded). */
export function totalSixesOption(sixes: number): number {
  return sixes <= 10 ? 601 : sixes <= 15 ? 602 : sixes <= 20 ? 603 : 604;
}
