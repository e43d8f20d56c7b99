import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../../apps/api/src/db/database';
import { migrateToLatest } from '../../apps/api/src/db/migrate';
import { PG_ADMIN_URL, pgUrl, scratch } from './env';

export type Target = 'postgres' | 'pglite';

/** A database the harness owns: PostgreSQL `fcl_bench_<name>` or a PGlite folder under bench-results/tmp. */
export interface BenchDb {
  target: Target;
  /** PostgreSQL connection string (postgres only). */
  url?: string;
  /** DATA_DIR for the API process (pglite: holds `pglite/`). */
  dataDir: string;
  open(): Promise<Database>;
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Drops and re-creates `fcl_bench_<name>` (never any other database). */
export async function recreatePgDatabase(name: string): Promise<string> {
  const database = `fcl_bench_${name}`;
  if (!/^fcl_bench_[a-z0-9_]+$/.test(database)) throw new Error(`bad bench database name ${database}`);
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${database}`);
  });
  return pgUrl(database);
}

export async function dropPgDatabase(name: string): Promise<void> {
  const database = `fcl_bench_${name}`;
  if (!/^fcl_bench_[a-z0-9_]+$/.test(database)) throw new Error(`bad bench database name ${database}`);
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
}

/** A fresh, migrated database of the target kind. */
export async function freshBenchDb(target: Target, name: string): Promise<BenchDb> {
  const dataDir = scratch(`${name}-${target}`);
  if (target === 'postgres') {
    const url = await recreatePgDatabase(name);
    const bench: BenchDb = {
      target,
      url,
      dataDir,
      open: () => openDatabase({ databaseUrl: url, poolSize: 10 }),
    };
    const database = await bench.open();
    await migrateToLatest(database.db);
    await database.close();
    return bench;
  }
  rmSync(join(dataDir, 'pglite'), { recursive: true, force: true });
  const bench: BenchDb = {
    target,
    dataDir,
    open: () => openDatabase({ pgliteDir: join(dataDir, 'pglite') }),
  };
  const database = await bench.open();
  await migrateToLatest(database.db);
  await database.close();
  return bench;
}

/** Runs `fn` with the database open, closing it afterwards (PGlite allows one process at a time). */
export async function withDb<T>(bench: BenchDb, fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await bench.open();
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

/** CPU ms used so far by the PostgreSQL backends connected to `fcl_bench_<name>` (a meter for one run). */
export async function pgBackendsCpu(name: string): Promise<() => Promise<number>> {
  const { cpuMs } = await import('./proc');
  return async () => {
    const pids = await admin(async (c) => {
      const r = await c.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [
        `fcl_bench_${name}`,
      ]);
      return r.rows.map((x) => x.pid);
    });
    return pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  };
}
