import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { withTransaction } from '../../db/transaction';
import type { NewEvent } from '../events';
import type { LiveBall } from '../feed';
import { fixtureStateEvent, leadersEvent } from './ball-events';
import { ballFingerprint, overKey } from './ball-keys';
import { type BallPlan, overChangeOf, planBall, playersToLookUp } from './ball-plan';
import { writeBall } from './ball-write';
import { lockLiveFixture } from './fixture-lock';
import { type LiveFixtureRow, type LiveState, loadFixtureState, playersInDatabase, stateOfRow } from './fixture-state';
import { readJson, sameJson } from './json';
import { describeLeaders } from './leaders';
import {
  countFixturePicks,
  moveMatchPredictionMembers,
  rebuildMemberPoints,
  signedPointsByLeague,
} from './member-points';
import { keepState, newStateToken, type StateCache, stateCacheOf } from './state-cache';

/**
 * Applying one ball: the fast path (one statement from the state in memory) and the transaction path
 * (the fixture's row, and its state when the token moved, read under its lock) that takes every
 * other ball. Both plan the ball with `planBall` and write it with `writeBall`.
 */

export interface ApplyResult {
  /** false for a duplicate (nothing written). */
  changed: boolean;
  corrected: boolean;
  eventIds: number[];
}

const NO_CHANGE: ApplyResult = { changed: false, corrected: false, eventIds: [] };

/**
 * Applies one ball. A ball identical to the one stored at its position changes nothing; a different
 * one replaces it (a correction). `now` is the receiving time (the first ball's starts the fixture).
 *
 * The ordinary ball (the fixture started and not silent, its members counted, the leaders unchanged,
 * the process's state of the fixture current) is one statement: computed from the state in memory,
 * written by `writeBall` under the token. Everything else — the first ball, a ball after silence, a
 * change of the leaders or of the fixture's picks, a duplicate, a state another process moved on —
 * is one transaction that reads the row (and the balls and lines when the token moved) under the lock.
 */
export async function applyBall(db: Kysely<DB>, fixtureId: number, ball: LiveBall, now: Date): Promise<ApplyResult> {
  const cache = stateCacheOf(db);
  const state = cache?.get(fixtureId);
  if (state?.started && !state.silent && state.picksSeen >= 0) {
    const applied = await applyOrdinaryBall(db, cache!, state, fixtureId, ball, now);
    if (applied) return applied;
    // The state stays: the transaction checks its token against the row and reads again only if it moved.
  }
  const { result, next } = await withTransaction(db, (trx) => applyBallInTransaction(trx, cache, fixtureId, ball, now));
  keepState(cache, fixtureId, next);
  return result;
}

/**
 * The fast path: the ball planned from the state in memory and written in one statement, if it is
 * not a possible duplicate, the parser takes it, it leaves the leaders as they are, and the row's
 * token is still the state's. Null: the transaction path decides.
 */
async function applyOrdinaryBall(
  db: Kysely<DB>,
  cache: StateCache,
  state: LiveState,
  fixtureId: number,
  ball: LiveBall,
  now: Date,
): Promise<ApplyResult | null> {
  const stored = state.ballsByOver.get(overKey(ball.innings, ball.over))?.get(ball.seq);
  // A duplicate is confirmed against the database (the transaction path).
  if (stored?.fingerprint === ballFingerprint(ball)) return null;
  let plan: BallPlan | undefined;
  try {
    const change = overChangeOf(state, ball);
    plan = planBall(state, ball, change, await playersInDatabase(db, playersToLookUp(state, change)), fixtureId);
  } catch {
    // Refused by the parser: the transaction path decides on the database's balls (and throws).
  }
  if (!plan || plan.leadersChanged) return null;
  const token = newStateToken();
  const ids = await writeBall(db, {
    fixtureId,
    ball,
    now,
    token: state.token,
    newToken: token,
    unchanged: { picksSeen: state.picksSeen, psLeagues: state.psLeagues },
    leaders: null,
    picksSeen: null,
    pending: [...new Set(plan.pointsMoves.map((m) => m.leagueId))],
    lines: plan.lines,
    pointsMoves: plan.pointsMoves,
    events: [plan.ballEvent, plan.scoreEvent, ...(plan.pointsEvent ? [plan.pointsEvent] : [])],
  });
  if (!ids) return null;
  keepState(cache, fixtureId, { ...plan.next, token });
  return { changed: true, corrected: plan.corrected, eventIds: ids };
}

/** The state to plan from, under the lock: the cached one while its token is the row's, else read again. */
async function currentState(trx: Kysely<DB>, cache: StateCache | null, row: LiveFixtureRow): Promise<LiveState> {
  const cached = cache?.get(row.fixture_id);
  if (!cached || cached.token !== row.state_token) return loadFixtureState(trx, row);
  const fromRow = stateOfRow(row);
  return {
    ...cached,
    ...fromRow,
    signedPointsByLeague: sameJson(fromRow.psLeagues, cached.psLeagues)
      ? cached.signedPointsByLeague
      : await signedPointsByLeague(trx, fromRow.psLeagues),
  };
}

