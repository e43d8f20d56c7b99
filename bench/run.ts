import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { registerResultSubscribers } from '../apps/api/src/app';
import { machine, QUICK, RESULTS_DIR, TMP_DIR } from './lib/env';
import { type BenchReport, renderTable, renderTargets, type TargetCheck } from './lib/report';

// Imports and re-scores made in this process go through the app's results pipeline.
registerResultSubscribers();

/**
 * `pnpm bench [name…]`: runs the benchmarks (all, in this order, or the ones named), prints a table per
 * benchmark and its targets, and writes bench-results/<name>.json plus bench-results/run-<time>.json.
 * Every target is a ratio to a baseline measured in the same run on the same machine.
 */
const BENCHES: Record<string, () => Promise<BenchReport>> = {
  reads: async () => (await import('./reads')).reads(),
  writes: async () => (await import('./writes')).writes(),
  scoring: async () => (await import('./scoring')).scoring(),
  import: async () => (await import('./import')).importBench(),
  web: async () => (await import('./web')).web(),
  scale: async () => (await import('./scale')).scale(),
  live: async () => (await import('./live')).live(),
};

const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = asked.filter((n) => !(n in BENCHES));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; choose from ${Object.keys(BENCHES).join(', ')}`);
  process.exit(2);
}
const names = asked.length > 0 ? asked : Object.keys(BENCHES);
const startedAt = new Date();
mkdirSync(RESULTS_DIR, { recursive: true });
rmSync(TMP_DIR, { recursive: true, force: true });
console.log(
  `pnpm bench ${names.join(' ')} — ${startedAt.toISOString()} — ${JSON.stringify(machine())}${QUICK ? ' — QUICK (smoke test, not a measurement)' : ''}`,
);

const reports: BenchReport[] = [];
const failures: { name: string; error: string }[] = [];
for (const name of names) {
  const t0 = Date.now();
  const loadBefore = loadavg()[0] ?? 0;
  console.log(`\n━━ ${name} (load average ${loadBefore.toFixed(1)} on ${machine().cpus} cores)`);
  try {
    const report = await BENCHES[name]!();
    const load = { before: loadBefore, after: loadavg()[0] ?? 0 };
    report.data.loadAverage = load;
    reports.push(report);
    console.log(report.title);
    console.log(
      `load average ${load.before.toFixed(1)} → ${load.after.toFixed(1)} (other processes on the machine skew absolute figures; ratios less so)`,
    );
    for (const t of report.tables) console.log(renderTable(t));
    console.log(renderTargets(report.targets));
    writeFileSync(
      join(RESULTS_DIR, `${name}.json`),
      `${JSON.stringify({ at: new Date().toISOString(), machine: machine(), quick: QUICK, ...report }, null, 2)}\n`,
    );
  } catch (e) {
    const error = e instanceof Error ? (e.stack ?? e.message) : String(e);
    failures.push({ name, error });
    console.error(`✗ ${name} failed: ${error}`);
  }
  console.log(`(${name}: ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}

// The databases and PGlite folders of this run go (only the benchmarks it ran: another run may be busy) (BENCH_KEEP=1 keeps them for a look afterwards).
if (process.env.BENCH_KEEP !== '1') {
  const { dropPgDatabase } = await import('./lib/db');
  for (const bench of names) {
    // The live benchmark's database may be renamed (BENCH_LIVE_DB) so that two checkouts do not drop each other's.
    const name = bench === 'live' ? (process.env.BENCH_LIVE_DB ?? 'live') : bench;
    await dropPgDatabase(name).catch((e: unknown) => console.error(`could not drop fcl_bench_${name}: ${String(e)}`));
  }
  rmSync(TMP_DIR, { recursive: true, force: true });
}

const targets: (TargetCheck & { bench: string })[] = reports.flatMap((r) =>
  r.targets.map((t) => ({ ...t, bench: r.name })),
);
const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
writeFileSync(
  join(RESULTS_DIR, `run-${stamp}.json`),
  `${JSON.stringify({ startedAt, finishedAt: new Date(), machine: machine(), quick: QUICK, reports, failures }, null, 2)}\n`,
);
const met = targets.filter((t) => t.met).length;
console.log(
  `\n━━ summary: ${met}/${targets.length} targets met${failures.length ? `, ${failures.length} benchmark(s) failed: ${failures.map((f) => f.name).join(', ')}` : ''}`,
);
for (const t of targets.filter((x) => !x.met))
  console.log(`  NOT MET  ${t.bench}: ${t.name}: ${t.measured} (${t.target})`);
console.log(`results: ${join(RESULTS_DIR, `run-${stamp}.json`)}`);
process.exit(failures.length > 0 ? 1 : 0);
