import { FEATURES, MP, type PositionId, totalSixesOption, winningMarginOption } from '../catalogue';
import { type FixtureOutcome, isScored, lineScores } from './scored';

/**
 * Match Prediction winners, pure. For each feature of a fixture: the winning team, player(s) or
 * bonus option. A pick earns the league's points for the feature when it is among the winners.
 * The set-based SQL in ./derived.ts computes the same winners; a test keeps the two in step.
 */

export interface MatchFacts extends FixtureOutcome {
  winnerTeamId: number | null;
  superOverWinnerTeamId: number | null;
  wonByRuns: number | null;
  wonByWickets: number | null;
  playerOfMatchIds: readonly number[];
  /** Everyone with a stat line; only `didPlay` players can win player features. */
  players: readonly {
    playerId: number;
    positionId: PositionId;
    didPlay: boolean;
    runs: number;
    wickets: number;
    sixes: number;
  }[];
  /** false when the result came without ball-by-ball data: stat features then have no winner. */
  hasScorecard: boolean;
}

export type WinnerEntity = 'team' | 'player' | 'bonus';
export interface FeatureWinners {
  featureId: number;
  entityType: WinnerEntity;
  /** Sorted ascending; several on a tie. */
  ids: number[];
}

const ALLOWED_POSITIONS = new Map(FEATURES.map((f) => [f.id, new Set<number>(f.positionIds)]));

/** Whether a fixture has a result that features can be scored on: `isScored` from ./scored.ts. */
export const isDecided: (facts: FixtureOutcome) => boolean = isScored;

/** Players with the highest value among those whose position the feature allows; none when the top is 0. */
function topPlayers(facts: MatchFacts, featureId: number, value: (p: MatchFacts['players'][number]) => number) {
  const allowed = ALLOWED_POSITIONS.get(featureId);
  const eligible = facts.players.filter(
    (p) => lineScores(facts, p.didPlay) && (!allowed?.size || allowed.has(p.positionId)),
  );
  const top = Math.max(0, ...eligible.map(value));
  if (top === 0) return [];
  return eligible.filter((p) => value(p) === top).map((p) => p.playerId);
}

/**
 * Winners per Match Prediction feature. No result and abandoned fixtures have no winners, so every
 * pick scores 0. Features without a winner are left out.
 */
export function matchPredictionWinners(facts: MatchFacts): FeatureWinners[] {
  if (!isScored(facts)) return [];
  const out: FeatureWinners[] = [];
  const push = (featureId: number, entityType: WinnerEntity, ids: (number | null)[]) => {
    const clean = [...new Set(ids.filter((x): x is number => x !== null))].sort((a, b) => a - b);
    if (clean.length) out.push({ featureId, entityType, ids: clean });
  };
  const tie = facts.resultType === 'tie';
  push(MP.MatchWinner, 'team', [tie ? facts.superOverWinnerTeamId : facts.winnerTeamId]);
  if (facts.hasScorecard) {
    push(
      MP.MostRuns,
      'player',
      topPlayers(facts, MP.MostRuns, (p) => p.runs),
    );
    push(
      MP.MostWickets,
      'player',
      topPlayers(facts, MP.MostWickets, (p) => p.wickets),
    );
  }
  push(MP.ManOfTheMatch, 'player', [...facts.playerOfMatchIds]);
  push(MP.WinningMargin, 'bonus', [
    winningMarginOption(facts.resultType ?? 'no_result', facts.wonByRuns, facts.wonByWickets),
  ]);
  if (facts.hasScorecard) {
    push(MP.TotalSixes, 'bonus', [totalSixesOption(facts.players.reduce((n, p) => n + p.sixes, 0))]);
  }
  return out;
}

/** The comma-separated winner ids the selections screens compare picks against ('' when none). */
export function winnerList(winners: readonly FeatureWinners[], featureId: number): string {
  return winners.find((w) => w.featureId === featureId)?.ids.join(',') ?? '';
}

/**
 * Points a Match Prediction pick earns: the configured points when the picked team, player or bonus
 * option is among the feature's winners, else 0 (also when nothing was picked).
 */
export function pickPoints(
  winners: readonly FeatureWinners[],
  featureId: number,
  pickedId: number | null | undefined,
  points: number,
): number {
  if (pickedId == null || pickedId === 0) return 0;
  const w = winners.find((x) => x.featureId === featureId);
  return w?.ids.includes(pickedId) ? points : 0;
}
