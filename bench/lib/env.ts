import { mkdirSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const API_DIR = join(ROOT, 'apps/api');
export const WEB_DIST = join(ROOT, 'apps/web/dist');
export const RESULTS_DIR = join(ROOT, 'bench-results');
/**
 * Scratch space of one run (PGlite folders, outboxes, logs); inside bench-results/, which git ignores.
 * One folder per run (the runner's pid, inherited by its child processes), so two runs never clean up
 * each other's files.
 */
process.env.BENCH_RUN_ID ??= String(process.pid);
export const TMP_DIR = join(RESULTS_DIR, 'tmp', `run-${process.env.BENCH_RUN_ID}`);

/** The PostgreSQL server: the harness creates and drops its own `fcl_bench_*` databases on it. */
export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/postgres';

export function pgUrl(database: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The 71 IPL 2024 Cricsheet files (../shared/cricsheet/ipl-2024 next to the repository). */
export const IPL_DIR = process.env.CRICSHEET_DIR
  ? resolve(process.env.CRICSHEET_DIR, 'ipl-2024')
  : resolve(ROOT, '..', 'shared', 'cricsheet', 'ipl-2024');

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** BENCH_QUICK=1 shortens every timed run (a smoke test of the harness, not a measurement). */
export const QUICK = process.env.BENCH_QUICK === '1';

export function scratch(name: string): string {
  const dir = join(TMP_DIR, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function machine() {
  return {
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    platform: `${process.platform} ${process.arch}`,
  };
}