/**
 * The transaction path: under the fixture's lock, the row and the state; a duplicate stops here; the
 * first ball starts the fixture; a ball after silence says so; the members move (Match Prediction
 * when the leaders do) or are rebuilt (the fixture's picks changed); then `writeBall` in the
 * transaction. Returns the result and the state to keep (null: forget it).
 */
async function applyBallInTransaction(
  trx: Kysely<DB>,
  cache: StateCache | null,
  fixtureId: number,
  ball: LiveBall,
  now: Date,
): Promise<{ result: ApplyResult; next: LiveState | null }> {
  await lockLiveFixture(trx, fixtureId);
  const row = await trx.selectFrom('live_fixtures').selectAll().where('fixture_id', '=', fixtureId).executeTakeFirst();
  if (!row) throw new Error(`fixture ${fixtureId} is not live (startLive first)`);
  if (row.state !== 'live') return { result: NO_CHANGE, next: null };
  const state = await currentState(trx, cache, row);
  const stored = state.ballsByOver.get(overKey(ball.innings, ball.over))?.get(ball.seq);
  if (stored?.fingerprint === ballFingerprint(ball)) return { result: NO_CHANGE, next: state };

  // The over's lines before and after, by the parser (throws on a malformed ball: nothing is written).
  const change = overChangeOf(state, ball);
  const plan = planBall(state, ball, change, await playersInDatabase(trx, playersToLookUp(state, change)), fixtureId);
  const events: NewEvent[] = [plan.ballEvent, plan.scoreEvent];
  // The fixture starts with its first ball: picks lock from then on, even before the scheduled start.
  if (row.first_ball_at === null) {
    await sql`UPDATE fixtures SET status = 'live', start_time = least(start_time, ${now.toISOString()}::timestamptz),
        updated_at = ${now.toISOString()}::timestamptz WHERE id = ${fixtureId} AND status IN ('scheduled', 'live')`.execute(
      trx,
    );
  }
  if (row.first_ball_at === null || row.silent_since !== null) events.push(fixtureStateEvent(fixtureId, 'live', null));
  if (plan.pointsEvent) events.push(plan.pointsEvent);

  // Members: Player Selection by the difference of the touched players' points (or rebuilt when
  // the fixture's picks changed, e.g. lock-time auto-picks); Match Prediction when the leaders move.
  // The fixture's picks are counted at its first ball and then by flushLive (every poll), not per
  // ball: a change (lock-time auto-picks) rebuilds the members there.
  const leagues = new Set<number>();
  const picksNow = row.picks_seen < 0 ? await countFixturePicks(trx, fixtureId) : row.picks_seen;
  let pointsMoves = plan.pointsMoves;
  let { psLeagues, signedPointsByLeague: pointsByLeague } = state;
  if (picksNow !== row.picks_seen) {
    for (const id of await rebuildMemberPoints(trx, fixtureId, [...plan.next.linesByPlayer.values()], plan.winners))
      leagues.add(id);
    pointsMoves = [];
    const rebuilt = await trx
      .selectFrom('live_fixtures')
      .select('ps_leagues')
      .where('fixture_id', '=', fixtureId)
      .executeTakeFirstOrThrow();
    psLeagues = readJson<number[]>(rebuilt.ps_leagues);
    pointsByLeague = await signedPointsByLeague(trx, psLeagues);
  } else {
    for (const move of pointsMoves) leagues.add(move.leagueId);
    if (plan.leadersChanged)
      for (const id of await moveMatchPredictionMembers(trx, fixtureId, state.leaders, plan.winners)) leagues.add(id);
  }
  if (plan.leadersChanged) {
    events.push(
      leadersEvent(fixtureId, await describeLeaders(trx, plan.winners, [...plan.next.linesByPlayer.values()])),
    );
  }
  // Standings: not per ball. The leagues whose points moved wait in standings_pending for
  // flushLive (the ingesting process, at most once per interval) or silence or completion.
  const token = newStateToken();
  const ids = await writeBall(trx, {
    fixtureId,
    ball,
    now,
    token: row.state_token,
    newToken: token,
    unchanged: null,
    leaders: plan.winners,
    picksSeen: picksNow,
    pending: [...leagues],
    lines: plan.lines,
    pointsMoves,
    events,
  });
  if (!ids) throw new Error(`live fixture ${fixtureId} changed under its lock`);
  const next: LiveState = {
    ...plan.next,
    token,
    leaders: plan.winners,
    psLeagues,
    signedPointsByLeague: pointsByLeague,
    picksSeen: picksNow,
    started: true,
    silent: false,
  };
  return { result: { changed: true, corrected: plan.corrected, eventIds: ids }, next };
}
