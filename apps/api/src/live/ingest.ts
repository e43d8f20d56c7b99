import { type Kysely, type Selectable, sql } from 'kysely';
import { FEATURES_BY_ID, isPositionId, type PositionId } from '../cricket/catalogue';
import type { CricsheetDelivery, CricsheetInfo, CricsheetMatch } from '../cricket/import/cricsheet-format';
import { afterResultsImported } from '../cricket/import/after';
import { importFromProvider } from '../cricket/import/folder';
import { InMemoryProvider } from '../cricket/provider';
import type { FeatureWinners } from '../cricket/scoring/match-prediction';
import type { DB, LivePlayerLinesTable } from '../db/schema';
import { withTransaction } from '../db/transaction';
import { psFeaturePoints } from '../standings/points';
import { type NewEvent, writeEvents } from './events';
import type { BallPosition, LiveBall } from './feed';
import {
  COUNTERS,
  type Counter,
  type Counters,
  DEFAULT_SIGNED_PS_POINTS,
  inningsSummary,
  LIVE_MP_FEATURES,
  lineDeltas,
  overLines,
  provisionalPoints,
  provisionalWinners,
  UNKNOWN_POSITION,
} from './lines';
import { standingsIntervalMs } from './config';
import { leaguesCounting, leaguesNotYetLive, standingsDeltas } from './standings';

/**
 * Applying a live feed to the database (docs/decisions/0016-live-match-day.md). Every ball is one
 * transaction under a per-fixture advisory lock: the delivery is stored at its position (a duplicate
 * changes nothing, a correction replaces the ball), the players of its over get their lines
 * recomputed (the over's old lines out, its new lines in), those players' Player Selection points per
 * league (`live_league_player_points`; a member's total is the sum over their picks, read with the
 * standings) and the Match Prediction members whose leaders moved get the difference, and the events
 * of the ball are written with a NOTIFY — all committed together, so a restart resumes exactly where
 * the database is. A league's standings event is not written per ball: the league waits in
 * `standings_pending` for flushLive (at most once per interval), silence or completion.
 */

/** pg_advisory_xact_lock(key, fixture id) of a fixture's live writes ("FCLV"). */
export const LIVE_LOCK = 0x46434c56;

type LineRow = Selectable<LivePlayerLinesTable>;

const COLUMN: Record<Counter, keyof LineRow & string> = {
  runs: 'runs',
  balls: 'balls',
  fours: 'fours',
  sixes: 'sixes',
  dismissals: 'dismissals',
  ballsBowled: 'balls_bowled',
  maidens: 'maidens',
  runsConceded: 'runs_conceded',
  wickets: 'wickets',
  bowledLbwWickets: 'bowled_lbw_wickets',
  catches: 'catches',
  stumpings: 'stumpings',
  runOutsDirect: 'run_outs_direct',
  runOutsIndirect: 'run_outs_indirect',
};

export function countersOf(r: LineRow): Counters {
  return Object.fromEntries(COUNTERS.map((c) => [c, Number(r[COLUMN[c]])])) as Counters;
}

/** JSON with sorted keys: jsonb does not keep the order keys were sent in. */
export function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

const parseJson = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

export function positionKey(p: BallPosition): string {
  return `${p.innings}:${p.over}:${p.seq}`;
}

export interface StartLive {
  fixtureId: number;
  matchId: string;
  source: string;
  info: CricsheetInfo;
}

/**
 * Registers a fixture's live feed (idempotent: a restart keeps what is stored and refreshes the
 * info). The fixture is linked to the feed's Cricsheet match id, so that the final import lands on it.
 */
