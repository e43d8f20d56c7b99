import { sql } from 'kysely';
import pg from 'pg';
import { type BenchDb, freshBenchDb, pgBackendsCpu, withDb } from './lib/db';
import { DURATION, clean, type LoadResult, load } from './lib/load';
import { cpuMs, startApi } from './lib/proc';
import { type BenchReport, fmt, log, median, type TargetCheck } from './lib/report';
import { cookieHeader, createLeague, createUsers, importIpl, sessionFor, xsrfFor } from './lib/seed';

/**
 * 2. API writes on PostgreSQL: the Player Selection bulk save of 11 picks with CopyToOtherLeagues to
 * the member's 5 other Player Selection leagues (66 rows), by 2,000 different members, at 16 and 64
 * connections. Baseline: the same 66 rows upserted straight into the database through `pg`, one
 * transaction per save (one multi-row INSERT … ON CONFLICT), no HTTP, no checks, same concurrency.
 * Both use a pool of 10 PostgreSQL connections (the API's default).
 */

const USERS = 2_000;
const LEAGUES = 6;
const POOL = 10;
const SLOTS: { position: number; count: number }[] = [
  { position: 1, count: 4 },
  { position: 2, count: 4 },
  { position: 4, count: 2 },
  { position: 3, count: 1 },
];

interface Save {
  userId: number;
  cookie: string;
  /** The session's XSRF token, sent in X-XSRF-TOKEN. */
  xsrf: string;
  body: string;
  /** The 66 rows the save writes: [league, position, order, player]. */
  rows: [number, number, number, number][];
}

/** The cookie header and XSRF token of a new session of the user. */
async function signedIn(db: Parameters<typeof sessionFor>[0], userId: number) {
  const session = await sessionFor(db, userId);
  return { cookie: cookieHeader(session), xsrf: xsrfFor(session) };
}

