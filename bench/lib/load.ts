import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { QUICK, ROOT, scratch } from './env';

export interface LoadSpec {
  url: string;
  connections: number;
  durationSec: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  variants?: { headers: Record<string, string>; body: string }[];
}

export interface LoadResult {
  connections: number;
  durationSec: number;
  requests: number;
  rps: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  bytesPerSec: number;
}

const run = promisify(execFile);
let specCounter = 0;

/** One autocannon run in a separate process (bench/lib/load-worker.ts), loopback only. */
export async function load(spec: LoadSpec): Promise<LoadResult> {
  const host = new URL(spec.url).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost') throw new Error(`load generators stay on loopback, not ${host}`);
  specCounter += 1;
  const file = join(scratch('load'), `spec-${specCounter}.json`);
  writeFileSync(file, JSON.stringify(spec));
  const { stdout } = await run(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/lib/load-worker.ts'), file], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
    timeout: (spec.durationSec + 120) * 1000,
  });
  const last = stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(last) as LoadResult;
}

/** Seconds of the timed runs (BENCH_QUICK=1: a smoke test) and of the warm-up before each. */
export const DURATION = { measure: QUICK ? 2 : 8, warmup: QUICK ? 1 : 2 };

/** A warm-up run (discarded), then the measured one. */
export async function warmAndLoad(spec: Omit<LoadSpec, 'durationSec'>): Promise<LoadResult> {
  await load({ ...spec, durationSec: DURATION.warmup });
  return load({ ...spec, durationSec: DURATION.measure });
}

/** True when every request of the run answered 2xx. */
export function clean(r: LoadResult): boolean {
  return r.non2xx === 0 && r.errors === 0 && r.timeouts === 0 && r.ok > 0;
}
