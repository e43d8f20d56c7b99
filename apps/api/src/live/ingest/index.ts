/**
 * The live ingest: a feed's balls into the database and its events. Each module holds one job
 * (docs/decisions/0039-live-ingest-modules.md):
 *
 * - `apply-ball.ts` — `applyBall`: the fast path (one statement from the state in memory) and the
 *   transaction path;
 * - `ball-plan.ts` — a ball's consequences computed in memory (lines, point differences, leaders,
 *   innings totals, the state after it);
 * - `ball-events.ts` — the events' shapes (ball with figures, score, points, leaders, state);
 * - `ball-write.ts` — `writeBall`, every write of a ball in one SQL statement under the token;
 * - `fixture-state.ts` — `LiveState` and reading it from the database;
 * - `state-cache.ts` — the states this process keeps, and the token;
 * - `member-points.ts` — members' provisional points in SQL (Match Prediction moves, rebuilds);
 * - `leaders.ts` — the provisional Match Prediction leaders and how they read;
 * - `lifecycle.ts` — start, stored balls, flush, silence, completion;
 * - `line-rows.ts`, `innings.ts`, `ball-keys.ts`, `json.ts`, `fixture-lock.ts` — the shared pieces.
 */

export { type ApplyResult, applyBall } from './apply-ball';
export { ballFingerprint, positionKey } from './ball-keys';
export { LIVE_LOCK, lockLiveFixture } from './fixture-lock';
export { groupOvers, inningsOut } from './innings';
export { readJson, stableJson } from './json';
export { describeLeaders, leadersOf } from './leaders';
export {
  completeLive,
  completeLiveWith,
  flushLive,
  markSilent,
  type StartLive,
  startLive,
  storedBalls,
} from './lifecycle';
export { countersOf, positionOfLine } from './line-rows';
