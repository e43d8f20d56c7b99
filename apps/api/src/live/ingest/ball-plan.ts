import type { PositionId } from '../../cricket/catalogue';
import type { LiveBall } from '../feed';
import {
  COUNTERS,
  type Counters,
  DEFAULT_SIGNED_PS_POINTS,
  type InningsTotals,
  lineDeltas,
  overParse,
  provisionalPoints,
  UNKNOWN_POSITION,
  zeroCounters,
  zeroTotals,
} from '../lines';
import { ballEvent, type MovedPlayer, pointsEvent, scoreEvent } from './ball-events';
import { ballFingerprint, overKey } from './ball-keys';
import type { DatabasePlayers, LiveState, OverBalls, StoredBall } from './fixture-state';
import { sameJson } from './json';
import { leadersOf } from './leaders';
import { countersOf, type LineRow, positionOfLine } from './line-rows';

/**
 * A ball's consequences, computed in memory from the fixture's state, without the database: the
 * ball's over by the parser before and after it, the lines it changes, the (league, player) point
 * differences, the leaders, the innings totals, the events, and the state after it.
 */

/** The over of `ball` before and after it, by the parser (throws on a malformed ball). */
export function overChangeOf(state: LiveState, ball: LiveBall) {
  const stored: OverBalls = state.ballsByOver.get(overKey(ball.innings, ball.over)) ?? new Map<number, StoredBall>();
  const replaced = stored.get(ball.seq);
  const ballsAfter = new Map(stored).set(ball.seq, {
    team: ball.team,
    superOver: ball.superOver,
    delivery: ball.delivery,
    fingerprint: ballFingerprint(ball),
  });
  const inOrder = (balls: OverBalls) =>
    [...balls.entries()].sort(([a], [b]) => a - b).map(([, stored]) => stored.delivery);
  const last = state.lastOverWritten;
  const before =
    last && last.balls === stored && last.team === ball.team && last.superOver === ball.superOver
      ? last.parse
      : overParse(state.info, ball.team, ball.superOver, ball.over, inOrder(stored));
  const after = overParse(state.info, ball.team, ball.superOver, ball.over, inOrder(ballsAfter));
  return { replaced, ballsAfter, before, after, deltas: lineDeltas(before.lines, after.lines) };
}
export type OverChange = ReturnType<typeof overChangeOf>;

/** Touched players with no line yet and not known to be in the database: to look up. */
export const playersToLookUp = (state: LiveState, change: OverChange): string[] =>
  [...change.deltas.keys()].filter((id) => !state.linesByPlayer.has(id) && !state.databasePlayers.has(id));

/** A (league, player) difference of provisional Player Selection points. */
export interface PlayerPointsMove {
  leagueId: number;
  playerId: number;
  delta: number;
}

/** A line a ball changes: its counters before and after, and the row to store. */
interface ChangedLine {
  cricsheetId: string;
  playerId: number | null;
  position: PositionId;
  didPlay: boolean;
  before: Counters;
  after: Counters;
  row: LineRow;
  isNew: boolean;
}

/**
 * Plans a ball from the state: `change` is `overChangeOf(state, ball)`, `foundPlayers` the database
 * players of `playersToLookUp(state, change)`.
 */
