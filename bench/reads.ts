import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { refreshStandingsPoints } from '../apps/api/src/standings/materialize';
import { type BenchDb, freshBenchDb, pgBackendsCpu, type Target, withDb } from './lib/db';
import { scratch } from './lib/env';
import { clean, DURATION, type LoadResult, type LoadSpec, load } from './lib/load';
import { cpuMs, freePort, spawnTs, startApi, stopChild, waitForHttp } from './lib/proc';
import { type BenchReport, fmt, log, type TargetCheck, timed } from './lib/report';
import {
  analyze,
  bulk,
  cookieHeader,
  createLeague,
  createUsers,
  importIpl,
  mpPicks,
  psPicks,
  sessionFor,
} from './lib/seed';

/**
 * 1. API reads under load (64 connections, autocannon in its own process, loopback), on PostgreSQL and
 * on PGlite: the leaderboard of a 20-member Player Selection league (every member picks 11 players in
 * each of the 71 scored IPL 2024 fixtures), of a 10,000-member Match Prediction league (each member
 * plays half the fixtures, 6 picks each: ~2.1 million picks), and My Leagues of a member of 20
 * leagues. Baseline: a bare node:http server (its own process) answering the same bytes.
 */

const CONNECTIONS = 64;

interface Seeded {
  reader: number;
  cookie: string;
  small: number;
  big: number;
  picks: { small: number; big: number };
  seedMs: number;
  materialiseMs: number;
}

async function seed(bench: BenchDb): Promise<Seeded> {
  return withDb(bench, async ({ db }) => {
    const t0 = performance.now();
    const season = await importIpl(db);
    const users = await createUsers(db, 10_000, 'reads');
    const reader = users[0]!;
    const small = await createLeague(db, {
      type: 'PS',
      name: 'Twenty (PS)',
      isPrivate: true,
      seasonId: season.seasonId,
      adminId: reader,
      memberIds: users.slice(0, 20),
    });
    const big = await createLeague(db, {
      type: 'MP',
      name: 'Ten thousand (MP)',
      isPrivate: false,
      seasonId: season.seasonId,
      adminId: users[1]!,
      memberIds: users.slice(0, 10_000),
    });
    // 18 more leagues of 20 members for My Leagues (the reader is in 20 leagues in all).
    for (let k = 0; k < 18; k++) {
      await createLeague(db, {
        type: k % 2 ? 'PS' : 'MP',
        name: `Friends ${k + 1}`,
        isPrivate: true,
        seasonId: season.seasonId,
        adminId: users[100 + k * 20]!,
        memberIds: [reader, ...users.slice(100 + k * 20, 119 + k * 20)],
      });
    }
    const picks = {
      small: await bulk(db, (trx) => psPicks(trx, small.id, season.scored)),
      big: await bulk(db, (trx) => mpPicks(trx, big.id, season.scored, 50)),
    };
    if (bench.target === 'postgres') await analyze(db); // what autovacuum does shortly after a bulk load
    const cookie = cookieHeader(await sessionFor(db, reader));
    const seedMs = performance.now() - t0;
    // standings_points for the whole season: computed once per database (the first reads would do it).
    const materialise = await timed(() => refreshStandingsPoints(db, season.scored));
    return { reader, cookie, small: small.id, big: big.id, picks, seedMs, materialiseMs: materialise.ms };
  });
}

interface CaseResult {
  target: Target;
  id: string;
  label: string;
  bytes: number;
  coldMs: number;
  warmMs: number;
  api: LoadResult;
  baseline: LoadResult;
  /** CPU ms per request during the measured runs: the API process, its PostgreSQL backends, the bare server. */
  cpuPerRequest: { api: number; db: number; baseline: number };
}

/** A measured run with CPU meters read around it (after the warm-up). */
async function metered(
  spec: Omit<LoadSpec, 'durationSec'>,
  meters: (() => Promise<number>)[],
): Promise<{ result: LoadResult; cpu: number[] }> {
  await load({ ...spec, durationSec: DURATION.warmup });
  const before = await Promise.all(meters.map((m) => m()));
  const result = await load({ ...spec, durationSec: DURATION.measure });
  const after = await Promise.all(meters.map((m) => m()));
  return { result, cpu: after.map((a, i) => (a - (before[i] ?? 0)) / Math.max(result.requests, 1)) };
}

async function fetchTimed(url: string, cookie: string): Promise<{ ms: number; body: Buffer; status: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  const body = Buffer.from(await res.arrayBuffer());
  return { ms: performance.now() - t0, body, status: res.status };
}

async function baselineFor(body: Buffer, path: string): Promise<{ result: LoadResult; cpu: number[] }> {
  const file = join(scratch('reads'), `baseline-${Date.now()}.json`);
  writeFileSync(file, body);
  const port = await freePort();
  const proc = spawnTs('baseline', 'bench/lib/baseline-server.ts', [file, String(port)], {});
  try {
    await waitForHttp(`http://127.0.0.1:${port}/`, proc, 30_000);
    return await metered({ url: `http://127.0.0.1:${port}${path}`, connections: CONNECTIONS }, [
      async () => cpuMs(proc.pid),
    ]);
  } finally {
    await stopChild(proc);
  }
}

