import type { CricsheetDelivery } from '../../cricket/import/cricsheet-format';
import type { NewEvent } from '../events';
import type { LiveBall } from '../feed';
import type { InningsTotals } from '../lines';
import type { LiveState } from './fixture-state';
import { inningsOut } from './innings';
import type { describeLeaders } from './leaders';
import type { LineRow } from './line-rows';

/**
 * The events a live fixture writes, shaped for the stream (`live_events.data`): a ball with the
 * figures it changed, the innings score, the players whose points moved, the leaders, and the
 * fixture's state (live, silent, completed). Pure: the caller writes them.
 */

/** A player whose line a ball changed, as the points event lists them. */
export interface MovedPlayer {
  playerId: number | null;
  cricsheetId: string;
  line: LineRow;
}

/** The `ball` event: the delivery, and (outside a super over) the batters' and bowler's figures after it. */
export function ballEvent(
  fixtureId: number,
  ball: LiveBall,
  corrected: boolean,
  state: LiveState,
  linesAfter: ReadonlyMap<string, LineRow>,
): NewEvent {
  const delivery = ball.delivery;
  return {
    fixtureId,
    leagueId: null,
    type: 'ball',
    data: {
      FixtureID: fixtureId,
      Innings: ball.innings + 1,
      Team: ball.team,
      SuperOver: ball.superOver,
      Over: ball.over,
      Seq: ball.seq,
      Batter: delivery.batter,
      NonStriker: delivery.non_striker,
      Bowler: delivery.bowler,
      Runs: { Batter: delivery.runs.batter, Extras: delivery.runs.extras, Total: delivery.runs.total },
      Extras: Object.entries(delivery.extras ?? {})
        .filter(([, n]) => (n ?? 0) > 0)
        .map(([kind]) => kind),
      Wickets: (delivery.wickets ?? []).map((w) => ({
        PlayerOut: w.player_out,
        Kind: w.kind,
        Fielders: (w.fielders ?? []).map((f) => f.name),
      })),
      Corrected: corrected,
      Provisional: true,
      ...(ball.superOver ? {} : { Figures: ballFigures(state, linesAfter, delivery) }),
    },
  };
}

/** The `score` event: the ball's innings, with its totals after the ball. */
export function scoreEvent(fixtureId: number, ball: LiveBall, totals: InningsTotals): NewEvent {
  return {
    fixtureId,
    leagueId: null,
    type: 'score',
    data: {
      FixtureID: fixtureId,
      Innings: inningsOut(ball.innings, { team: ball.team, superOver: ball.superOver, ...totals }),
      Provisional: true,
    },
  };
}

/** The `points` event: the players whose line a ball changed, with their provisional points (none: no event). */
export function pointsEvent(fixtureId: number, moved: readonly MovedPlayer[]): NewEvent | null {
  if (moved.length === 0) return null;
  return {
    fixtureId,
    leagueId: null,
    type: 'points',
    data: {
      FixtureID: fixtureId,
      Players: moved.map((m) => ({
        PlayerID: m.playerId,
        CricsheetID: m.cricsheetId,
        Name: m.line.name,
        Team: m.line.team,
        Points: m.line.points,
        Provisional: true,
      })),
      Provisional: true,
    },
  };
}

/** The `leaders` event (leaders as `describeLeaders` gives them). */
export function leadersEvent(fixtureId: number, leaders: Awaited<ReturnType<typeof describeLeaders>>): NewEvent {
  return {
    fixtureId,
    leagueId: null,
    type: 'leaders',
    data: { FixtureID: fixtureId, Leaders: leaders, Provisional: true },
  };
}

/** The `state` event of a fixture: live (again), silent since a time, or completed (no longer provisional). */
export function fixtureStateEvent(
  fixtureId: number,
  state: 'live' | 'silent' | 'completed',
  silentSince: Date | null,
): NewEvent {
  return {
    fixtureId,
    leagueId: null,
    type: 'state',
    data: {
      FixtureID: fixtureId,
      State: state,
      SilentSince: silentSince ? silentSince.toISOString() : null,
      Provisional: state !== 'completed',
    },
  };
}

/**
 * The striker's, the non-striker's and the bowler's figures after a ball, from the match's lines (in
 * a match without super overs a player bats in one innings and bowls in the other, so these are the
 * innings' figures the Match Centre shows): the Match Centre updates its batters and bowlers from them.
 */
function ballFigures(state: LiveState, linesAfter: ReadonlyMap<string, LineRow>, delivery: CricsheetDelivery) {
  const registry = state.info.registry?.people ?? {};
  const lineOf = (name: string) => {
    const cricsheetId = registry[name] ?? '';
    const line = linesAfter.get(cricsheetId);
    return { line, playerId: line?.player_id ?? state.databasePlayers.get(cricsheetId)?.id ?? null };
  };
  const batter = (name: string) => {
    const { line, playerId } = lineOf(name);
    return {
      PlayerID: playerId,
      Name: name,
      Runs: line?.runs ?? 0,
      Balls: line?.balls ?? 0,
      Fours: line?.fours ?? 0,
      Sixes: line?.sixes ?? 0,
      Out: (line?.dismissals ?? 0) > 0,
      DismissalKind: line?.dismissal_kind ?? null,
    };
  };
  const bowler = lineOf(delivery.bowler);
  const ballsBowled = bowler.line?.balls_bowled ?? 0;
  return {
    Batters: [batter(delivery.batter), batter(delivery.non_striker)],
    Bowler: {
      PlayerID: bowler.playerId,
      Name: delivery.bowler,
      Overs: `${Math.floor(ballsBowled / 6)}.${ballsBowled % 6}`,
      Maidens: bowler.line?.maidens ?? 0,
      Runs: bowler.line?.runs_conceded ?? 0,
      Wickets: bowler.line?.wickets ?? 0,
    },
  };
}
