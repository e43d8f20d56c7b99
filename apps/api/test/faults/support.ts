import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { TEST_POSTGRES_URL } from '../db';

/**
 * Helpers of the fault-injection tests: real processes (the API's `main.ts`, the CLI) started with
 * `node --import tsx`, killed with SIGKILL at seeded moments, fresh PostgreSQL databases, a TCP
 * proxy that can cut the API off its database, and a seeded random source. Every wait is bounded.
 */

/** apps/api */
export const API_DIR = fileURLToPath(new URL('../../', import.meta.url));

/** The seed of every random choice in the fault tests (FAULT_SEED to replay another run). */
export const FAULT_SEED = Number(process.env.FAULT_SEED ?? 9);

/** mulberry32: a small seeded generator, so a failing run can be replayed with its seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a truthy value or `timeoutMs` passes (then throws `what`). */
export async function waitFor<T>(what: string, check: () => Promise<T> | T, timeoutMs = 20_000, everyMs = 100) {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > until)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${last}` : ''}`);
    await sleep(everyMs);
  }
}

// ---- PostgreSQL ----------------------------------------------------------------------------------

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

let databases = 0;

export interface FaultDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * A new, empty database `fcl_faults_<pid>_<n>` on the test server (TEST_DATABASE_URL's server):
 * real processes connect to it by URL, as they would in production. `drop()` removes it again.
 */
export async function createFaultDatabase(): Promise<FaultDatabase> {
  databases += 1;
  const name = `fcl_faults_${process.pid}_${databases}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: withDatabase(TEST_POSTGRES_URL, name),
    async drop() {
      const c = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** host:port of the PostgreSQL server the tests use. */
export function postgresAddress(): { host: string; port: number } {
  const u = new URL(TEST_POSTGRES_URL);
  return { host: u.hostname, port: Number(u.port || 5432) };
}

/** The same database URL, reached through another host:port (the cut-able proxy). */
export function viaPort(url: string, port: number): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(port);
  return u.toString();
}

// ---- processes -----------------------------------------------------------------------------------

export interface Child {
  proc: ChildProcess;
  /** stdout and stderr so far. */
  output(): string;
  /** Resolves when the process has exited (code or signal). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
  /** SIGKILL, then waits for the exit. */
  kill9(): Promise<void>;
}

const children = new Set<Child>();

/** Runs `node --import tsx <script> ...args` in apps/api with the given environment. */
export function spawnTs(script: string, args: string[], env: Record<string, string>): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: API_DIR,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  proc.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  let done = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    proc.on('exit', (code, signal) => {
      done = true;
      resolve({ code, signal });
    });
  });
  const child: Child = {
    proc,
    output: () => out,
    exited,
    alive: () => !done,
    async kill9() {
      if (!done) proc.kill('SIGKILL');
      await exited;
    },
  };
  children.add(child);
  void exited.then(() => children.delete(child));
  return child;
}

/** Kills (SIGKILL) every process these helpers started that is still running (afterAll). */
export async function killChildren(): Promise<void> {
  await Promise.all([...children].map((c) => c.kill9()));
}

/** A TCP port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export function tempDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export interface ApiProcess extends Child {
  port: number;
  url(path: string): string;
}

/**
 * Starts the production entry (`src/main.ts`) on a free port and waits until it answers. No demo
 * season, no pick jobs during the test, mail to files in `dataDir`.
 */
export async function startApi(env: Record<string, string>, timeoutMs = 45_000): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawnTs('src/main.ts', [], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_SEASON: 'off',
    PICK_JOBS_INTERVAL_MS: '3600000',
    ...env,
  });
  const api: ApiProcess = { ...child, port, url: (path) => `http://127.0.0.1:${port}${path}` };
  try {
    await waitFor(
      'the API to answer',
      async () => {
        if (!child.alive()) throw new Error(`the API exited: ${child.output()}`);
        const res = await fetch(api.url('/api/faq/'), { signal: AbortSignal.timeout(2_000) });
        return res.status === 200;
      },
      timeoutMs,
      100,
    );
  } catch (err) {
    await child.kill9();
    throw new Error(`${(err as Error).message}\n--- API output ---\n${child.output()}`);
  }
  return api;
}

// ---- HTTP as a browser does it -------------------------------------------------------------------

export interface Answer {
  status: number;
  body: unknown;
  ms: number;
}

/** A signed-in browser: cookies (session + XSRF) and the XSRF header on unsafe methods. */
export class Browser {
  constructor(readonly cookies: Map<string, string>) {}

  async request(method: string, url: string, body?: unknown, timeoutMs = 15_000): Promise<Answer> {
    const started = Date.now();
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    if (method !== 'GET') headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text, the tests check that
    }
    return { status: res.status, body: parsed, ms: Date.now() - started };
  }
}

// ---- a cut-able TCP proxy ------------------------------------------------------------------------

/**
 * A TCP proxy in front of PostgreSQL. `cut()` does to the API what a server restart does: every open
 * connection is dropped and new ones are refused (the port is closed); `restore()` listens again on
 * the same port.
 */
export class CutProxy {
  private server: Server | undefined;
  private readonly pairs = new Set<[Socket, Socket]>();
  connections = 0;

  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  static async start(target: { host: string; port: number }): Promise<CutProxy> {
    const proxy = new CutProxy(await freePort(), target);
    await proxy.restore();
    return proxy;
  }

  async restore(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      this.connections += 1;
      const upstream = connect(this.target.port, this.target.host);
      const pair: [Socket, Socket] = [client, upstream];
      this.pairs.add(pair);
      const close = () => {
        client.destroy();
        upstream.destroy();
        this.pairs.delete(pair);
      };
      client.on('error', close).on('close', close);
      upstream.on('error', close).on('close', close);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const [a, b] of this.pairs) {
      a.destroy();
      b.destroy();
    }
    this.pairs.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async stop(): Promise<void> {
    await this.cut();
  }
}
