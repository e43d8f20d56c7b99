import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { API_DIR, ROOT, TMP_DIR } from './env';

/** A free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface Child {
  name: string;
  proc: ChildProcess;
  url: string;
  port: number;
  stop(): Promise<void>;
}

let logCounter = 0;
/** Every child still running: killed when the harness exits, however it exits. */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

/** Spawns a node process running a TypeScript file with tsx; its output goes to bench-results/tmp/logs. */
export function spawnTs(
  name: string,
  file: string,
  args: string[],
  env: Record<string, string>,
  cwd = ROOT,
): ChildProcess {
  const logDir = join(TMP_DIR, 'logs');
  mkdirSync(logDir, { recursive: true });
  logCounter += 1;
  const out = createWriteStream(join(logDir, `${String(logCounter).padStart(2, '0')}-${name}.log`));
  const proc = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.pipe(out);
  proc.stderr?.pipe(out);
  children.add(proc);
  proc.once('exit', () => children.delete(proc));
  return proc;
}

export async function stopChild(proc: ChildProcess, timeoutMs = 15_000): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
    }, timeoutMs);
    proc.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    proc.kill('SIGTERM');
  });
}

/** Polls `url` until it answers 200 (or the process dies, or the timeout passes). */
export async function waitForHttp(url: string, proc: ChildProcess, timeoutMs = 300_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`process exited (${proc.exitCode}) before answering ${url}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no answer from ${url} after ${timeoutMs} ms`);
}

export interface ApiOptions {
  name: string;
  /** PostgreSQL URL, or none for PGlite in `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  env?: Record<string, string>;
}

/**
 * The product as it runs in production: apps/api/src/main.ts (migrations, jobs, the API, the built web
 * app), with per-request logging off (LOG_LEVEL=warn) and no demo season unless `env` asks for it.
 */
export async function startApi(o: ApiOptions): Promise<Child> {
  const port = await freePort();
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: o.dataDir,
    LOG_LEVEL: 'warn',
    DEMO_SEASON: 'off',
    PICK_JOBS_INTERVAL_MS: '3600000',
    APP_URL: `http://127.0.0.1:${port}`,
    ...(o.databaseUrl ? { DATABASE_URL: o.databaseUrl } : {}),
    ...o.env,
  };
  if (!o.databaseUrl) delete process.env.DATABASE_URL;
  const proc = spawnTs(o.name, 'src/main.ts', [], env, API_DIR);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/api/faq/`, proc);
  } catch (e) {
    await stopChild(proc);
    throw e;
  }
  return { name: o.name, proc, url, port, stop: () => stopChild(proc) };
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc). */
export function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS);
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = 100;
