import { type RawBuilder, sql } from 'kysely';
import type { FixtureStatus, ResultType } from '../../db/schema';

/**
 * Which stat lines score: the one rule, used by the pure functions (match-prediction.ts,
 * player-selection.ts), by the set-based SQL (derived.ts, through the fragments below) and by the
 * tests that check the two agree.
 *
 * - A fixture scores only when it is `completed` with a result `normal` or `tie`. Scheduled, live,
 *   no-result and abandoned fixtures score nothing (a no result with some play keeps its stats, but
 *   they count for nothing).
 * - Within a scored fixture, only players who played score: the listed XI plus the impact player
 *   (`did_play`). A substitute fielder's catches and run outs stay on the scorecard (a line with
 *   `did_play` false) but earn nobody anything, as in standard fantasy rules.
 */

export const SCORED_STATUS = 'completed' satisfies FixtureStatus;
export const SCORED_RESULT_TYPES = ['normal', 'tie'] as const satisfies readonly ResultType[];

export interface FixtureOutcome {
  status: FixtureStatus;
  /** null while the fixture has no result row. */
  resultType: ResultType | null;
}

/** Whether the fixture's result scores at all. */
export function isScored(f: FixtureOutcome): boolean {
  return f.status === SCORED_STATUS && (SCORED_RESULT_TYPES as readonly (ResultType | null)[]).includes(f.resultType);
}

/** Whether one player's line in a fixture scores: the fixture scores and the player played. */
export function lineScores(fixture: FixtureOutcome, didPlay: boolean): boolean {
  return didPlay && isScored(fixture);
}

/** `isScored` in SQL, for a `fixtures` row aliased `f` joined to its `fixture_results` row `r`. */
export function isScoredSql(f: string, r: string): RawBuilder<boolean> {
  const types = sql.join(SCORED_RESULT_TYPES.map((t) => sql.lit(t)));
  return sql<boolean>`(${sql.ref(`${f}.status`)} = ${sql.lit(SCORED_STATUS)} AND ${sql.ref(`${r}.result_type`)} IN (${types}))`;
}

/** `lineScores` in SQL, adding the `player_fixture_stats` row aliased `s`. */
export function lineScoresSql(f: string, r: string, s: string): RawBuilder<boolean> {
  return sql<boolean>`(${isScoredSql(f, r)} AND ${sql.ref(`${s}.did_play`)})`;
}
