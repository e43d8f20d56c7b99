import { allowedPositionsForFeature } from '@fantasy-cricket/rules';
import type { PositionId } from '../catalogue';
import type { ResultType } from '../../db/schema';
import { type FixtureOutcome, isScored, lineScores } from './scored';
import {
  type BandMeasure,
  type BonusOptionRow,
  inRange,
  MP_FEATURES,
  MP_ROWS,
  type MpFeatureRow,
  optionsOf,
  readsLines,
} from './table';

/**
 * Match Prediction winners, pure. For each feature of a fixture (a row of the scoring table,
 * ./table.ts): the winning team, player(s) or bonus option. A pick earns the league's points for the
 * feature when it is among the winners. The set-based SQL (./table-sql.ts, used by ./derived.ts)
 * reads the same rows; a boundary test runs the same edge cases through both.
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

/** The numbers a bonus option's band reads; `null` when the fixture has none (no margin, no scorecard). */
export type BandFacts = Record<BandMeasure, number | null> & { resultType: ResultType | null };

/**
 * The option of a bonus feature whose band holds: on a tie, the feature's tie option when it has one;
 * else the first option whose measure lies in its range.
 */
export function bonusOption(options: readonly BonusOptionRow[], facts: BandFacts): number | null {
  const tie = options.find((o) => 'tie' in o.when);
  if (tie && facts.resultType === 'tie') return tie.id;
  for (const o of options) {
    if ('tie' in o.when) continue;
    const value = facts[o.when.measure];
    if (value !== null && inRange(value, o.when)) return o.id;
  }
  return null;
}

/** Winning-margin band for a decided match; `null` when there is no margin (no result, awarded). */
export function winningMarginOption(
  resultType: 'normal' | 'tie' | 'no_result',
  wonByRuns: number | null,
  wonByWickets: number | null,
): number | null {
  if (resultType !== 'normal' && resultType !== 'tie') return null;
  return bonusOption(optionsOf(MP_FEATURES.WinningMargin), { resultType, wonByRuns, wonByWickets, matchSixes: null });
}

/** Total-sixes band for the sixes hit in the match (super overs excluded). */
export function totalSixesOption(sixes: number): number {
  const id = bonusOption(optionsOf(MP_FEATURES.TotalSixes), {
    resultType: 'normal',
    wonByRuns: null,
    wonByWickets: null,
    matchSixes: sixes,
  });
  if (id === null) throw new Error(`no Total Sixes band holds ${sixes}`);
  return id;
}

/** Whether a fixture has a result that features can be scored on: `isScored` from ./scored.ts. */
export const isDecided: (facts: FixtureOutcome) => boolean = isScored;

/** Players with the highest value among those whose position the feature allows; none when the top is 0. */
function topPlayers(facts: MatchFacts, featureId: number, value: (p: MatchFacts['players'][number]) => number) {
  const allowed = allowedPositionsForFeature(featureId);
  const eligible = facts.players.filter(
    (p) => lineScores(facts, p.didPlay) && (!allowed || (allowed as readonly number[]).includes(p.positionId)),
  );
  const top = Math.max(0, ...eligible.map(value));
  if (top === 0) return [];
  return eligible.filter((p) => value(p) === top).map((p) => p.playerId);
}

/** The Match Prediction features whose winner is read from the stat lines (they move ball by ball in a live match). */
export const LINE_DECIDED_MP_FEATURES: readonly number[] = MP_ROWS.filter(readsLines).map((r) => r.id);

/**
 * The number a line-decided feature's leader stands on (shown beside the leaders): the leading
 * player's runs or wickets for a "most" feature, the match's sixes for the Total Sixes band; 0 for
 * the features the result decides.
 */
export function leaderValue(
  featureId: number,
  leader: { runs: number; wickets: number } | undefined,
  matchSixes: number,
): number {
  const row = MP_ROWS.find((r) => r.id === featureId);
  if (!row) return 0;
  if ('most' in row.wins) return leader?.[row.wins.most] ?? 0;
  return readsLines(row) ? matchSixes : 0;
}

/** The winning ids of one feature, by its row of the scoring table. */
function winnersOf(row: MpFeatureRow, facts: MatchFacts): (number | null)[] {
  const w = row.wins;
  if ('team' in w) return [facts.resultType === 'tie' ? facts.superOverWinnerTeamId : facts.winnerTeamId];
  if ('most' in w) {
    const stat = w.most;
    return topPlayers(facts, row.id, (p) => p[stat]);
  }
  if ('playerOfMatch' in w) return [...facts.playerOfMatchIds];
  return [
    bonusOption(w.options, {
      resultType: facts.resultType,
      wonByRuns: facts.wonByRuns,
      wonByWickets: facts.wonByWickets,
      matchSixes: facts.players.reduce((n, p) => n + p.sixes, 0),
    }),
  ];
}

/**
 * Winners per Match Prediction feature. No result and abandoned fixtures have no winners, so every
 * pick scores 0. Features without a winner are left out, and so are those read from the stat lines
 * when the result came without a scorecard.
 */
export function matchPredictionWinners(facts: MatchFacts): FeatureWinners[] {
  if (!isScored(facts)) return [];
  const out: FeatureWinners[] = [];
  for (const row of MP_ROWS) {
    if (!facts.hasScorecard && readsLines(row)) continue;
    const ids = [...new Set(winnersOf(row, facts).filter((x): x is number => x !== null))].sort((a, b) => a - b);
    if (ids.length) out.push({ featureId: row.id, entityType: row.featureType, ids });
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