async function seed(bench: BenchDb) {
  return withDb(bench, async ({ db }) => {
    const season = await importIpl(db);
    const first = await db
      .selectFrom('fixtures')
      .selectAll()
      .where('id', '=', season.scored[0]!)
      .executeTakeFirstOrThrow();
    // A fixture three days ahead: open for picks, and it keeps the leagues Active.
    const fixture = await db
      .insertInto('fixtures')
      .values({
        season_id: season.seasonId,
        stage_id: first.stage_id,
        name: 'Benchmark fixture',
        start_time: new Date(Date.now() + 3 * 86_400_000),
        local_team_id: first.local_team_id,
        visitor_team_id: first.visitor_team_id,
        status: 'scheduled',
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { rows: squad } = await sql<{ id: number; position_id: number }>`
      SELECT p.id, p.position_id FROM squads s JOIN players p ON p.id = s.player_id
      WHERE s.season_id = ${season.seasonId} AND s.team_id IN (${first.local_team_id}, ${first.visitor_team_id})
      ORDER BY p.id`.execute(db);
    const byPosition = new Map<number, number[]>();
    for (const p of squad) byPosition.set(p.position_id, [...(byPosition.get(p.position_id) ?? []), p.id]);

    const users = await createUsers(db, USERS, 'writes');
    const leagues: number[] = [];
    for (let k = 0; k < LEAGUES; k++) {
      const l = await createLeague(db, {
        type: 'PS',
        name: `Selection ${k + 1}`,
        isPrivate: true,
        seasonId: season.seasonId,
        adminId: users[0]!,
        memberIds: users,
      });
      leagues.push(l.id);
    }
    // Two pick sets per member (every slot differs between them). The runs go through the members with
    // set A, then set B, then A again… continuing where the previous run stopped (see `rotated`), so
    // every save changes all 66 rows (or writes them the first time) — never an identical re-save,
    // which the API would skip and the baseline would not.
    const saves: Save[] = [];
    for (const shift of [0, 1]) {
      for (const [i, userId] of users.entries()) {
        const picks: { position: number; order: number; player: number }[] = [];
        for (const slot of SLOTS) {
          const pool = byPosition.get(slot.position) ?? [];
          if (pool.length < slot.count + 1)
            throw new Error(`squads have ${pool.length} players for position ${slot.position}`);
          for (let o = 0; o < slot.count; o++)
            picks.push({ position: slot.position, order: o + 1, player: pool[(i + o + shift) % pool.length]! });
        }
        const body = JSON.stringify({
          CopyToOtherLeagues: true,
          Selection: picks.map((p) => ({
            UserID: userId,
            LeagueID: leagues[0],
            FixtureID: fixture.id,
            PositionTypeID: p.position,
            PositionOrder: p.order,
            PlayerID: p.player,
            IsActive: true,
          })),
        });
        saves.push({
          userId,
          ...(await signedIn(db, userId)),
          body,
          rows: leagues.flatMap((l) =>
            picks.map((p) => [l, p.position, p.order, p.player] as [number, number, number, number]),
          ),
        });
      }
    }
    await sql`ANALYZE`.execute(db);
    return { fixtureId: fixture.id, leagues, saves };
  });
}

/** Where the baseline's next save starts: each run continues the previous one (A, B, A… per member). */
let rawNext = 0;

/** `list` starting at position `from` (mod its length): a run that continues where the last one stopped. */
function rotated<T>(list: readonly T[], from: number): T[] {
  const k = from % list.length;
  return [...list.slice(k), ...list.slice(0, k)];
}

/** The baseline: `concurrency` callers, each saving the next member's 66 rows in one transaction. */
async function rawUpserts(
  url: string,
  saves: Save[],
  fixtureId: number,
  concurrency: number,
  seconds: number,
): Promise<LoadResult> {
  const pool = new pg.Pool({ connectionString: url, max: POOL });
  let errors = 0;
  const latencies: number[] = [];
  const end = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < end) {
      const s = saves[rawNext % saves.length]!;
      rawNext += 1;
      const values: unknown[] = [];
      const tuples = s.rows.map(([league, position, order, player], i) => {
        values.push(league, s.userId, fixtureId, position, order, player);
        const b = i * 6;
        return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, false)`;
      });
      const t0 = performance.now();
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(
          `INSERT INTO player_selections (league_id, user_id, fixture_id, position_id, position_order, player_id, is_auto_pick)
           VALUES ${tuples.join(', ')}
           ON CONFLICT (league_id, user_id, fixture_id, position_id, position_order)
           DO UPDATE SET player_id = excluded.player_id, is_auto_pick = false, updated_at = now()`,
          values,
        );
        await client.query('COMMIT');
        latencies.push(performance.now() - t0);
      } catch {
        errors += 1;
        await client.query('ROLLBACK').catch(() => undefined);
      } finally {
        client.release();
      }
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const durationSec = (performance.now() - t0) / 1000;
  await pool.end();
  const sorted = latencies.sort((a, b) => a - b);
  const pct = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);
  return {
    connections: concurrency,
    durationSec,
    requests: latencies.length + errors,
    rps: latencies.length / durationSec,
    ok: latencies.length,
    non2xx: 0,
    errors,
    timeouts: 0,
    latencyMs: {
      p50: pct(0.5),
      p90: pct(0.9),
      p99: pct(0.99),
      max: Math.round(sorted.at(-1) ?? 0),
      mean: median(sorted),
    },
    bytesPerSec: 0,
  };
}

export async function writes(): Promise<BenchReport> {
  log('writes: seeding');
  const bench = await freshBenchDb('postgres', 'writes');
  const url = bench.url!;
  const seeded = await seed(bench);
  const api = await startApi({ name: 'api-writes', databaseUrl: url, dataDir: bench.dataDir });
  const pgCpu = await pgBackendsCpu('writes');
  const variants = seeded.saves.map((s) => ({
    headers: { cookie: s.cookie, 'x-xsrf-token': s.xsrf, 'content-type': 'application/json' },
    body: s.body,
  }));
  // One save through the API first: it must succeed and copy to the 5 other leagues.
  const probe = await fetch(`${api.url}/api/player_selection/bulk_update`, {
    method: 'PUT',
    headers: variants[0]!.headers,
    body: variants[0]!.body,
  });
  const probeBody = (await probe.json()) as { Saved?: number; CopiedTo?: { Saved: number }[] };
  if (probe.status !== 200 || probeBody.CopiedTo?.length !== LEAGUES - 1)
    throw new Error(`probe save: ${probe.status} ${JSON.stringify(probeBody)}`);

  const runs: { connections: number; api: LoadResult; baseline: LoadResult; apiCpu: number; dbCpu: number }[] = [];
  // The probe saved variant 0; the runs continue from there.
  let apiNext = 1;
  try {
    for (const connections of [16, 64]) {
      log(`writes: API at ${connections} connections`);
      const spec = { url: `${api.url}/api/player_selection/bulk_update`, connections, method: 'PUT' };
      const warm = await load({ ...spec, variants: rotated(variants, apiNext), durationSec: DURATION.warmup });
      apiNext += warm.requests;
      const [a0, d0] = [cpuMs(api.proc.pid), await pgCpu()];
      const apiRun = await load({ ...spec, variants: rotated(variants, apiNext), durationSec: DURATION.measure });
      apiNext += apiRun.requests;
      const [a1, d1] = [cpuMs(api.proc.pid), await pgCpu()];
      log(`writes: raw pg upserts at ${connections}`);
      await rawUpserts(url, seeded.saves, seeded.fixtureId, connections, DURATION.warmup);
      const baseline = await rawUpserts(url, seeded.saves, seeded.fixtureId, connections, DURATION.measure);
      runs.push({
        connections,
        api: apiRun,
        baseline,
        apiCpu: (a1 - a0) / Math.max(apiRun.requests, 1),
        dbCpu: (d1 - d0) / Math.max(apiRun.requests, 1),
      });
    }
  } finally {
    await api.stop();
  }
  const targets: TargetCheck[] = runs.map((r) => ({
    name: `writes postgres: PS save + copy to 5 leagues at ${r.connections} connections, throughput vs raw pg upserts`,
    target: '≥ 50%',
    measured: `${fmt.pct(r.api.rps / r.baseline.rps)} (${fmt.n(r.api.rps)} vs ${fmt.n(r.baseline.rps)} saves/s)`,
    met: r.api.rps / r.baseline.rps >= 0.5 && clean(r.api),
  }));
  return {
    name: 'writes',
    title: `2. API writes: Player Selection save of 11 picks copied to 5 other leagues (66 rows), PostgreSQL, ${DURATION.measure} s per run`,
    tables: [
      {
        title: 'writes: saves per second',
        columns: [
          'connections',
          'API saves/s',
          'p50 ms',
          'p99 ms',
          'raw pg saves/s',
          'p50 ms',
          'p99 ms',
          'thr',
          'API cpu ms/save',
          'db cpu ms/save',
          'errors',
        ],
        rows: runs.map((r) => [
          r.connections,
          fmt.n(r.api.rps),
          r.api.latencyMs.p50,
          r.api.latencyMs.p99,
          fmt.n(r.baseline.rps),
          r.baseline.latencyMs.p50,
          r.baseline.latencyMs.p99,
          fmt.pct(r.api.rps / r.baseline.rps),
          r.apiCpu.toFixed(2),
          r.dbCpu.toFixed(2),
          r.api.non2xx + r.api.errors + r.api.timeouts + r.baseline.errors,
        ]),
        notes: [
          `${USERS.toLocaleString('en')} members, each in ${LEAGUES} Player Selection leagues; request i saves member i mod ${USERS} (11 slots, then the copy), alternating two pick sets per member across passes, so every save changes its rows.`,
          `Both sides: ${POOL} PostgreSQL connections; the baseline sends one INSERT … ON CONFLICT of the 66 rows per transaction.`,
        ],
      },
    ],
    targets,
    data: { users: USERS, leagues: LEAGUES, pool: POOL, duration: DURATION, runs },
  };
}
