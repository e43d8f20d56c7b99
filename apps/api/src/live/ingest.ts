import { randomBytes } from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import { FEATURES_BY_ID, isPositionId, type PositionId } from '../cricket/catalogue';
import type { CricsheetDelivery, CricsheetInfo, CricsheetMatch } from '../cricket/import/cricsheet-format';
import { afterResultsImported } from '../cricket/import/after';
import { importFromProvider } from '../cricket/import/folder';
import { InMemoryProvider } from '../cricket/provider';
import type { FeatureWinners } from '../cricket/scoring/match-prediction';
import type { DB, LiveFixturesTable, LivePlayerLinesTable } from '../db/schema';
import { withTransaction } from '../db/transaction';
import { psFeaturePoints } from '../standings/points';
import { LIVE_EVENTS_LOCK, type NewEvent, writeEvents } from './events';
import type { BallPosition, LiveBall } from './feed';
import {
  COUNTERS,
  type Counter,
  type Counters,
  DEFAULT_SIGNED_PS_POINTS,
  type InningsTotals,
  inningsSummary,
  LIVE_MP_FEATURES,
  lineDeltas,
  overParse,
  provisionalPoints,
  provisionalWinners,
  UNKNOWN_POSITION,
  zeroCounters,
  zeroTotals,
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
 *
 * The ordinary ball is one statement (decision 0017): the process keeps the fixture's balls and lines
 * in memory under the row's `state_token`, computes the ball there, and writes it all in one
 * statement that applies only while the token is unchanged; anything else takes the transaction path.
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
  /** Give the fixture `matchId` as its Cricsheet match id when it has none (default true). */
  link?: boolean;
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
      .onConflict((oc) =>
        oc.column('fixture_id').doUpdateSet({
          info: JSON.stringify(o.info),
          source: o.source,
          // Balls are parsed with the info: a process's copy of the fixture's state is no longer valid.
          state_token: sql`CASE WHEN live_fixtures.info = excluded.info THEN live_fixtures.state_token ELSE md5(random()::text) END`,
        }),
      )
      .execute();
    if (fixture.cricsheet_match_id === null && o.link !== false) {
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

type Known = Map<string, { id: number; position: PositionId }>;

/** Player ids and positions by Cricsheet id (players not in the database are absent). */
async function knownPlayers(trx: Kysely<DB>, cricsheetIds: readonly string[]): Promise<Known> {
  if (cricsheetIds.length === 0) return new Map();
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

const NO_CHANGE: ApplyResult = { changed: false, corrected: false, eventIds: [] };

interface StoredBall {
  team: string;
  superOver: boolean;
  delivery: CricsheetDelivery;
  /** `ballFingerprint` of the ball as stored. */
  print: string;
}

/**
 * What a ball is derived from, as of the fixture's `state_token` (migration 0013): the stored balls,
 * the players' lines, each innings' totals, and what the live_fixtures row says about the members.
 * A process keeps it in memory between balls (`stateCache`) and checks the token in the ball's own
 * statement; a different token (another process wrote a ball, the info changed) means it is read
 * from the database again. Never changed in place: a ball makes a new one.
 */
interface LiveState {
  token: string;
  info: CricsheetInfo;
  /** Balls by `${innings}:${over}`, then by seq. */
  overs: Map<string, Map<number, StoredBall>>;
  lines: Map<string, LineRow>;
  /** Each innings' totals, by innings index. */
  innings: Map<number, InningsTotals>;
  /** The players of the match's registry who are in the database. */
  players: Known;
  leaders: FeatureWinners[];
  psLeagues: number[];
  /** Signed points of each of `psLeagues` (a league's points are fixed once it is out of Draft). */
  points: Map<number, Map<number, number>>;
  picksSeen: number;
  started: boolean;
  silent: boolean;
  /** The parse of the over last written (its balls as in `overs`): the next ball of it starts from it. */
  lastOver?: { balls: Map<number, StoredBall>; team: string; superOver: boolean; parse: OverParse };
}
type OverParse = ReturnType<typeof overParse>;

/** At most this many fixtures' states are kept per database handle (the oldest is dropped). */
const MAX_CACHED_FIXTURES = 64;
const stateCaches = new WeakMap<Kysely<DB>, Map<number, LiveState>>();

/** The states this process keeps for a database handle (none inside a caller's transaction). */
function stateCache(db: Kysely<DB>): Map<number, LiveState> | null {
  if (db.isTransaction) return null;
  let cache = stateCaches.get(db);
  if (!cache) {
    cache = new Map();
    stateCaches.set(db, cache);
  }
  return cache;
}

function remember(cache: Map<number, LiveState> | null, fixtureId: number, state: LiveState | null) {
  if (!cache) return;
  cache.delete(fixtureId);
  if (!state) return;
  cache.set(fixtureId, state);
  if (cache.size > MAX_CACHED_FIXTURES) cache.delete(cache.keys().next().value!);
}

const overKey = (innings: number, over: number) => `${innings}:${over}`;
const newToken = () => randomBytes(12).toString('hex');
const jsonEq = (a: unknown, b: unknown) => stableJson(a) === stableJson(b);

/** The row's part of the state (read under the fixture's lock). */
function fromRow(row: Selectable<LiveFixturesTable>) {
  return {
    token: row.state_token,
    info: parseJson<CricsheetInfo>(row.info),
    leaders: parseJson<FeatureWinners[]>(row.leaders),
    psLeagues: parseJson<number[]>(row.ps_leagues),
    picksSeen: row.picks_seen,
    started: row.first_ball_at !== null,
    silent: row.silent_since !== null,
  };
}

/** The state from the database (under the fixture's lock). */
async function loadState(trx: Kysely<DB>, row: Selectable<LiveFixturesTable>): Promise<LiveState> {
  const base = fromRow(row);
  const rows = await trx
    .selectFrom('live_deliveries')
    .select(['innings', 'over', 'seq', 'team', 'super_over', 'delivery'])
    .where('fixture_id', '=', row.fixture_id)
    .orderBy('innings')
    .orderBy('over')
    .orderBy('seq')
    .execute();
  const overs = new Map<string, Map<number, StoredBall>>();
  const byInnings = new Map<number, typeof rows>();
  for (const r of rows) {
    const delivery = parseJson<CricsheetDelivery>(r.delivery);
    const k = overKey(r.innings, r.over);
    const over = overs.get(k) ?? new Map<number, StoredBall>();
    over.set(r.seq, {
      team: r.team,
      superOver: r.super_over,
      delivery,
      print: stableJson({ team: r.team, d: delivery }),
    });
    overs.set(k, over);
    byInnings.set(r.innings, [...(byInnings.get(r.innings) ?? []), r]);
  }
  // Each innings' totals by the parser over its balls, as the Match Centre's snapshot computes them.
  const innings = new Map<number, InningsTotals>();
  for (const [i, balls] of byInnings) {
    const s = inningsSummary(base.info, balls[0]!.team, balls[0]!.super_over, groupOvers(balls));
    innings.set(i, { runs: s.runs, wickets: s.wickets, legalBalls: s.legalBalls, extras: s.extras });
  }
  const lines = await trx
    .selectFrom('live_player_lines')
    .selectAll()
    .where('fixture_id', '=', row.fixture_id)
    .execute();
  const people = Object.values(base.info.registry?.people ?? {});
  return {
    ...base,
    overs,
    lines: new Map(lines.map((l) => [l.cricsheet_id, l])),
    innings,
    players: await knownPlayers(trx, [...new Set(people)]),
    points: await leaguePoints(trx, base.psLeagues),
  };
}

/** The over of `ball` before and after it, by the parser (throws on a malformed ball). */
function overChange(state: LiveState, ball: LiveBall) {
  const stored = state.overs.get(overKey(ball.innings, ball.over)) ?? new Map<number, StoredBall>();
  const existing = stored.get(ball.seq);
  const after = new Map(stored).set(ball.seq, {
    team: ball.team,
    superOver: ball.superOver,
    delivery: ball.delivery,
    print: ballFingerprint(ball),
  });
  const inOrder = (m: Map<number, StoredBall>) => [...m.entries()].sort(([a], [b]) => a - b).map(([, b]) => b.delivery);
  const last = state.lastOver;
  const before =
    last && last.balls === stored && last.team === ball.team && last.superOver === ball.superOver
      ? last.parse
      : overParse(state.info, ball.team, ball.superOver, ball.over, inOrder(stored));
  const now = overParse(state.info, ball.team, ball.superOver, ball.over, inOrder(after));
  return { existing, after, before, now, deltas: lineDeltas(before.lines, now.lines) };
}
type OverChange = ReturnType<typeof overChange>;

/** Touched players with no line yet and not known to be in the database: to look up. */
const toLookUp = (state: LiveState, c: OverChange) =>
  [...c.deltas.keys()].filter((id) => !state.lines.has(id) && !state.players.has(id));

interface ChangedLine {
  id: string;
  playerId: number | null;
  position: PositionId;
  didPlay: boolean;
  old: Counters;
  now: Counters;
  row: LineRow;
  isNew: boolean;
}

/**
 * A ball's consequences, computed in memory from the state: the lines it changes, the (league,
 * player) point differences, the leaders, the innings, the events, and the state after it.
 */
function planBall(state: LiveState, ball: LiveBall, c: OverChange, looked: Known, fixtureId: number) {
  const changed: ChangedLine[] = [];
  for (const [id, { share, delta }] of c.deltas) {
    const prev = state.lines.get(id);
    const old = prev ? countersOf(prev) : zeroCounters();
    const next = { ...old };
    for (const k of COUNTERS) next[k] += delta[k];
    const known = state.players.get(id) ?? looked.get(id);
    const playerId = prev ? prev.player_id : (known?.id ?? null);
    const position = prev ? positionOf(prev) : (known?.position ?? UNKNOWN_POSITION);
    const didPlay = prev ? prev.did_play : share.didPlay;
    const kind =
      next.dismissals > 0 ? (c.now.lines.get(id)?.dismissalKind ?? prev?.dismissal_kind ?? share.dismissalKind) : null;
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
    changed.push({ id, playerId, position, didPlay, old, now: next, row, isNew: !prev });
  }
  const lines = new Map(state.lines);
  for (const l of changed) lines.set(l.id, l.row);

  // Player Selection: each touched player's points difference under each of the fixture's leagues'
  // points (a player nobody picked in a league has a row too, harmless: members' totals join from
  // their picks).
  const psMoves: [number, number, number][] = [];
  for (const [leagueId, p] of state.points) {
    for (const l of changed) {
      if (l.playerId === null) continue;
      const d = provisionalPoints(l.now, l.didPlay, l.position, p) - provisionalPoints(l.old, l.didPlay, l.position, p);
      if (d !== 0) psMoves.push([leagueId, l.playerId, d]);
    }
  }

  const winners = leadersOf([...lines.values()]);
  const was = state.innings.get(ball.innings) ?? zeroTotals();
  const totals: InningsTotals = {
    runs: was.runs - c.before.totals.runs + c.now.totals.runs,
    wickets: was.wickets - c.before.totals.wickets + c.now.totals.wickets,
    legalBalls: was.legalBalls - c.before.totals.legalBalls + c.now.totals.legalBalls,
    extras: was.extras - c.before.totals.extras + c.now.totals.extras,
  };
  const overs = new Map(state.overs).set(overKey(ball.innings, ball.over), c.after);
  const innings = new Map(state.innings).set(ball.innings, totals);

  const d = ball.delivery;
  const fixtureEvent = { fixtureId, leagueId: null };
  const ballEvent: NewEvent = {
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
      Corrected: c.existing !== undefined,
      Provisional: true,
      ...(ball.superOver ? {} : { Figures: figures(state, lines, d) }),
    },
  };
  const scoreEvent: NewEvent = {
    ...fixtureEvent,
    type: 'score',
    data: {
      FixtureID: fixtureId,
      Innings: inningsOut(ball.innings, { team: ball.team, superOver: ball.superOver, ...totals }),
      Provisional: true,
    },
  };
  const moved = changed.filter((l) => l.isNew || COUNTERS.some((k) => l.old[k] !== l.now[k]));
  const pointsEvent: NewEvent | null = moved.length
    ? {
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
      }
    : null;
  return {
    corrected: c.existing !== undefined,
    lines: changed.map((l) => l.row),
    psMoves,
    winners,
    leadersChanged: !jsonEq(state.leaders, winners),
    ballEvent,
    scoreEvent,
    pointsEvent,
    next: {
      ...state,
      overs,
      lines,
      innings,
      players: looked.size ? new Map([...state.players, ...looked]) : state.players,
      lastOver: { balls: c.after, team: ball.team, superOver: ball.superOver, parse: c.now },
    } satisfies LiveState,
  };
}
type BallPlan = ReturnType<typeof planBall>;

/**
 * The striker's, the non-striker's and the bowler's figures after a ball, from the match's lines (in
 * a match without super overs a player bats in one innings and bowls in the other, so these are the
 * innings' figures the Match Centre shows): the Match Centre updates its batters and bowlers from them.
 */
function figures(state: LiveState, lines: ReadonlyMap<string, LineRow>, d: CricsheetDelivery) {
  const people = state.info.registry?.people ?? {};
  const line = (name: string) => {
    const id = people[name] ?? '';
    return { l: lines.get(id), playerId: lines.get(id)?.player_id ?? state.players.get(id)?.id ?? null };
  };
  const batter = (name: string) => {
    const { l, playerId } = line(name);
    return {
      PlayerID: playerId,
      Name: name,
      Runs: l?.runs ?? 0,
      Balls: l?.balls ?? 0,
      Fours: l?.fours ?? 0,
      Sixes: l?.sixes ?? 0,
      Out: (l?.dismissals ?? 0) > 0,
      DismissalKind: l?.dismissal_kind ?? null,
    };
  };
  const b = line(d.bowler);
  const bowled = b.l?.balls_bowled ?? 0;
  return {
    Batters: [batter(d.batter), batter(d.non_striker)],
    Bowler: {
      PlayerID: b.playerId,
      Name: d.bowler,
      Overs: `${Math.floor(bowled / 6)}.${bowled % 6}`,
      Maidens: b.l?.maidens ?? 0,
      Runs: b.l?.runs_conceded ?? 0,
      Wickets: b.l?.wickets ?? 0,
    },
  };
}

const LINE_COLUMNS = [
  'fixture_id',
  'cricsheet_id',
  'player_id',
  'name',
  'team',
  'did_play',
  'position_id',
  ...COUNTERS.map((c) => COLUMN[c]),
  'dismissal_kind',
  'points',
] as const satisfies readonly (keyof LineRow)[];

interface BallWrite {
  fixtureId: number;
  ball: LiveBall;
  now: Date;
  /** The token the state was derived from: nothing is written unless it is still the stored one. */
  token: string;
  newToken: string;
  /** The fast path's extra conditions: the row's members' side as the state has it. */
  unchanged: { picksSeen: number; psLeagues: readonly number[] } | null;
  leaders: readonly FeatureWinners[] | null;
  picksSeen: number | null;
  /** Leagues whose points moved: added to standings_pending. */
  pending: readonly number[];
  lines: readonly LineRow[];
  psMoves: readonly [number, number, number][];
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
async function writeBall(db: Kysely<DB>, w: BallWrite): Promise<number[] | null> {
  const f = w.fixtureId;
  const at = w.now.toISOString();
  const set = [
    sql`first_ball_at = coalesce(lf.first_ball_at, ${at}::timestamptz)`,
    sql`last_ball_at = ${at}::timestamptz`,
    sql`silent_since = NULL`,
    sql`updated_at = ${at}::timestamptz`,
    sql`state_token = ${w.newToken}`,
  ];
  if (w.leaders) set.push(sql`leaders = ${JSON.stringify(w.leaders)}::jsonb`);
  if (w.picksSeen !== null) set.push(sql`picks_seen = ${w.picksSeen}::int`);
  if (w.pending.length)
    set.push(sql`standings_pending = (SELECT coalesce(jsonb_agg(v ORDER BY v), '[]'::jsonb) FROM (
      SELECT jsonb_array_elements_text(lf.standings_pending)::int AS v UNION SELECT unnest(${sql.val([...w.pending])}::int[])) u)`);
  const gate = [sql`lf.fixture_id = ${f}::int`, sql`lf.state = 'live'`, sql`lf.state_token = ${w.token}`];
  if (w.unchanged) {
    gate.push(
      sql`lf.first_ball_at IS NOT NULL`,
      sql`lf.silent_since IS NULL`,
      sql`lf.picks_seen = ${w.unchanged.picksSeen}::int`,
      sql`lf.ps_leagues = ${JSON.stringify(w.unchanged.psLeagues)}::jsonb`,
    );
  }
  const b = w.ball;
  const cols = sql.join(LINE_COLUMNS.map((c) => sql.ref(c)));
  const lines = w.lines.length
    ? sql`, ln AS (INSERT INTO live_player_lines (${cols})
        SELECT ${sql.join(LINE_COLUMNS.map((c) => sql.ref(`r.${c}`)))}
        FROM upd CROSS JOIN jsonb_populate_recordset(NULL::live_player_lines, ${JSON.stringify(w.lines)}::jsonb) r
        ON CONFLICT (fixture_id, cricsheet_id) DO UPDATE SET ${sql.join(
          LINE_COLUMNS.filter((c) => c !== 'fixture_id' && c !== 'cricsheet_id').map(
            (c) => sql`${sql.ref(c)} = ${sql.ref(`excluded.${c}`)}`,
          ),
        )})`
    : sql``;
  const points = w.psMoves.length
    ? sql`, pp AS (INSERT INTO live_league_player_points AS m (league_id, fixture_id, player_id, points)
        SELECT x.l, ${f}::int, x.p, x.d FROM upd CROSS JOIN unnest(${sql.val(w.psMoves.map((m) => m[0]))}::int[],
          ${sql.val(w.psMoves.map((m) => m[1]))}::int[], ${sql.val(w.psMoves.map((m) => m[2]))}::int[]) AS x(l, p, d)
        ON CONFLICT (league_id, fixture_id, player_id) DO UPDATE SET points = m.points + excluded.points)`
    : sql``;
  const events = JSON.stringify(w.events.map((e) => ({ f: e.fixtureId, l: e.leagueId, t: e.type, d: e.data })));
  const { rows } = await sql<{ ids: number[] | string | null }>`
    WITH lk AS MATERIALIZED (SELECT pg_advisory_xact_lock(${LIVE_LOCK}, ${f}::int)),
    upd AS (UPDATE live_fixtures AS lf SET ${sql.join(set)} FROM lk WHERE ${sql.join(gate, sql` AND `)}
      RETURNING lf.fixture_id),
    dl AS (INSERT INTO live_deliveries (fixture_id, innings, over, seq, team, super_over, delivery, received_at)
      SELECT ${f}::int, ${b.innings}::int, ${b.over}::int, ${b.seq}::int, ${b.team}::text, ${b.superOver}::boolean,
             ${JSON.stringify(b.delivery)}::jsonb, ${at}::timestamptz FROM upd
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
  const cache = stateCache(db);
  const state = cache?.get(fixtureId);
  if (state?.started && !state.silent && state.picksSeen >= 0) {
    const stored = state.overs.get(overKey(ball.innings, ball.over))?.get(ball.seq);
    // A duplicate is confirmed against the database (the transaction below).
    if (stored?.print !== ballFingerprint(ball)) {
      let plan: BallPlan | undefined;
      try {
        const change = overChange(state, ball);
        plan = planBall(state, ball, change, await knownPlayers(db, toLookUp(state, change)), fixtureId);
      } catch {
        // Refused by the parser: the transaction below decides on the database's balls (and throws).
      }
      if (plan && !plan.leadersChanged) {
        const token = newToken();
        const ids = await writeBall(db, {
          fixtureId,
          ball,
          now,
          token: state.token,
          newToken: token,
          unchanged: { picksSeen: state.picksSeen, psLeagues: state.psLeagues },
          leaders: null,
          picksSeen: null,
          pending: [...new Set(plan.psMoves.map((m) => m[0]))],
          lines: plan.lines,
          psMoves: plan.psMoves,
          events: [plan.ballEvent, plan.scoreEvent, ...(plan.pointsEvent ? [plan.pointsEvent] : [])],
        });
        if (ids) {
          remember(cache, fixtureId, { ...plan.next, token });
          return { changed: true, corrected: plan.corrected, eventIds: ids };
        }
      }
    }
    // The state stays: the transaction checks its token against the row and reads again only if it moved.
  }
  const { result, next } = await withTransaction(db, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${LIVE_LOCK}, ${fixtureId})`.execute(trx);
    const row = await trx
      .selectFrom('live_fixtures')
      .selectAll()
      .where('fixture_id', '=', fixtureId)
      .executeTakeFirst();
    if (!row) throw new Error(`fixture ${fixtureId} is not live (startLive first)`);
    if (row.state !== 'live') return { result: NO_CHANGE, next: null };
    const cached = cache?.get(fixtureId);
    let s: LiveState;
    if (cached && cached.token === row.state_token) {
      const r = fromRow(row);
      s = {
        ...cached,
        ...r,
        points: jsonEq(r.psLeagues, cached.psLeagues) ? cached.points : await leaguePoints(trx, r.psLeagues),
      };
    } else {
      s = await loadState(trx, row);
    }
    const stored = s.overs.get(overKey(ball.innings, ball.over))?.get(ball.seq);
    if (stored?.print === ballFingerprint(ball)) return { result: NO_CHANGE, next: s };

    // The over's lines before and after, by the parser (throws on a malformed ball: nothing is written).
    const change = overChange(s, ball);
    const plan = planBall(s, ball, change, await knownPlayers(trx, toLookUp(s, change)), fixtureId);
    const events: NewEvent[] = [plan.ballEvent, plan.scoreEvent];
    // The fixture starts with its first ball: picks lock from then on, even before the scheduled start.
    if (row.first_ball_at === null) {
      await sql`UPDATE fixtures SET status = 'live', start_time = least(start_time, ${now.toISOString()}::timestamptz),
        updated_at = ${now.toISOString()}::timestamptz WHERE id = ${fixtureId} AND status IN ('scheduled', 'live')`.execute(
        trx,
      );
    }
    if (row.first_ball_at === null || row.silent_since !== null) {
      events.push({
        fixtureId,
        leagueId: null,
        type: 'state',
        data: { FixtureID: fixtureId, State: 'live', SilentSince: null, Provisional: true },
      });
    }
    if (plan.pointsEvent) events.push(plan.pointsEvent);

    // Members: Player Selection by the difference of the touched players' points (or rebuilt when
    // the fixture's picks changed, e.g. lock-time auto-picks); Match Prediction when the leaders move.
    // The fixture's picks are counted at its first ball and then by flushLive (every poll), not per
    // ball: a change (lock-time auto-picks) rebuilds the members there.
    const leagues = new Set<number>();
    const picksNow = row.picks_seen < 0 ? await pickCount(trx, fixtureId) : row.picks_seen;
    let psMoves = plan.psMoves;
    let { psLeagues, points } = s;
    if (picksNow !== row.picks_seen) {
      for (const id of await rebuildMembers(trx, fixtureId, [...plan.next.lines.values()], plan.winners))
        leagues.add(id);
      psMoves = [];
      const r = await trx
        .selectFrom('live_fixtures')
        .select('ps_leagues')
        .where('fixture_id', '=', fixtureId)
        .executeTakeFirstOrThrow();
      psLeagues = parseJson<number[]>(r.ps_leagues);
      points = await leaguePoints(trx, psLeagues);
    } else {
      for (const [id] of psMoves) leagues.add(id);
      if (plan.leadersChanged)
        for (const id of await moveMpMembers(trx, fixtureId, s.leaders, plan.winners)) leagues.add(id);
    }
    if (plan.leadersChanged) {
      events.push({
        fixtureId,
        leagueId: null,
        type: 'leaders',
        data: {
          FixtureID: fixtureId,
          Leaders: await describeLeaders(trx, plan.winners, [...plan.next.lines.values()]),
          Provisional: true,
        },
      });
    }
    // Standings: not per ball. The leagues whose points moved wait in standings_pending for
    // flushLive (the ingesting process, at most once per interval) or silence or completion.
    const token = newToken();
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
      psMoves,
      events,
    });
    if (!ids) throw new Error(`live fixture ${fixtureId} changed under its lock`);
    const next: LiveState = {
      ...plan.next,
      token,
      leaders: plan.winners,
      psLeagues,
      points,
      picksSeen: picksNow,
      started: true,
      silent: false,
    };
    return { result: { changed: true, corrected: plan.corrected, eventIds: ids }, next };
  });
  remember(cache, fixtureId, next);
  return result;
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
  return completeLiveWith(db, fixtureId, now, async (trx, live) => {
    const report = await importFromProvider(trx, new InMemoryProvider(new Map([[live.match_id, match]])));
    const entry = report.entries.find((e) => e.id === live.match_id);
    const landed =
      entry && ['imported', 'updated', 'unchanged'].includes(entry.status) && entry.fixtureId === fixtureId;
    if (!landed) return { ok: false, error: entry?.reason ?? `the import did not land on fixture ${fixtureId}` };
    return { ok: true };
  });
}

/**
 * `completeLive` with the final figures written by `land` (in the completion's transaction, under the
 * fixture's lock): a vendor's final scorecard is written into the fixture by the importer's writer.
 */
export async function completeLiveWith(
  db: Kysely<DB>,
  fixtureId: number,
  now: Date,
  land: (trx: Kysely<DB>, live: Selectable<LiveFixturesTable>) => Promise<{ ok: boolean; error?: string }>,
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
    const landed = await land(trx, live);
    if (!landed.ok) return landed;
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