async function runTarget(target: Target): Promise<{ seeded: Seeded; cases: CaseResult[] }> {
  log(`reads/${target}: seeding`);
  const bench = await freshBenchDb(target, 'reads');
  const seeded = await seed(bench);
  log(
    `reads/${target}: seeded in ${(seeded.seedMs / 1000).toFixed(1)} s, standings_points in ${(seeded.materialiseMs / 1000).toFixed(1)} s`,
  );
  const api = await startApi({ name: `api-reads-${target}`, databaseUrl: bench.url, dataDir: bench.dataDir });
  const pgCpu = target === 'postgres' ? await pgBackendsCpu('reads') : async () => 0;
  const cases: CaseResult[] = [];
  try {
    const list = [
      {
        id: 'leaderboard-20',
        label: 'leaderboard, 20 members',
        path: `/api/view/player_selection_leaderboard/${seeded.small}`,
      },
      { id: 'leaderboard-10000', label: 'leaderboard, 10,000 members', path: `/api/view/leaderboard/${seeded.big}` },
      { id: 'my-leagues', label: 'My Leagues, 20 leagues', path: `/api/league/userLeagues/${seeded.reader}` },
      { id: 'server-time', label: '(floor) serverTime', path: '/api/view/serverTime' },
    ];
    for (const c of list) {
      const cold = await fetchTimed(api.url + c.path, seeded.cookie);
      if (cold.status !== 200) throw new Error(`${c.path}: ${cold.status} ${cold.body.toString().slice(0, 200)}`);
      const warm = await fetchTimed(api.url + c.path, seeded.cookie);
      log(`reads/${target}: ${c.label} (${fmt.kb(warm.body.length)}): API under load`);
      const apiLoad = await metered(
        { url: api.url + c.path, connections: CONNECTIONS, headers: { cookie: seeded.cookie } },
        [async () => cpuMs(api.proc.pid), pgCpu],
      );
      log(`reads/${target}: ${c.label}: baseline under load`);
      const baseline = await baselineFor(warm.body, c.path);
      cases.push({
        target,
        id: c.id,
        label: c.label,
        bytes: warm.body.length,
        coldMs: cold.ms,
        warmMs: warm.ms,
        api: apiLoad.result,
        baseline: baseline.result,
        cpuPerRequest: { api: apiLoad.cpu[0] ?? 0, db: apiLoad.cpu[1] ?? 0, baseline: baseline.cpu[0] ?? 0 },
      });
    }
  } finally {
    await api.stop();
  }
  return { seeded, cases };
}

export async function reads(): Promise<BenchReport> {
  const runs = [];
  for (const target of ['postgres', 'pglite'] as const) runs.push({ target, ...(await runTarget(target)) });
  const all = runs.flatMap((r) => r.cases);
  const targets: TargetCheck[] = [];
  for (const c of all.filter((x) => x.id !== 'server-time')) {
    const thr = c.api.rps / c.baseline.rps;
    const p99 = c.api.latencyMs.p99 / Math.max(c.baseline.latencyMs.p99, 1);
    targets.push({
      name: `reads ${c.target}: ${c.label}, throughput vs bare node`,
      target: '≥ 50%',
      measured: fmt.pct(thr),
      met: thr >= 0.5 && clean(c.api),
    });
    targets.push({
      name: `reads ${c.target}: ${c.label}, p99 vs bare node`,
      target: '≤ 2×',
      measured: `${fmt.x(p99)} (${c.api.latencyMs.p99} vs ${c.baseline.latencyMs.p99} ms)`,
      met: p99 <= 2 && clean(c.api),
    });
  }
  return {
    name: 'reads',
    title: `1. API reads under load (${CONNECTIONS} connections, ${DURATION.measure} s after ${DURATION.warmup} s warm-up)`,
    tables: [
      {
        title: 'reads: API vs bare node:http serving the same bytes',
        columns: [
          'db',
          'endpoint',
          'bytes',
          'API req/s',
          'p50 ms',
          'p99 ms',
          'bare req/s',
          'p50 ms',
          'p99 ms',
          'thr',
          'p99 ×',
          'non-2xx',
        ],
        rows: all.map((c) => [
          c.target,
          c.label,
          c.bytes,
          fmt.n(c.api.rps),
          c.api.latencyMs.p50,
          c.api.latencyMs.p99,
          fmt.n(c.baseline.rps),
          c.baseline.latencyMs.p50,
          c.baseline.latencyMs.p99,
          fmt.pct(c.api.rps / c.baseline.rps),
          fmt.x(c.api.latencyMs.p99 / Math.max(c.baseline.latencyMs.p99, 1)),
          c.api.non2xx + c.api.errors + c.api.timeouts,
        ]),
        notes: [
          'API = apps/api/src/main.ts (LOG_LEVEL=warn), PostgreSQL pool 10; each request carries a session cookie.',
          '(floor) serverTime: the HTTP stack and the session check (from the process cache once warm), nothing else: the most any endpoint can reach.',
        ],
      },
      {
        title: 'reads: single requests, and CPU per request under load',
        columns: [
          'db',
          'endpoint',
          'first request ms',
          'second request ms',
          'API cpu ms/req',
          'db cpu ms/req',
          'bare cpu ms/req',
        ],
        rows: all.map((c) => [
          c.target,
          c.label,
          fmt.ms(c.coldMs),
          fmt.ms(c.warmMs),
          c.cpuPerRequest.api.toFixed(2),
          c.target === 'postgres' ? c.cpuPerRequest.db.toFixed(2) : '(in API)',
          c.cpuPerRequest.baseline.toFixed(2),
        ]),
        notes: runs.map(
          (r) =>
            `${r.target}: ${r.seeded.picks.big.toLocaleString('en')} picks in the 10,000-member league, ${r.seeded.picks.small.toLocaleString('en')} in the 20-member one; seeding ${(r.seeded.seedMs / 1000).toFixed(1)} s; standings_points for the season computed once in ${(r.seeded.materialiseMs / 1000).toFixed(1)} s`,
        ),
      },
    ],
    targets,
    data: { connections: CONNECTIONS, duration: DURATION, runs },
  };
}