export async function startLive(db: Kysely<DB>, o: StartLive): Promise<void> {
  await withTransaction(db, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${LIVE_LOCK}, ${o.fixtureId})`.execute(trx);
    const fixture = await trx
      .selectFrom('fixtures')
      .select(['id', 'start_time', 'cricsheet_match_id'])
      .where('id', '=', o.fixtureId)
      .executeTakeFirst();
    if (!fixture) throw new Error(`no fixture ${o.fixtureId}`);
    await trx
      .insertInto('live_fixtures')
      .values({
        fixture_id: o.fixtureId,
        match_id: o.matchId,
        source: o.source,
        info: JSON.stringify(o.info),
        scheduled_start: fixture.start_time,
      })
      .onConflict((oc) => oc.column('fixture_id').doUpdateSet({ info: JSON.stringify(o.info), source: o.source }))
      .execute();
    if (fixture.cricsheet_match_id === null) {
      await trx
        .updateTable('fixtures')
        .set({ cricsheet_match_id: o.matchId })
        .where('id', '=', o.fixtureId)
        .where('cricsheet_match_id', 'is', null)
        .execute();
    }
  });
}

/** The stored balls' JSON by position (a runner's memory of what it has, after a restart too). */
export async function storedBalls(db: Kysely<DB>, fixtureId: number): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('live_deliveries')
    .select(['innings', 'over', 'seq', 'team', 'delivery'])
    .where('fixture_id', '=', fixtureId)
    .execute();
  return new Map(rows.map((r) => [positionKey(r), stableJson({ team: r.team, d: parseJson(r.delivery) })]));
}

export function ballFingerprint(b: LiveBall): string {
  return stableJson({ team: b.team, d: b.delivery });
}

interface FixtureCtx {
  fixtureId: number;
  info: CricsheetInfo;
}

/** Player ids and positions by Cricsheet id (players not in the database are absent). */
async function knownPlayers(trx: Kysely<DB>, cricsheetIds: readonly string[]) {
  if (cricsheetIds.length === 0) return new Map<string, { id: number; position: PositionId }>();
  const rows = await trx
    .selectFrom('players')
    .select(['id', 'cricsheet_id', 'position_id'])
    .where('cricsheet_id', 'in', cricsheetIds)
    .execute();
  return new Map(
    rows.map((r) => [
      r.cricsheet_id!,
      { id: r.id, position: isPositionId(r.position_id) ? r.position_id : UNKNOWN_POSITION },
    ]),
  );
}

const positionOf = (r: Pick<LineRow, 'position_id'>): PositionId =>
  isPositionId(r.position_id) ? r.position_id : UNKNOWN_POSITION;

/** Signed Player Selection points per league (`psFeaturePoints`, read in the ball's transaction). */
async function leaguePoints(trx: Kysely<DB>, leagueIds: readonly number[]): Promise<Map<number, Map<number, number>>> {
  const out = new Map<number, Map<number, number>>();
  for (const id of leagueIds) out.set(id, await psFeaturePoints(trx, id));
  return out;
}

export interface ApplyResult {
  /** false for a duplicate (nothing written). */
  changed: boolean;
  corrected: boolean;
  eventIds: number[];
}

/**
 * Applies one ball. A ball identical to the one stored at its position changes nothing; a different
 * one replaces it (a correction). `now` is the receiving time (the first ball's starts the fixture).
 */
export async function applyBall(db: Kysely<DB>, fixtureId: number, ball: LiveBall, now: Date): Promise<ApplyResult> {
  return withTransaction(db, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${LIVE_LOCK}, ${fixtureId})`.execute(trx);
    const live = await trx
      .selectFrom('live_fixtures')
      .selectAll()
      .where('fixture_id', '=', fixtureId)
      .executeTakeFirst();
    if (!live) throw new Error(`fixture ${fixtureId} is not live (startLive first)`);
    if (live.state !== 'live') return { changed: false, corrected: false, eventIds: [] };
    const ctx: FixtureCtx = { fixtureId, info: parseJson<CricsheetInfo>(live.info) };

    const overRows = await trx
      .selectFrom('live_deliveries')
      .select(['seq', 'team', 'super_over', 'delivery'])
      .where('fixture_id', '=', fixtureId)
      .where('innings', '=', ball.innings)
      .where('over', '=', ball.over)
      .orderBy('seq')
      .execute();
    const existing = overRows.find((r) => r.seq === ball.seq);
    if (
      existing &&
      existing.team === ball.team &&
      stableJson(parseJson(existing.delivery)) === stableJson(ball.delivery)
    ) {
      return { changed: false, corrected: false, eventIds: [] };
    }
    const before = overRows.map((r) => ({ seq: r.seq, delivery: parseJson<CricsheetDelivery>(r.delivery) }));
    const after = [...before.filter((r) => r.seq !== ball.seq), { seq: ball.seq, delivery: ball.delivery }].sort(
      (a, b) => a.seq - b.seq,
    );
    // The over's lines before and after, by the parser (throws on a malformed ball: nothing is written).
    const oldShares = overLines(
      ctx.info,
      ball.team,
      ball.superOver,
      ball.over,
      before.map((r) => r.delivery),
    );
    const newShares = overLines(
      ctx.info,
      ball.team,
      ball.superOver,
      ball.over,
      after.map((r) => r.delivery),
    );
    const deltas = lineDeltas(oldShares, newShares);

    await trx
      .insertInto('live_deliveries')
      .values({
        fixture_id: fixtureId,
        innings: ball.innings,
        over: ball.over,
        seq: ball.seq,
        team: ball.team,
        super_over: ball.superOver,
        delivery: JSON.stringify(ball.delivery),
        received_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['fixture_id', 'innings', 'over', 'seq']).doUpdateSet({
          team: ball.team,
          super_over: ball.superOver,
          delivery: JSON.stringify(ball.delivery),
          received_at: now,
        }),
      )
      .execute();

    const events: NewEvent[] = [];
    const fixtureEvent = { fixtureId, leagueId: null };

    // The fixture starts with its first ball: picks lock from then on, even before the scheduled start.
    const stateChanged = live.first_ball_at === null || live.silent_since !== null;
    await trx
      .updateTable('live_fixtures')
      .set({
        first_ball_at: live.first_ball_at ?? now,
        last_ball_at: now,
        silent_since: null,
        updated_at: now,
      })
      .where('fixture_id', '=', fixtureId)
      .execute();
    if (live.first_ball_at === null) {
      await sql`UPDATE fixtures SET status = 'live', start_time = least(start_time, ${now.toISOString()}::timestamptz),
        updated_at = ${now.toISOString()}::timestamptz WHERE id = ${fixtureId} AND status IN ('scheduled', 'live')`.execute(
        trx,
      );
    }
    if (stateChanged) {
      events.push({
        ...fixtureEvent,
        type: 'state',
        data: { FixtureID: fixtureId, State: 'live', SilentSince: null, Provisional: true },
      });
    }

    // Lines: the touched players' running lines move by the over's difference.
    const touched = [...deltas.keys()];
    const stored = touched.length
      ? await trx
          .selectFrom('live_player_lines')
          .selectAll()
          .where('fixture_id', '=', fixtureId)
          .where('cricsheet_id', 'in', touched)
          .execute()
      : [];
    const storedBy = new Map(stored.map((r) => [r.cricsheet_id, r]));
    const known = await knownPlayers(
      trx,
      touched.filter((id) => !storedBy.has(id)),
    );
    const changedLines: {
      id: string;
      playerId: number | null;
      position: PositionId;
      didPlay: boolean;
      old: Counters;
      now: Counters;
      row: LineRow;
    }[] = [];
    for (const [id, { share, delta }] of deltas) {
      const prev = storedBy.get(id);
      const old = prev ? countersOf(prev) : (Object.fromEntries(COUNTERS.map((c) => [c, 0])) as Counters);
      const next = { ...old };
      for (const c of COUNTERS) next[c] += delta[c];
      const k = known.get(id);
      const playerId = prev ? prev.player_id : (k?.id ?? null);
      const position = prev ? positionOf(prev) : (k?.position ?? UNKNOWN_POSITION);
      const didPlay = prev ? prev.did_play : share.didPlay;
      const kind =
        next.dismissals > 0 ? (newShares.get(id)?.dismissalKind ?? prev?.dismissal_kind ?? share.dismissalKind) : null;
      const row: LineRow = {
        fixture_id: fixtureId,
        cricsheet_id: id,
        player_id: playerId,
        name: share.name,
        team: share.team,
        did_play: didPlay,
        position_id: position,
        runs: next.runs,
        balls: next.balls,
        fours: next.fours,
        sixes: next.sixes,
        dismissals: next.dismissals,
        dismissal_kind: kind,
        balls_bowled: next.ballsBowled,
        maidens: next.maidens,
        runs_conceded: next.runsConceded,
        wickets: next.wickets,
        bowled_lbw_wickets: next.bowledLbwWickets,
        catches: next.catches,
        stumpings: next.stumpings,
        run_outs_direct: next.runOutsDirect,
        run_outs_indirect: next.runOutsIndirect,
        points: provisionalPoints(next, didPlay, position, DEFAULT_SIGNED_PS_POINTS),
      };
      changedLines.push({ id, playerId, position, didPlay, old, now: next, row });
    }
    if (changedLines.length) {
      const { fixture_id: _f, cricsheet_id: _c, ...updatable } = changedLines[0]!.row;
      const set = Object.fromEntries(Object.keys(updatable).map((k) => [k, sql.ref(`excluded.${k}`)]));
      await trx
        .insertInto('live_player_lines')
        .values(changedLines.map((l) => l.row))
        .onConflict((oc) => oc.columns(['fixture_id', 'cricsheet_id']).doUpdateSet(set as never))
        .execute();
      const moved = changedLines.filter((l) => COUNTERS.some((c) => l.old[c] !== l.now[c]) || !storedBy.has(l.id));
      if (moved.length) {
        events.push({
          ...fixtureEvent,
          type: 'points',
          data: {
            FixtureID: fixtureId,
            Players: moved.map((l) => ({
              PlayerID: l.playerId,
              CricsheetID: l.id,
              Name: l.row.name,
              Team: l.row.team,
              Points: l.row.points,
              Provisional: true,
            })),
            Provisional: true,
          },
        });
      }
    }

    // Members: Player Selection by the difference of the touched players' points (or rebuilt when
    // the fixture's picks changed, e.g. lock-time auto-picks); Match Prediction when the leaders move.
    const leagues = new Set<number>();
    // The fixture's picks are counted at its first ball and then by flushLive (every poll), not per
    // ball: a change (lock-time auto-picks) rebuilds the members there.
    const picksNow = live.picks_seen < 0 ? await pickCount(trx, fixtureId) : live.picks_seen;
    const allLines = await trx
      .selectFrom('live_player_lines')
      .selectAll()
      .where('fixture_id', '=', fixtureId)
      .execute();
    const winners = leadersOf(allLines);
    const oldWinners = parseJson<FeatureWinners[]>(live.leaders);
    if (picksNow !== live.picks_seen) {
      for (const id of await rebuildMembers(trx, fixtureId, allLines, winners)) leagues.add(id);
    } else {
      const withPlayer = changedLines.filter((l) => l.playerId !== null);
      for (const id of await movePsMembers(trx, fixtureId, parseJson<number[]>(live.ps_leagues), withPlayer))
        leagues.add(id);
      for (const id of await moveMpMembers(trx, fixtureId, oldWinners, winners)) leagues.add(id);
    }
    const leadersChanged = stableJson(oldWinners) !== stableJson(winners);
    await trx
      .updateTable('live_fixtures')
      .set({ leaders: JSON.stringify(winners), picks_seen: picksNow })
      .where('fixture_id', '=', fixtureId)
      .execute();
    if (leadersChanged) {
      events.push({
        ...fixtureEvent,
        type: 'leaders',
        data: { FixtureID: fixtureId, Leaders: await describeLeaders(trx, winners, allLines), Provisional: true },
      });
    }

    // The ball and the innings score.
    const d = ball.delivery;
    events.unshift({
      ...fixtureEvent,
      type: 'ball',
      data: {
        FixtureID: fixtureId,
        Innings: ball.innings + 1,
        Team: ball.team,
        SuperOver: ball.superOver,
        Over: ball.over,
        Seq: ball.seq,
        Batter: d.batter,
        NonStriker: d.non_striker,
        Bowler: d.bowler,
        Runs: { Batter: d.runs.batter, Extras: d.runs.extras, Total: d.runs.total },
        Extras: Object.entries(d.extras ?? {})
          .filter(([, n]) => (n ?? 0) > 0)
          .map(([k]) => k),
        Wickets: (d.wickets ?? []).map((w) => ({
          PlayerOut: w.player_out,
          Kind: w.kind,
          Fielders: (w.fielders ?? []).map((f) => f.name),
        })),
        Corrected: existing !== undefined,
        Provisional: true,
      },
    });
    events.splice(1, 0, {
      ...fixtureEvent,
      type: 'score',
      data: { FixtureID: fixtureId, Innings: await inningsScore(trx, ctx, ball), Provisional: true },
    });
    // Standings: not per ball. The leagues whose points moved wait in standings_pending for
    // flushLive (the ingesting process, at most once per interval) or silence or completion.
    const wasPending = parseJson<number[]>(live.standings_pending);
    const nextPending = [...new Set([...wasPending, ...leagues])].sort((a, b) => a - b);
    if (nextPending.length !== wasPending.length) {
      await trx
        .updateTable('live_fixtures')
        .set({ standings_pending: JSON.stringify(nextPending) })
        .where('fixture_id', '=', fixtureId)
        .execute();
    }
    const eventIds = await writeEvents(trx, events);
    return { changed: true, corrected: existing !== undefined, eventIds };
  });
}

