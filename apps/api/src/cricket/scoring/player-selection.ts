import { messages } from '@fantasy-cricket/rules';
import type { PlayerFixtureStatsTable } from '../../db/schema';
import {
  ECONOMY_MIN_BALLS,
  FEATURES,
  feature,
  POSITION,
  type PositionId,
  PS,
  STRIKE_RATE_MIN_BALLS,
} from '../catalogue';
import { type FixtureOutcome, lineScores } from './scored';

/**
 * Player Selection scoring, pure. Every stat is a catalogue feature with a count; a player's points
 * are sum(count x configured magnitude x the feature's sign). The set-based SQL in ./derived.ts
 * computes the same counts for whole fixtures; a test keeps the two in step.
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

/** A player_fixture_stats row's scored columns as a StatLine (the one mapping from the table). */
export function statLineOf(
  r: Pick<
    PlayerFixtureStatsTable,
    | 'runs'
    | 'balls'
    | 'fours'
    | 'sixes'
    | 'dismissed'
    | 'balls_bowled'
    | 'maidens'
    | 'runs_conceded'
    | 'wickets'
    | 'bowled_lbw_wickets'
    | 'catches'
    | 'stumpings'
    | 'run_outs_direct'
    | 'run_outs_indirect'
  >,
): StatLine {
  return {
    runs: r.runs,
    balls: r.balls,
    fours: r.fours,
    sixes: r.sixes,
    dismissed: r.dismissed,
    ballsBowled: r.balls_bowled,
    maidens: r.maidens,
    runsConceded: r.runs_conceded,
    wickets: r.wickets,
    bowledLbwWickets: r.bowled_lbw_wickets,
    catches: r.catches,
    stumpings: r.stumpings,
    runOutsDirect: r.run_outs_direct,
    runOutsIndirect: r.run_outs_indirect,
  };
}

export type FeatureCounts = Map<number, number>;

/** Economy band feature for `runs` conceded in `balls` legal balls, or null (under 2 overs, or 7-10). */
export function economyBand(runs: number, balls: number): number | null {
  if (balls < ECONOMY_MIN_BALLS) return null;
  // economy = 6 * runs / balls; compare without division so 7.00 and 11.00 fall in the right band.
  const r6 = 6 * runs;
  if (r6 < 5 * balls) return PS.EconomyBelow5;
  if (r6 < 6 * balls) return PS.Economy5To6;
  if (r6 <= 7 * balls) return PS.Economy6To7;
  if (r6 < 10 * balls) return null;
  if (r6 <= 11 * balls) return PS.Economy10To11;
  if (r6 <= 12 * balls) return PS.Economy11To12;
  return PS.EconomyAbove12;
}

/** Strike-rate band feature, or null (under 10 balls, a bowler, or 70-130). */
export function strikeRateBand(runs: number, balls: number, positionId: PositionId): number | null {
  if (balls < STRIKE_RATE_MIN_BALLS || positionId === POSITION.Bowler) return null;
  // strike rate = 100 * runs / balls
  const r100 = 100 * runs;
  if (r100 > 170 * balls) return PS.StrikeRateAbove170;
  if (r100 > 150 * balls) return PS.StrikeRate150To170;
  if (r100 >= 130 * balls) return PS.StrikeRate130To150;
  if (r100 > 70 * balls) return null;
  if (r100 >= 60 * balls) return PS.StrikeRate60To70;
  if (r100 >= 50 * balls) return PS.StrikeRate50To60;
  return PS.StrikeRateBelow50;
}

/** How many times each scoring stat happened (only counts above 0). */
export function statCounts(line: StatLine, positionId: PositionId): FeatureCounts {
  const c: FeatureCounts = new Map();
  const add = (id: number | null, n: number) => {
    if (id !== null && n > 0) c.set(id, (c.get(id) ?? 0) + n);
  };
  add(PS.Run, line.runs);
  add(PS.FourBonus, line.fours);
  add(PS.SixBonus, line.sixes);
  // Milestones: only the highest one reached.
  add(line.runs >= 100 ? PS.Century : line.runs >= 50 ? PS.HalfCentury : line.runs >= 30 ? PS.Thirty : null, 1);
  if (line.dismissed && line.runs === 0 && positionId !== POSITION.Bowler) add(PS.Duck, 1);
  add(PS.Wicket, line.wickets);
  add(PS.BowledLbwBonus, line.bowledLbwWickets);
  // Hauls: only the highest one reached.
  add(
    line.wickets >= 5
      ? PS.FiveWicketHaul
      : line.wickets === 4
        ? PS.FourWicketHaul
        : line.wickets === 3
          ? PS.ThreeWicketHaul
          : null,
    1,
  );
  add(PS.Maiden, line.maidens);
  add(PS.Catch, line.catches);
  if (line.catches >= 3) add(PS.ThreeCatchBonus, 1);
  add(PS.Stumping, line.stumpings);
  add(PS.RunOutDirect, line.runOutsDirect);
  add(PS.RunOutIndirect, line.runOutsIndirect);
  add(economyBand(line.runsConceded, line.ballsBowled), 1);
  add(strikeRateBand(line.runs, line.balls, positionId), 1);
  return c;
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

/**
 * The admin rule "Points between 0 and MaxPoints": the value configured is always a magnitude; a
 * penalty feature (sign -1) subtracts it. Returns the spec's message, or null when valid.
 */
export function checkFeaturePoints(featureId: number, value: unknown): string | null {
  const f = feature(featureId);
  if (value === null || value === undefined || value === '') return messages.configure.pointsRequired;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || !Number.isInteger(n)) return messages.configure.pointsWhole;
  if (n < 0 || n > f.maxPoints) return messages.configure.pointsRange(f.name, f.maxPoints);
  return null;
}
