import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { CricsheetMatch } from '../apps/api/src/cricket/import/cricsheet-format';
import type { Database } from '../apps/api/src/db/database';
import { ballsOf, type LiveBall } from '../apps/api/src/live/feed';
import { applyBall, flushLive, startLive } from '../apps/api/src/live/ingest';
import { liveStandings, liveStandingsSnapshot } from '../apps/api/src/live/standings';
import { refreshStandingsPoints } from '../apps/api/src/standings/materialize';
import { recordResults } from '../apps/api/src/results/pipeline';
import { type BenchDb, freshBenchDb } from './lib/db';
import { IPL_DIR, QUICK, ROOT, scratch } from './lib/env';
import { type Child, cpuMs, startApi } from './lib/proc';
import { type BenchReport, fmt, log, median, type TargetCheck, timed } from './lib/report';
import { bulk, cookieHeader, createLeague, createUsers, importIpl, psPicks, sessionFor } from './lib/seed';
import type { OpenedReply, WorkerReport } from './lib/sse-worker';

/**
 * Live match day (issue 15; docs/decisions/0016-live-match-day.md), on PostgreSQL.
 *
 * 1. Ball → screen: one API process (main.ts) with CONNECTIONS open event streams
 *    (`GET /api/live/stream?fixtures=<live fixture>`) from a separate client process
 *    (bench/lib/sse-worker.ts, plain http.request). The benchmark plays balls of a real IPL match into
 *    the fixture with the product's ingest (`applyBall`, as the feed runner calls it) one per
 *    BALL_GAP_MS, noting the time of each call; the clients note when each event arrives; both use
 *    performance.timeOrigin + performance.now() (one system clock on one machine). Memory per open
 *    stream: the API process's RSS and heap (after a full GC) before and after opening them, divided.
 *    Then two API processes on the same database with half the streams each: the same figures, and
 *    every client must get every event of its topic exactly once (counted by event id per client).
 * 2. Per-ball incremental re-score of the live fixture in a 10,000-member Player Selection league
 *    (110,000 picks on it) against the full re-score of the same match (the scored IPL copy of it,
 *    the same league and picks): the results pipeline's transaction subscribers in the result's transaction plus
 *    `refreshStandingsPoints`, as the final import does. Target: a ball ≤ 5 % of the full re-score.
 */

const MEMBERS = 10_000;
const CONNECTIONS = QUICK ? 500 : 10_000;
const BALLS_TIMED = QUICK ? 4 : 30;
const BALLS_STREAMED = QUICK ? 4 : 20;
const BALL_GAP_MS = 1_000;
const ROUNDS = QUICK ? 1 : 3;
const WARMUP_BALLS = 3;
/** `rescore`: only part 2 (for iterating on the ingest); the report then has no stream figures. */
const ONLY = process.env.BENCH_LIVE_ONLY ?? '';
/** The PostgreSQL database is `fcl_bench_<BENCH_LIVE_DB>` (default `live`): two checkouts can run side by side. */
const DB_NAME = process.env.BENCH_LIVE_DB ?? 'live';
/** Overs played after the timed balls, a standings announcement (flushLive) after each. */
const DELTA_OVERS = QUICK ? 3 : 6;

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
}

/** Full GC in the API process (bench/lib/mem-probe.mjs), then its memory as it reports it. */
async function memoryOf(api: Child, file: string): Promise<Memory> {
  const before = Date.now();
  api.proc.kill('SIGUSR2');
  for (let i = 0; i < 100; i++) {
    await sleep(100);
    try {
      const m = JSON.parse(readFileSync(file, 'utf8')) as Memory & { at: number };
      if (m.at >= before) return { rss: m.rss, heapUsed: m.heapUsed, external: m.external };
    } catch {
      // not written yet
    }
  }
  throw new Error(`no memory report from ${api.name}`);
}

class Worker {
  private readonly proc: ChildProcess;
  private waiting: ((m: unknown) => void) | undefined;
  constructor() {
    this.proc = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/lib/sse-worker.ts')], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.proc.on('message', (m) => this.waiting?.(m));
    process.on('exit', () => this.proc.kill('SIGKILL'));
  }
  get pid() {
    return this.proc.pid;
  }
  ask<T>(message: unknown, timeoutMs: number): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('sse worker did not answer')), timeoutMs);
      this.waiting = (m) => {
        clearTimeout(timer);
        this.waiting = undefined;
        resolve(m as T);
      };
      this.proc.send(message as never);
    });
  }
  async close() {
    if (this.proc.exitCode !== null) return;
    const done = new Promise((r) => this.proc.once('exit', r));
    this.proc.send({ type: 'close' });
    await Promise.race([done, sleep(5_000)]);
    this.proc.kill('SIGKILL');
  }
}