/**
 * The standings side of a live fixture, apart from its balls (the ingesting process calls it after
 * each poll): when the fixture's picks changed since they were counted (lock-time auto-picks) the
 * members are rebuilt from the lines; then each league whose provisional points moved gets its
 * standings event, unless it had one within `LIVE_STANDINGS_INTERVAL_MS` (`force`: all of them).
 * Returns the event ids written.
 */
export async function flushLive(
  db: Kysely<DB>,
  fixtureId: number,
  now: Date,
  options: { force?: boolean } = {},
): Promise<number[]> {
  return withTransaction(db, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${LIVE_LOCK}, ${fixtureId})`.execute(trx);
    const live = await trx
      .selectFrom('live_fixtures')
      .select(['state', 'picks_seen', 'standings_pending'])
      .where('fixture_id', '=', fixtureId)
      .executeTakeFirst();
    if (live?.state !== 'live' || live.picks_seen < 0) return [];
    const pending = new Set(parseJson<number[]>(live.standings_pending));
    const picksNow = await pickCount(trx, fixtureId);
    if (picksNow !== live.picks_seen) {
      const lines = await trx.selectFrom('live_player_lines').selectAll().where('fixture_id', '=', fixtureId).execute();
      for (const id of await rebuildMembers(trx, fixtureId, lines, leadersOf(lines))) pending.add(id);
    }
    const due = options.force ? [...pending] : await dueLeagues(trx, pending, now);
    // Leagues whose announced table does not count the fixture yet: at once (the provisional marker).
    const fresh = await leaguesNotYetLive(trx, fixtureId);
    const events = await standingsEvents(trx, [...due, ...fresh], now);
    for (const id of due) pending.delete(id);
    await trx
      .updateTable('live_fixtures')
      .set({ standings_pending: JSON.stringify([...pending].sort((a, b) => a - b)), picks_seen: picksNow })
      .where('fixture_id', '=', fixtureId)
      .execute();
    return writeEvents(trx, events);
  });
}

/** The pending leagues not announced within the interval. */
async function dueLeagues(trx: Kysely<DB>, pending: ReadonlySet<number>, now: Date) {
  const ids = [...pending].sort((a, b) => a - b);
  const interval = standingsIntervalMs();
  if (ids.length === 0 || interval === 0) return ids;
  const { rows } = await sql<{ league_id: number; at: Date | string }>`
    SELECT e.league_id, e.created_at AS at FROM unnest(${sql.val(ids)}::int[]) AS l(id)
    CROSS JOIN LATERAL (SELECT league_id, created_at FROM live_events
      WHERE league_id = l.id AND type = 'standings' ORDER BY id DESC LIMIT 1) e`.execute(trx);
  const last = new Map(rows.map((r) => [r.league_id, new Date(r.at).getTime()]));
  return ids.filter((id) => {
    const at = last.get(id);
    return at === undefined || now.getTime() - at >= interval;
  });
}

/**
 * A standings event per league whose table changed since its last one, in league order: only the
 * changed rows, on the version last announced (`standingsDeltas`, decision 0018).
 */
function standingsEvents(trx: Kysely<DB>, leagueIds: Iterable<number>, now: Date): Promise<NewEvent[]> {
  return standingsDeltas(trx, leagueIds, now);
}

/** The leagues with provisional member points in the fixture (Match Prediction rows or Player Selection picks). */
async function liveLeagues(trx: Kysely<DB>, fixtureId: number): Promise<number[]> {
  const { rows } = await sql<{ league_id: number }>`
    SELECT league_id FROM live_member_points WHERE fixture_id = ${fixtureId}
    UNION SELECT league_id FROM live_league_player_points WHERE fixture_id = ${fixtureId}
    UNION SELECT league_id FROM player_selections WHERE fixture_id = ${fixtureId}
      AND EXISTS (SELECT 1 FROM live_fixtures WHERE fixture_id = ${fixtureId} AND picks_seen >= 0)
    ORDER BY league_id`.execute(trx);
  return rows.map((r) => r.league_id);
}

async function pickCount(trx: Kysely<DB>, fixtureId: number): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`
    SELECT (SELECT count(*) FROM player_selections WHERE fixture_id = ${fixtureId})
         + (SELECT count(*) FROM league_selections WHERE fixture_id = ${fixtureId}) AS n`.execute(trx);
  return Number(rows[0]?.n ?? 0);
}

/** The innings of `ball` as it stands (the parser's totals over its stored balls). */
async function inningsScore(trx: Kysely<DB>, ctx: FixtureCtx, ball: LiveBall) {
  const rows = await trx
    .selectFrom('live_deliveries')
    .select(['over', 'seq', 'delivery'])
    .where('fixture_id', '=', ctx.fixtureId)
    .where('innings', '=', ball.innings)
    .orderBy('over')
    .orderBy('seq')
    .execute();
  return inningsOut(ball.innings, inningsSummary(ctx.info, ball.team, ball.superOver, groupOvers(rows)));
}

export function groupOvers(rows: readonly { over: number; delivery: unknown }[]) {
  const overs: { over: number; deliveries: CricsheetDelivery[] }[] = [];
  for (const r of rows) {
    let o = overs.at(-1);
    if (!o || o.over !== r.over) {
      o = { over: r.over, deliveries: [] };
      overs.push(o);
    }
    o.deliveries.push(parseJson<CricsheetDelivery>(r.delivery));
  }
  return overs;
}

export function inningsOut(
  index: number,
  s: { team: string; superOver: boolean; runs: number; wickets: number; legalBalls: number; extras: number },
) {
  return {
    Innings: index + 1,
    Team: s.team,
    SuperOver: s.superOver,
    Runs: s.runs,
    Wickets: s.wickets,
    Overs: `${Math.floor(s.legalBalls / 6)}.${s.legalBalls % 6}`,
    LegalBalls: s.legalBalls,
    Extras: s.extras,
  };
}

/** The provisional Match Prediction winners from the fixture's lines (players in the database only). */
export function leadersOf(lines: readonly LineRow[]): FeatureWinners[] {
  return provisionalWinners(
    lines
      .filter((l) => l.player_id !== null)
      .map((l) => ({
        playerId: l.player_id!,
        positionId: positionOf(l),
        didPlay: l.did_play,
        runs: l.runs,
        wickets: l.wickets,
        sixes: l.sixes,
      })),
  );
}

export async function describeLeaders(trx: Kysely<DB>, winners: readonly FeatureWinners[], lines: readonly LineRow[]) {
  const byPlayer = new Map(lines.filter((l) => l.player_id !== null).map((l) => [l.player_id!, l]));
  const bonusIds = winners.filter((w) => w.entityType === 'bonus').flatMap((w) => w.ids);
  const labels = bonusIds.length
    ? new Map(
        (await trx.selectFrom('bonus_options').select(['id', 'label']).where('id', 'in', bonusIds).execute()).map(
          (r) => [r.id, r.label],
        ),
      )
    : new Map<number, string>();
  const sixes = lines.filter((l) => l.did_play).reduce((n, l) => n + l.sixes, 0);
  return winners.map((w) => {
    const first = byPlayer.get(w.ids[0]!);
    const value =
      w.entityType === 'bonus'
        ? sixes
        : w.featureId === LIVE_MP_FEATURES[0]
          ? (first?.runs ?? 0)
          : (first?.wickets ?? 0);
    return {
      FeatureID: w.featureId,
      FeatureName: FEATURES_BY_ID.get(w.featureId)?.name ?? '',
      EntityType: w.entityType as 'player' | 'bonus',
      IDs: w.ids,
      Names: w.ids.map((id) =>
        w.entityType === 'bonus' ? (labels.get(id) ?? String(id)) : (byPlayer.get(id)?.name ?? String(id)),
      ),
      Value: value,
    };
  });
}

/** Player Selection: each touched player's points difference, per league where someone picked them (live_league_player_points). */
async function movePsMembers(
  trx: Kysely<DB>,
  fixtureId: number,
  psLeagues: readonly number[],
  lines: readonly { playerId: number | null; position: PositionId; didPlay: boolean; old: Counters; now: Counters }[],
): Promise<number[]> {
  if (lines.length === 0) return [];
  // Every Player Selection league of the fixture (kept by the rebuild): a player nobody picked in a
  // league has a row too, harmless (members' totals join from their picks).
  if (psLeagues.length === 0) return [];
  const points = await leaguePoints(trx, psLeagues);
  const moved: [number, number, number][] = [];
  for (const [leagueId, p] of points) {
    for (const l of lines) {
      const delta =
        provisionalPoints(l.now, l.didPlay, l.position, p) - provisionalPoints(l.old, l.didPlay, l.position, p);
      if (delta !== 0) moved.push([leagueId, l.playerId!, delta]);
    }
  }
  if (moved.length === 0) return [];
  await sql`
    INSERT INTO live_league_player_points AS m (league_id, fixture_id, player_id, points)
    VALUES ${sql.join(moved.map(([l, p, d]) => sql`(${l}::int, ${fixtureId}::int, ${p}::int, ${d}::int)`))}
    ON CONFLICT (league_id, fixture_id, player_id) DO UPDATE SET points = m.points + excluded.points`.execute(trx);
  return [...new Set(moved.map(([l]) => l))];
}

function winnerPairs(winners: readonly FeatureWinners[]): Set<string> {
  return new Set(winners.flatMap((w) => w.ids.map((id) => `${w.featureId}:${id}`)));
}

/** `(feature_id, entity_id)` rows of the winners, as a VALUES list (one impossible row when none). */
function winnersValues(winners: readonly FeatureWinners[]) {
  const pairs = winners.flatMap((w) => w.ids.map((id) => sql`(${w.featureId}::int, ${id}::int)`));
  return pairs.length ? sql.join(pairs) : sql`(0, 0)`;
}

/** Match Prediction points of members' picks against the provisional winners: the SELECT part. */
function mpMemberPointsSql(fixtureId: number, winners: readonly FeatureWinners[], only: ReturnType<typeof sql> | null) {
  const features = sql.join(LIVE_MP_FEATURES.map((f) => sql.lit(f)));
  return sql`
    SELECT s.league_id, ${fixtureId}::int AS fixture_id, s.user_id,
           sum(CASE WHEN lc.is_active AND w.feature_id IS NOT NULL THEN lc.points ELSE 0 END)::int AS points
    FROM league_selections s
    JOIN league_configurations lc ON lc.id = s.league_configuration_id
    LEFT JOIN (VALUES ${winnersValues(winners)}) w(feature_id, entity_id)
      ON w.feature_id = lc.feature_id AND w.entity_id = coalesce(s.player_id, s.bonus_option_id)
    WHERE s.fixture_id = ${fixtureId} AND lc.feature_id IN (${features}) ${only ?? sql``}
    GROUP BY s.league_id, s.user_id`;
}

/** Match Prediction: when the leaders change, the members whose picks named an old or new leader. */
async function moveMpMembers(
  trx: Kysely<DB>,
  fixtureId: number,
  before: readonly FeatureWinners[],
  after: readonly FeatureWinners[],
): Promise<number[]> {
  const a = winnerPairs(before);
  const b = winnerPairs(after);
  const changed = [...new Set([...a, ...b])].filter((p) => a.has(p) !== b.has(p));
  if (changed.length === 0) return [];
  const pairs = sql.join(
    changed.map((p) => {
      const [f, id] = p.split(':').map(Number);
      return sql`(${f}::int, ${id}::int)`;
    }),
  );
  const only = sql`AND (s.league_id, s.user_id) IN (
      SELECT s2.league_id, s2.user_id FROM league_selections s2
      JOIN league_configurations lc2 ON lc2.id = s2.league_configuration_id
      WHERE s2.fixture_id = ${fixtureId}
        AND (lc2.feature_id, coalesce(s2.player_id, s2.bonus_option_id)) IN (VALUES ${pairs}))`;
  const { rows } = await sql<{ league_id: number }>`
    INSERT INTO live_member_points AS m (league_id, fixture_id, user_id, points)
    ${mpMemberPointsSql(fixtureId, after, only)}
    ON CONFLICT (league_id, fixture_id, user_id) DO UPDATE SET points = excluded.points
    RETURNING m.league_id`.execute(trx);
  return [...new Set(rows.map((r) => r.league_id))];
}

/**
 * Every member's provisional points of the fixture from the lines, from scratch: when the fixture's
 * picks changed (lock-time auto-picks come after the first ball). Returns the leagues touched.
 */
async function rebuildMembers(
  trx: Kysely<DB>,
  fixtureId: number,
  lines: readonly LineRow[],
  winners: readonly FeatureWinners[],
): Promise<number[]> {
  const before = await liveLeagues(trx, fixtureId);
  await trx.deleteFrom('live_member_points').where('fixture_id', '=', fixtureId).execute();
  await trx.deleteFrom('live_league_player_points').where('fixture_id', '=', fixtureId).execute();
  const leagues = new Set(before);
  const psLeagues = await trx
    .selectFrom('player_selections')
    .select('league_id')
    .distinct()
    .where('fixture_id', '=', fixtureId)
    .execute();
  const withPlayer = lines.filter((l) => l.player_id !== null);
  if (psLeagues.length && withPlayer.length) {
    const points = await leaguePoints(
      trx,
      psLeagues.map((r) => r.league_id),
    );
    const values: ReturnType<typeof sql>[] = [];
    for (const [leagueId, p] of points) {
      for (const l of withPlayer) {
        const pts = provisionalPoints(countersOf(l), l.did_play, positionOf(l), p);
        if (pts !== 0) values.push(sql`(${leagueId}::int, ${l.player_id}::int, ${pts}::int)`);
      }
    }
    if (values.length) {
      await sql`
        INSERT INTO live_league_player_points (league_id, fixture_id, player_id, points)
        SELECT d.league_id, ${fixtureId}::int, d.player_id, d.points
        FROM (VALUES ${sql.join(values)}) d(league_id, player_id, points)`.execute(trx);
    }
  }
  await trx
    .updateTable('live_fixtures')
    .set({ ps_leagues: JSON.stringify(psLeagues.map((r) => r.league_id).sort((a, b) => a - b)) })
    .where('fixture_id', '=', fixtureId)
    .execute();
  for (const r of psLeagues) leagues.add(r.league_id);
  const { rows } = await sql<{ league_id: number }>`
    INSERT INTO live_member_points (league_id, fixture_id, user_id, points)
    ${mpMemberPointsSql(fixtureId, winners, null)}
    RETURNING league_id`.execute(trx);
  for (const r of rows) leagues.add(r.league_id);
  return [...leagues];
}

/** The feed went quiet: the fixture stays live, with the time it went silent (one event). */
export async function markSilent(db: Kysely<DB>, fixtureId: number, since: Date): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${LIVE_LOCK}, ${fixtureId})`.execute(trx);
    const r = await trx
      .updateTable('live_fixtures')
      .set({ silent_since: since, updated_at: since })
      .where('fixture_id', '=', fixtureId)
      .where('state', '=', 'live')
      .where('silent_since', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return false;
    // The standings still pending are announced now: nothing more is coming for a while.
    const live = await trx
      .selectFrom('live_fixtures')
      .select('standings_pending')
      .where('fixture_id', '=', fixtureId)
      .executeTakeFirstOrThrow();
    const pending = parseJson<number[]>(live.standings_pending);
    if (pending.length) {
      await trx
        .updateTable('live_fixtures')
        .set({ standings_pending: '[]' })
        .where('fixture_id', '=', fixtureId)
        .execute();
    }
    await writeEvents(trx, [
      {
        fixtureId,
        leagueId: null,
        type: 'state',
        data: { FixtureID: fixtureId, State: 'silent', SilentSince: since.toISOString(), Provisional: true },
      },
      ...(await standingsEvents(trx, pending, since)),
    ]);
    return true;
  });
}