export function planBall(
  state: LiveState,
  ball: LiveBall,
  change: OverChange,
  foundPlayers: DatabasePlayers,
  fixtureId: number,
) {
  const changed = changedLines(state, change, foundPlayers, fixtureId);
  const linesByPlayer = new Map(state.linesByPlayer);
  for (const line of changed) linesByPlayer.set(line.cricsheetId, line.row);

  // Player Selection: each touched player's points difference under each of the fixture's leagues'
  // points (a player nobody picked in a league has a row too, harmless: members' totals join from
  // their picks).
  const pointsMoves: PlayerPointsMove[] = [];
  for (const [leagueId, signedPoints] of state.signedPointsByLeague) {
    for (const line of changed) {
      if (line.playerId === null) continue;
      const delta =
        provisionalPoints(line.after, line.didPlay, line.position, signedPoints) -
        provisionalPoints(line.before, line.didPlay, line.position, signedPoints);
      if (delta !== 0) pointsMoves.push({ leagueId, playerId: line.playerId, delta });
    }
  }

  const winners = leadersOf([...linesByPlayer.values()]);
  const totalsBefore = state.inningsTotals.get(ball.innings) ?? zeroTotals();
  const totals: InningsTotals = {
    runs: totalsBefore.runs - change.before.totals.runs + change.after.totals.runs,
    wickets: totalsBefore.wickets - change.before.totals.wickets + change.after.totals.wickets,
    legalBalls: totalsBefore.legalBalls - change.before.totals.legalBalls + change.after.totals.legalBalls,
    extras: totalsBefore.extras - change.before.totals.extras + change.after.totals.extras,
  };
  const ballsByOver = new Map(state.ballsByOver).set(overKey(ball.innings, ball.over), change.ballsAfter);
  const inningsTotals = new Map(state.inningsTotals).set(ball.innings, totals);

  const corrected = change.replaced !== undefined;
  const moved: MovedPlayer[] = changed
    .filter((line) => line.isNew || COUNTERS.some((k) => line.before[k] !== line.after[k]))
    .map((line) => ({ playerId: line.playerId, cricsheetId: line.cricsheetId, line: line.row }));
  return {
    corrected,
    lines: changed.map((line) => line.row),
    pointsMoves,
    winners,
    leadersChanged: !sameJson(state.leaders, winners),
    ballEvent: ballEvent(fixtureId, ball, corrected, state, linesByPlayer),
    scoreEvent: scoreEvent(fixtureId, ball, totals),
    pointsEvent: pointsEvent(fixtureId, moved),
    next: {
      ...state,
      ballsByOver,
      linesByPlayer,
      inningsTotals,
      databasePlayers: foundPlayers.size ? new Map([...state.databasePlayers, ...foundPlayers]) : state.databasePlayers,
      lastOverWritten: { balls: change.ballsAfter, team: ball.team, superOver: ball.superOver, parse: change.after },
    } satisfies LiveState,
  };
}
export type BallPlan = ReturnType<typeof planBall>;

/** The lines the over's change moves: each touched player's stored line plus their difference. */
function changedLines(
  state: LiveState,
  change: OverChange,
  foundPlayers: DatabasePlayers,
  fixtureId: number,
): ChangedLine[] {
  const changed: ChangedLine[] = [];
  for (const [cricsheetId, { share, delta }] of change.deltas) {
    const stored = state.linesByPlayer.get(cricsheetId);
    const before = stored ? countersOf(stored) : zeroCounters();
    const after = { ...before };
    for (const k of COUNTERS) after[k] += delta[k];
    const inDatabase = state.databasePlayers.get(cricsheetId) ?? foundPlayers.get(cricsheetId);
    const playerId = stored ? stored.player_id : (inDatabase?.id ?? null);
    const position = stored ? positionOfLine(stored) : (inDatabase?.position ?? UNKNOWN_POSITION);
    const didPlay = stored ? stored.did_play : share.didPlay;
    const dismissalKind =
      after.dismissals > 0
        ? (change.after.lines.get(cricsheetId)?.dismissalKind ?? stored?.dismissal_kind ?? share.dismissalKind)
        : null;
    const row: LineRow = {
      fixture_id: fixtureId,
      cricsheet_id: cricsheetId,
      player_id: playerId,
      name: share.name,
      team: share.team,
      did_play: didPlay,
      position_id: position,
      runs: after.runs,
      balls: after.balls,
      fours: after.fours,
      sixes: after.sixes,
      dismissals: after.dismissals,
      dismissal_kind: dismissalKind,
      balls_bowled: after.ballsBowled,
      maidens: after.maidens,
      runs_conceded: after.runsConceded,
      wickets: after.wickets,
      bowled_lbw_wickets: after.bowledLbwWickets,
      catches: after.catches,
      stumpings: after.stumpings,
      run_outs_direct: after.runOutsDirect,
      run_outs_indirect: after.runOutsIndirect,
      points: provisionalPoints(after, didPlay, position, DEFAULT_SIGNED_PS_POINTS),
    };
    changed.push({ cricsheetId, playerId, position, didPlay, before, after, row, isNew: !stored });
  }
  return changed;
}
