import { type Kysely, sql } from 'kysely';
import type { FeatureWinners } from '../../cricket/scoring/match-prediction';
import type { DB } from '../../db/schema';
import { LIVE_EVENTS_LOCK, type NewEvent } from '../events';
import type { LiveBall } from '../feed';
import type { PlayerPointsMove } from './ball-plan';
import { LIVE_LOCK } from './fixture-lock';
import { LINE_COLUMNS, type LineRow } from './line-rows';

/**
 * Every write of a ball in one SQL statement (decision 0017): the `live_fixtures` row moved to a new
 * token, the delivery, the changed lines, the (league, player) point differences and the events with
 * their NOTIFY — all written only if the row was, that is while its token is the one the ball was
 * planned from.
 */

export interface BallWrite {
  fixtureId: number;
  ball: LiveBall;
  now: Date;
  /** The token the state was derived from: nothing is written unless it is still the stored one. */
  token: string;
  newToken: string;
  /** The fast path's extra conditions: the row's members' side as the state has it. */
  unchanged: { picksSeen: number; psLeagues: readonly number[] } | null;
  /** New leaders to store (null: unchanged). */
  leaders: readonly FeatureWinners[] | null;
  /** A new pick count to store (null: unchanged). */
  picksSeen: number | null;
  /** Leagues whose points moved: added to standings_pending. */
  pending: readonly number[];
  lines: readonly LineRow[];
  pointsMoves: readonly PlayerPointsMove[];
  events: readonly NewEvent[];
}

/**
 * Every write of a ball in **one statement**: under the fixture's lock (taken first, as every other
 * writer of the fixture takes it), the live_fixtures row is updated only while its token (and, on the
 * fast path, its members' side) is what the state was derived from — the delivery, the lines, the
 * (league, player) points and the events are inserted from that update's row, so a stale state writes
 * nothing. The events take `LIVE_EVENTS_LOCK` before their ids, as `writeEvents` does, and the NOTIFY
 * goes with them. Returns the event ids, or null when nothing was written (the token had moved).
 * Outside a transaction the statement is its own: one round trip per ball.
 */
export async function writeBall(db: Kysely<DB>, write: BallWrite): Promise<number[] | null> {
  const fixtureId = write.fixtureId;
  const at = write.now.toISOString();
  const set = [
    sql`first_ball_at = coalesce(lf.first_ball_at, ${at}::timestamptz)`,
    sql`last_ball_at = ${at}::timestamptz`,
    sql`silent_since = NULL`,
    sql`updated_at = ${at}::timestamptz`,
    sql`state_token = ${write.newToken}`,
  ];
  if (write.leaders) set.push(sql`leaders = ${JSON.stringify(write.leaders)}::jsonb`);
  if (write.picksSeen !== null) set.push(sql`picks_seen = ${write.picksSeen}::int`);
  if (write.pending.length)
    set.push(sql`standings_pending = (SELECT coalesce(jsonb_agg(v ORDER BY v), '[]'::jsonb) FROM (
      SELECT jsonb_array_elements_text(lf.standings_pending)::int AS v UNION SELECT unnest(${sql.val([...write.pending])}::int[])) u)`);
  const gate = [sql`lf.fixture_id = ${fixtureId}::int`, sql`lf.state = 'live'`, sql`lf.state_token = ${write.token}`];
  if (write.unchanged) {
    gate.push(
      sql`lf.first_ball_at IS NOT NULL`,
      sql`lf.silent_since IS NULL`,
      sql`lf.picks_seen = ${write.unchanged.picksSeen}::int`,
      sql`lf.ps_leagues = ${JSON.stringify(write.unchanged.psLeagues)}::jsonb`,
    );
  }
  const ball = write.ball;
  const columns = sql.join(LINE_COLUMNS.map((c) => sql.ref(c)));
  const lines = write.lines.length
    ? sql`, ln AS (INSERT INTO live_player_lines (${columns})
        SELECT ${sql.join(LINE_COLUMNS.map((c) => sql.ref(`r.${c}`)))}
        FROM upd CROSS JOIN jsonb_populate_recordset(NULL::live_player_lines, ${JSON.stringify(write.lines)}::jsonb) r
        ON CONFLICT (fixture_id, cricsheet_id) DO UPDATE SET ${sql.join(
          LINE_COLUMNS.filter((c) => c !== 'fixture_id' && c !== 'cricsheet_id').map(
            (c) => sql`${sql.ref(c)} = ${sql.ref(`excluded.${c}`)}`,
          ),
        )})`
    : sql``;
  const moves = write.pointsMoves;
  const points = moves.length
    ? sql`, pp AS (INSERT INTO live_league_player_points AS m (league_id, fixture_id, player_id, points)
        SELECT x.l, ${fixtureId}::int, x.p, x.d FROM upd CROSS JOIN unnest(${sql.val(moves.map((m) => m.leagueId))}::int[],
          ${sql.val(moves.map((m) => m.playerId))}::int[], ${sql.val(moves.map((m) => m.delta))}::int[]) AS x(l, p, d)
        ON CONFLICT (league_id, fixture_id, player_id) DO UPDATE SET points = m.points + excluded.points)`
    : sql``;
  const events = JSON.stringify(write.events.map((e) => ({ f: e.fixtureId, l: e.leagueId, t: e.type, d: e.data })));
  const { rows } = await sql<{ ids: number[] | string | null }>`
    WITH lk AS MATERIALIZED (SELECT pg_advisory_xact_lock(${LIVE_LOCK}, ${fixtureId}::int)),
    upd AS (UPDATE live_fixtures AS lf SET ${sql.join(set)} FROM lk WHERE ${sql.join(gate, sql` AND `)}
      RETURNING lf.fixture_id),
    dl AS (INSERT INTO live_deliveries (fixture_id, innings, over, seq, team, super_over, delivery, received_at)
      SELECT ${fixtureId}::int, ${ball.innings}::int, ${ball.over}::int, ${ball.seq}::int, ${ball.team}::text, ${ball.superOver}::boolean,
             ${JSON.stringify(ball.delivery)}::jsonb, ${at}::timestamptz FROM upd
      ON CONFLICT (fixture_id, innings, over, seq) DO UPDATE SET team = excluded.team, super_over = excluded.super_over,
        delivery = excluded.delivery, received_at = excluded.received_at)
    ${lines} ${points},
    lke AS MATERIALIZED (SELECT pg_advisory_xact_lock(${LIVE_EVENTS_LOCK}) FROM upd),
    ev AS (INSERT INTO live_events (fixture_id, league_id, type, data)
      SELECT s.f, s.l, s.t, s.d FROM (
        SELECT (e->>'f')::int AS f, (e->>'l')::int AS l, e->>'t' AS t, e->'d' AS d, n
        FROM lke CROSS JOIN jsonb_array_elements(${events}::jsonb) WITH ORDINALITY AS x(e, n) ORDER BY n) s
      RETURNING id)
    SELECT a.ids, pg_notify(change_channel(), 'E') FROM (SELECT array_agg(id ORDER BY id) AS ids FROM ev) a
    WHERE EXISTS (SELECT 1 FROM upd)`.execute(db);
  if (rows.length === 0) return null;
  const ids = rows[0]!.ids;
  // PGlite and pg both parse int[]; a driver that does not gives "{1,2}".
  const list = typeof ids === 'string' ? ids.replace(/[{}]/g, '').split(',').filter(Boolean) : (ids ?? []);
  return list.map(Number);
}