/**
 * The match is over: the ordinary importer imports the complete match into the fixture, and in the
 * same transaction every provisional figure is removed and the final standings are announced. Returns
 * false when the import failed (the provisional figures stay; the error is recorded).
 */
export async function completeLive(
  db: Kysely<DB>,
  fixtureId: number,
  match: CricsheetMatch,
  now: Date,
): Promise<{ ok: boolean; error?: string }> {
  const result = await withTransaction(db, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${LIVE_LOCK}, ${fixtureId})`.execute(trx);
    const live = await trx
      .selectFrom('live_fixtures')
      .selectAll()
      .where('fixture_id', '=', fixtureId)
      .executeTakeFirst();
    if (!live) throw new Error(`fixture ${fixtureId} is not live`);
    if (live.state === 'completed') return { ok: true };
    const report = await importFromProvider(trx, new InMemoryProvider(new Map([[live.match_id, match]])));
    const entry = report.entries.find((e) => e.id === live.match_id);
    const landed =
      entry && ['imported', 'updated', 'unchanged'].includes(entry.status) && entry.fixtureId === fixtureId;
    if (!landed) return { ok: false, error: entry?.reason ?? `the import did not land on fixture ${fixtureId}` };
    const leagues = await liveLeagues(trx, fixtureId);
    const pending = parseJson<number[]>(live.standings_pending);
    await trx.deleteFrom('live_member_points').where('fixture_id', '=', fixtureId).execute();
    await trx.deleteFrom('live_league_player_points').where('fixture_id', '=', fixtureId).execute();
    await trx.deleteFrom('live_player_lines').where('fixture_id', '=', fixtureId).execute();
    await trx
      .updateTable('live_fixtures')
      .set({
        state: 'completed',
        silent_since: null,
        error: null,
        updated_at: now,
        runner: null,
        lease_until: null,
        standings_pending: '[]',
      })
      .where('fixture_id', '=', fixtureId)
      .execute();
    const events: NewEvent[] = [
      {
        fixtureId,
        leagueId: null,
        type: 'state',
        data: { FixtureID: fixtureId, State: 'completed', SilentSince: null, Provisional: false },
      },
    ];
    const counting = await leaguesCounting(trx, fixtureId);
    for (const e of await standingsEvents(trx, new Set([...leagues, ...pending, ...counting]), now)) events.push(e);
    await writeEvents(trx, events);
    return { ok: true };
  });
  if (!result.ok) {
    await db
      .updateTable('live_fixtures')
      .set({ error: result.error ?? 'import failed', updated_at: now })
      .where('fixture_id', '=', fixtureId)
      .execute();
    return result;
  }
  if (!db.isTransaction) await afterResultsImported(db, [fixtureId]);
  return result;
}