interface Seeded {
  live: number;
  scored: number;
  leagueId: number;
  cookie: string;
  balls: LiveBall[];
  picksLive: number;
  picksScored: number;
}

async function seed(bench: BenchDb, database: Database): Promise<Seeded> {
  const { db } = database;
  const season = await importIpl(db);
  const scored = season.scored[0]!;
  const f = await db.selectFrom('fixtures').selectAll().where('id', '=', scored).executeTakeFirstOrThrow();
  const match = JSON.parse(readFileSync(join(IPL_DIR, `${f.cricsheet_match_id}.json`), 'utf8')) as CricsheetMatch;
  // The live copy of that match: a new fixture of the same teams, an hour from now.
  const live = (
    await db
      .insertInto('fixtures')
      .values({
        season_id: f.season_id,
        stage_id: f.stage_id,
        name: 'Live benchmark',
        start_time: new Date(Date.now() + 3_600_000),
        local_team_id: f.local_team_id,
        visitor_team_id: f.visitor_team_id,
        status: 'scheduled',
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const users = await createUsers(db, MEMBERS, 'live');
  const league = await createLeague(db, {
    type: 'PS',
    name: 'Live 10,000',
    isPrivate: true,
    seasonId: season.seasonId,
    adminId: users[0]!,
    memberIds: users,
  });
  const { picksLive, picksScored } = await bulk(db, async (trx) => {
    const picksScored = await psPicks(trx, league.id, [scored]);
    // The same picks on the live copy (its players are the scored match's: psPicks draws from a
    // fixture's stat lines, and the live copy has none yet).
    const r = await sql`
      INSERT INTO player_selections (league_id, user_id, fixture_id, position_id, position_order, player_id, is_auto_pick)
      SELECT league_id, user_id, ${live}::int, position_id, position_order, player_id, false
      FROM player_selections WHERE league_id = ${league.id} AND fixture_id = ${scored}`.execute(trx);
    return { picksLive: Number(r.numAffectedRows ?? 0), picksScored };
  });
  await sql`ANALYZE`.execute(db);
  await refreshStandingsPoints(db, [scored]);
  const { player_of_match: _p, ...info } = match.info;
  await startLive(db, {
    fixtureId: live,
    matchId: `bench-live-${live}`,
    source: 'bench',
    info: { ...info, outcome: { result: 'no result' } } as CricsheetMatch['info'],
  });
  void bench;
  return {
    live,
    scored,
    leagueId: league.id,
    cookie: cookieHeader(await sessionFor(db, users[1]!)),
    balls: ballsOf(match),
    picksLive,
    picksScored,
  };
}

/** Part 2: a ball's incremental re-score against the full re-score of the same match. */
async function rescore(database: Database, s: Seeded, balls: LiveBall[], deltaBalls: LiveBall[]) {
  const { db } = database;
  for (const b of balls.slice(0, WARMUP_BALLS)) await applyBall(db, s.live, b, new Date());
  const perBall: { ms: number; standingsMs: number; events: number }[] = [];
  // Rows written to live_member_points and live_league_player_points, and event bytes, by the timed balls (table statistics are
  // published within a second of each commit).
  const memberRows = async () => {
    await sleep(1_500);
    const { rows } = await sql<{ n: number }>`
      SELECT coalesce(sum(n_tup_ins + n_tup_upd), 0)::int AS n FROM pg_stat_user_tables
      WHERE relname IN ('live_member_points', 'live_league_player_points')`.execute(db);
    return rows[0]?.n ?? 0;
  };
  const { rows: firstId } = await sql<{ id: number }>`SELECT coalesce(max(id), 0)::int AS id FROM live_events`.execute(
    db,
  );
  const rows0 = await memberRows();
  for (const b of balls.slice(WARMUP_BALLS, WARMUP_BALLS + BALLS_TIMED)) {
    const t = await timed(() => applyBall(db, s.live, b, new Date()));
    // Its share for the league's provisional standings (the same call, outside the transaction).
    const st = await timed(() => liveStandings(db, s.leagueId, new Date()));
    perBall.push({ ms: t.ms, standingsMs: st.ms, events: t.value.eventIds.length });
  }
  const memberRowsPerBall = ((await memberRows()) - rows0) / BALLS_TIMED;
  const { rows: written } = await sql<{ bytes: number }>`
    SELECT coalesce(sum(octet_length(data::text)), 0)::int AS bytes FROM live_events WHERE id > ${firstId[0]!.id}`.execute(
    db,
  );
  const eventBytesPerBall = written[0]!.bytes / BALLS_TIMED;
  // Standings events (decision 0018): the league's first announcement is its whole table (on version
  // 0) — what every standings event was before; then an over and a flush at a time, only the rows
  // that changed.
  const standingsBytes = async (ids: number[]) => {
    if (ids.length === 0) return { bytes: 0, rows: 0 };
    const { rows } = await sql<{ bytes: number; rows: number }>`
      SELECT octet_length(data::text)::int AS bytes, jsonb_array_length(data::jsonb->'Rows')::int AS rows
      FROM live_events WHERE id IN (${sql.join(ids)}) AND league_id = ${s.leagueId} AND type = 'standings'`.execute(db);
    return { bytes: rows[0]?.bytes ?? 0, rows: rows[0]?.rows ?? 0 };
  };
  const first = await timed(() => flushLive(db, s.live, new Date(), { force: true }));
  const whole = { ...(await standingsBytes(first.value)), ms: first.ms };
  const snapshotBytes = Buffer.byteLength(JSON.stringify(await liveStandingsSnapshot(db, s.leagueId)));
  const deltas: { bytes: number; rows: number; ms: number }[] = [];
  for (let i = 0; i < deltaBalls.length; i += 6) {
    for (const b of deltaBalls.slice(i, i + 6)) await applyBall(db, s.live, b, new Date());
    const f = await timed(() => flushLive(db, s.live, new Date(), { force: true }));
    const d = { ...(await standingsBytes(f.value)), ms: f.ms };
    deltas.push(d);
    log(`live: standings after an over: ${fmt.kb(d.bytes)} (${d.rows} rows) in ${fmt.ms(d.ms)} ms`);
  }
  const { rows: other } = await sql<{ bytes: number; n: number }>`
    SELECT avg(octet_length(data::text))::int AS bytes, count(*)::int AS n FROM live_events WHERE fixture_id = ${s.live}`.execute(
    db,
  );

  const { rows: stat } = await sql<{ player_id: number; winner: number; loser: number }>`
    SELECT st.player_id, r.winner_team_id AS winner,
           CASE WHEN r.winner_team_id = f.local_team_id THEN f.visitor_team_id ELSE f.local_team_id END AS loser
    FROM player_fixture_stats st JOIN fixtures f ON f.id = st.fixture_id JOIN fixture_results r ON r.fixture_id = f.id
    WHERE st.fixture_id = ${s.scored} AND st.did_play ORDER BY st.runs DESC, st.player_id LIMIT 1`.execute(db);
  const top = stat[0]!;
  const full: { hookMs: number; refreshMs: number; totalMs: number }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    // A corrected result, as in the scoring benchmark: the top scorer's runs move and the winner flips.
    const hook = await timed(() =>
      db.transaction().execute(async (trx) => {
        await sql`UPDATE player_fixture_stats SET runs = runs + ${i % 2 ? -7 : 7}
                  WHERE fixture_id = ${s.scored} AND player_id = ${top.player_id}`.execute(trx);
        await sql`UPDATE fixture_results SET winner_team_id = ${i % 2 ? top.winner : top.loser}
                  WHERE fixture_id = ${s.scored}`.execute(trx);
        await recordResults(trx, 'correction', async () => ({ value: undefined, fixtureIds: [s.scored] }));
      }),
    );
    const refresh = await timed(() => refreshStandingsPoints(db, [s.scored]));
    full.push({ hookMs: hook.ms, refreshMs: refresh.ms, totalMs: hook.ms + refresh.ms });
    log(`live: full re-score round ${i + 1}: hook ${fmt.ms(hook.ms)} ms + points ${fmt.ms(refresh.ms)} ms`);
  }
  return {
    perBall,
    full,
    memberRowsPerBall,
    eventBytesPerBall,
    standingsEventBytes: whole.bytes,
    standings: { whole, snapshotBytes, deltas },
    fixtureEventBytes: other[0]?.bytes ?? 0,
  };
}

interface StreamRun {
  setup: string;
  processes: number;
  connections: number;
  opened: OpenedReply;
  memory: { before: Memory; after: Memory }[];
  report: WorkerReport;
  balls: number;
  ingestMs: number[];
  apiCpuMs: number;
  workerCpuMs: number;
}

/** Part 1: open the streams on `apis`, play balls, collect what the clients got. */
async function streams(
  database: Database,
  s: Seeded,
  apis: { api: Child; memFile: string }[],
  balls: LiveBall[],
  setup: string,
): Promise<StreamRun> {
  const { db } = database;
  // Warm each process (the session and fixture lookups, the hub) with a short-lived stream.
  for (const { api } of apis) {
    const ctl = new AbortController();
    const res = await fetch(`${api.url}/api/live/stream?fixtures=${s.live}`, {
      headers: { cookie: s.cookie },
      signal: ctl.signal,
    });
    if (res.status !== 200) throw new Error(`${api.name}: stream answered ${res.status}`);
    ctl.abort();
  }
  await sleep(500);
  const before: Memory[] = [];
  for (const a of apis) before.push(await memoryOf(a.api, a.memFile));
  const worker = new Worker();
  try {
    const per = Math.floor(CONNECTIONS / apis.length);
    log(`live: ${setup}: opening ${CONNECTIONS.toLocaleString('en')} streams`);
    const opened = await worker.ask<OpenedReply>(
      {
        type: 'open',
        targets: apis.map(({ api }) => ({ url: api.url, count: per })),
        path: `/api/live/stream?fixtures=${s.live}`,
        cookie: s.cookie,
        concurrency: 200,
        timeoutMs: 120_000,
      },
      240_000,
    );
    log(
      `live: ${setup}: ${opened.opened} open (${opened.perTarget.join(' + ')}), ${opened.failed} failed${opened.firstError ? ` (${opened.firstError})` : ''}, ${opened.ms} ms`,
    );
    await sleep(2_000);
    const after: Memory[] = [];
    for (const a of apis) after.push(await memoryOf(a.api, a.memFile));

    const { rows: startRows } = await sql<{
      id: number;
    }>`SELECT coalesce(max(id), 0)::int AS id FROM live_events`.execute(db);
    const startId = startRows[0]!.id;
    const cpu0 = apis.map(({ api }) => cpuMs(api.proc.pid));
    const w0 = cpuMs(worker.pid);
    const played: { t0: number; t1: number; ids: number[] }[] = [];
    const ingestMs: number[] = [];
    for (const b of balls) {
      const t0 = now();
      const r = await applyBall(db, s.live, b, new Date());
      const t1 = now();
      ingestMs.push(t1 - t0);
      played.push({ t0, t1, ids: r.eventIds });
      await sleep(Math.max(0, BALL_GAP_MS - (now() - t0)));
    }
    await sleep(3_000);
    const apiCpuMs = apis.reduce((sum, { api }, i) => sum + cpuMs(api.proc.pid) - cpu0[i]!, 0);
    const workerCpuMs = cpuMs(worker.pid) - w0;
    // The clients follow the fixture: their events are the fixture's (a ball's league standings go to league followers).
    const { rows } = await sql<{ id: number }>`
      SELECT id FROM live_events WHERE id > ${startId} AND fixture_id = ${s.live} ORDER BY id`.execute(db);
    const expected = rows.map((r) => r.id);
    const mine = new Set(expected);
    const report = await worker.ask<WorkerReport>(
      {
        type: 'report',
        balls: played.map((p) => ({ t0: p.t0, t1: p.t1, ids: p.ids.filter((id) => mine.has(id)) })),
        expected,
      },
      120_000,
    );
    return {
      setup,
      processes: apis.length,
      connections: opened.opened,
      opened,
      memory: before.map((b, i) => ({ before: b, after: after[i]! })),
      report,
      balls: balls.length,
      ingestMs,
      apiCpuMs,
      workerCpuMs,
    };
  } finally {
    await worker.close();
  }
}

async function startProbed(name: string, bench: BenchDb): Promise<{ api: Child; memFile: string }> {
  const dir = scratch(`live-${name}`);
  const memFile = join(dir, 'memory.json');
  const api = await startApi({
    name,
    databaseUrl: bench.url,
    dataDir: dir,
    env: {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${join(ROOT, 'bench/lib/mem-probe.mjs')}`.trim(),
      BENCH_MEM_FILE: memFile,
      // Every stream of the benchmark is one session from one address: lift the caps (README,
      // "Configuration") to the number it opens. Each stream is a file descriptor: see docs/performance.md.
      LIVE_STREAMS_PER_SESSION: String(CONNECTIONS),
      LIVE_STREAMS_PER_ADDRESS: String(CONNECTIONS),
      LIVE_STREAMS_MAX: String(CONNECTIONS),
    },
  });
  return { api, memFile };
}

const perConn = (r: StreamRun, k: 'rss' | 'heapUsed') =>
  r.memory.reduce((sum, m) => sum + m.after[k] - m.before[k], 0) / Math.max(1, r.connections);

export async function live(): Promise<BenchReport> {
  log('live: seeding (IPL season, 10,000 members, their picks)');
  const bench = await freshBenchDb('postgres', DB_NAME);
  const database = await bench.open();
  const runs: StreamRun[] = [];
  let scoring: Awaited<ReturnType<typeof rescore>>;
  let s: Seeded;
  try {
    s = await seed(bench, database);
    log(`live: ${s.picksLive.toLocaleString('en')} picks on the live fixture, ${s.balls.length} balls in the match`);
    let next = 0;
    const take = (n: number) => {
      const out = s.balls.slice(next, next + n);
      next += n;
      return out;
    };
    scoring = await rescore(database, s, take(WARMUP_BALLS + BALLS_TIMED), take(DELTA_OVERS * 6));

    if (ONLY !== 'rescore') {
      const one = await startProbed('api-live-a', bench);
      try {
        runs.push(await streams(database, s, [one], take(BALLS_STREAMED), '1 API process'));
      } finally {
        await one.api.stop();
      }
      const two = [await startProbed('api-live-b', bench), await startProbed('api-live-c', bench)];
      try {
        runs.push(await streams(database, s, two, take(BALLS_STREAMED), '2 API processes, one PostgreSQL'));
      } finally {
        await Promise.all(two.map((a) => a.api.stop()));
      }
    }
  } finally {
    await database.close();
  }

  const ball = median(scoring.perBall.map((b) => b.ms));
  const standingsShare = median(scoring.perBall.map((b) => b.standingsMs));
  const fullMs = median(scoring.full.map((f) => f.totalMs));
  const ratio = ball / fullMs;
  const targets: TargetCheck[] = [];
  for (const r of runs) {
    const complete = r.connections === CONNECTIONS;
    targets.push({
      name: `live: ball → screen, ${r.connections.toLocaleString('en')} open streams on ${r.setup}, p99 (ball event)`,
      target: `≤ 1,000 ms${complete ? '' : ` (at ${CONNECTIONS.toLocaleString('en')} streams)`}`,
      measured: `${fmt.ms(r.report.first.p99)} ms (p50 ${fmt.ms(r.report.first.p50)}; last event of the ball p99 ${fmt.ms(r.report.last.p99)})`,
      met: complete && r.report.first.p99 <= 1_000,
    });
    if (r.processes > 1)
      targets.push({
        name: `live: exactly once per client, ${r.connections.toLocaleString('en')} streams on ${r.setup}`,
        target: '0 missing, 0 duplicate',
        measured: `${r.report.missing} missing, ${r.report.duplicates} duplicate, ${r.report.unexpected} unexpected, ${r.report.dropped} dropped`,
        met: r.report.missing === 0 && r.report.duplicates === 0 && r.report.unexpected === 0 && r.report.dropped === 0,
      });
  }
  targets.push({
    name: `live: per-ball incremental re-score vs full re-score, ${MEMBERS.toLocaleString('en')}-member league (${s.picksLive.toLocaleString('en')} picks)`,
    target: '≤ 5 %',
    measured: `${fmt.pct(ratio)} (${fmt.ms(ball)} vs ${fmt.ms(fullMs)} ms)`,
    met: ratio <= 0.05,
  });

  return {
    name: 'live',
    title: `Live match day: ball → screen over SSE, memory per stream, per-ball re-score (${QUICK ? 'QUICK' : 'full'})`,
    tables: [
      {
        title: `live: ball → screen (${BALL_GAP_MS} ms between balls, clients in a separate process following the fixture)`,
        columns: [
          'setup',
          'streams',
          'open s',
          'balls',
          'ingest p50 ms',
          'ball p50 ms',
          'ball p99 ms',
          'commit→client p50 / p99 ms',
          'last p99 ms',
          'max ms',
          'fan-out p50 ms',
          'RSS/stream KB',
          'heap/stream KB',
          'API CPU µs/frame',
          'missing',
          'dupes',
        ],
        rows: runs.map((r) => {
          const frames = r.report.framesReceived;
          return [
            r.setup,
            `${r.connections} (${r.opened.perTarget.join('+')})`,
            fmt.n(r.opened.ms / 1000, 1),
            r.balls,
            fmt.ms(median(r.ingestMs)),
            fmt.ms(r.report.first.p50),
            fmt.ms(r.report.first.p99),
            `${fmt.ms(r.report.delivery.p50)} / ${fmt.ms(r.report.delivery.p99)}`,
            fmt.ms(r.report.last.p99),
            fmt.ms(r.report.last.max),
            fmt.ms(median(r.report.fanOutMs)),
            fmt.n(perConn(r, 'rss') / 1024, 1),
            fmt.n(perConn(r, 'heapUsed') / 1024, 1),
            fmt.n((r.apiCpuMs * 1000) / Math.max(1, frames), 1),
            r.report.missing,
            r.report.duplicates,
          ];
        }),
        notes: [
          'ball = from the ingest call (applyBall, in the benchmark process, on its own connection) to the ball event reaching a client; last = the ball’s last event (score, points, leaders); over every (client, ball).',
          'both sides read performance.timeOrigin + performance.now(): the same system clock, one machine; the client time includes the client process’s own delay in reading 10,000 sockets.',
          'fan-out = first client’s first event to last client’s last event of a ball; RSS/heap per stream = (after − before opening, full GC) / streams; API CPU per frame = API CPU during the balls / frames the clients received.',
          ...runs.map(
            (r) =>
              `${r.setup}: ${r.report.framesReceived.toLocaleString('en')} frames received; API CPU ${fmt.n(r.apiCpuMs)} ms, client process CPU ${fmt.n(r.workerCpuMs)} ms over ${r.balls} balls; ${r.opened.failed} streams failed to open${r.opened.firstError ? ` (${r.opened.firstError})` : ''}`,
          ),
        ],
      },
      {
        title: `live: one ball vs the full re-score of the match (${MEMBERS.toLocaleString('en')}-member Player Selection league)`,
        columns: ['', 'ms (median)', 'of which standings', 'runs'],
        rows: [
          [
            'per ball (applyBall: lines, league×player points, events)',
            fmt.ms(ball),
            fmt.ms(standingsShare),
            BALLS_TIMED,
          ],
          ['full re-score (result subscribers + refreshStandingsPoints)', fmt.ms(fullMs), '', ROUNDS],
          ['ratio', fmt.pct(ratio), '', ''],
        ],
        notes: [
          `picks: ${s.picksLive.toLocaleString('en')} on the live fixture, the same ${s.picksScored.toLocaleString('en')} on its scored IPL copy (the full re-score’s subject); first ${WARMUP_BALLS} balls not timed (the first rebuilds the members).`,
          `“of which standings” = liveStandings of the league timed alone after each ball: no longer part of a ball (flushLive writes a league’s standings at most once per LIVE_STANDINGS_INTERVAL_MS, after a poll); shown for its size.`,
          `standings event size, ${MEMBERS.toLocaleString('en')}-member league: the whole table (the league's first event, and every event before decision 0018) ${fmt.kb(scoring.standings.whole.bytes)} (${fmt.n(scoring.standings.whole.rows)} rows, flush ${fmt.ms(scoring.standings.whole.ms)} ms); after an over, only the changed rows: median ${fmt.kb(median(scoring.standings.deltas.map((d) => d.bytes)))} (${fmt.n(median(scoring.standings.deltas.map((d) => d.rows)))} rows; ${scoring.standings.deltas.map((d) => fmt.kb(d.bytes)).join(', ')}), flush median ${fmt.ms(median(scoring.standings.deltas.map((d) => d.ms)))} ms; GET /live/standings ${fmt.kb(scoring.standings.snapshotBytes)}; a fixture event ${fmt.n(scoring.fixtureEventBytes)} B on average.`,
          `per timed ball: ${fmt.n(scoring.memberRowsPerBall)} member-point rows written (live_member_points + live_league_player_points, inserted or updated), ${fmt.kb(scoring.eventBytesPerBall)} of events written to live_events.`,
        ],
      },
    ],
    targets,
    data: {
      connections: CONNECTIONS,
      ballGapMs: BALL_GAP_MS,
      members: MEMBERS,
      picks: { live: s.picksLive, scored: s.picksScored },
      rescore: scoring,
      runs: runs.map((r) => ({
        ...r,
        rssPerStream: perConn(r, 'rss'),
        heapPerStream: perConn(r, 'heapUsed'),
      })),
    },
  };
}
