import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { PgliteHub, PostgresHub, registerHub, trackingWrites } from './notifications';
import type { DB } from './schema';

export type DbKind = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  kind: DbKind;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; `undefined` or 'memory://' keeps the database in memory (tests). */
  pgliteDir?: string | undefined;
  /** PostgreSQL only: the schema to use (tests isolate each file in its own schema). */
  schema?: string | undefined;
  /** PostgreSQL only: pool size per process. */
  poolSize?: number | undefined;
  /**
   * PostgreSQL only: called when a pooled connection breaks while idle (server restart, network cut).
   * The pool drops that connection and opens a new one on the next query. Default: one line on stderr.
   */
  onConnectionError?: ((err: Error) => void) | undefined;
}

/** How long opening a PostgreSQL connection may take before the query fails (no hang when the server is away). */
export const CONNECT_TIMEOUT_MS = 5_000;

// Postgres returns int8 (COUNT, SUM of integers) as text by default; our counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // A connection that breaks (PostgreSQL restarted, the network cut) emits 'error' on its client,
    // and on the pool when it was idle; without listeners that is an unhandled 'error' event, which
    // ends the process. With them: the query running on it fails (the API answers 503), the pool drops
    // the connection, and the next query opens a new one once the server is back.
    const onError =
      options.onConnectionError ??
      ((err: Error) => console.error(`database connection lost (${err.message}); reconnecting on the next query`));
    pool.on('error', onError);
    pool.on('connect', (client) => {
      client.on('error', () => {
        // Reported once by the pool's 'error' (idle) or by the failing query (in use).
      });
    });
    // The in-process caches' change listener (src/db/notifications.ts): started by the first cache
    // that asks, told about every write this process commits.
    const hub = new PostgresHub({
      connectionString: options.databaseUrl,
      schema: options.schema,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      log: (line) => console.error(line),
    });
    const db = new Kysely<DB>({ dialect: trackingWrites(new PostgresDialect({ pool }), () => hub.wrote()) });
    registerHub(db, hub);
    if (options.schema) await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(options.schema)}`.execute(db);
    return {
      db,
      kind: 'postgres',
      close: async () => {
        await hub.close();
        await db.destroy();
      },
    };
  }
  const dir = options.pgliteDir && options.pgliteDir !== 'memory://' ? options.pgliteDir : undefined;
  if (dir) mkdirSync(dir, { recursive: true });
  const pglite = dir ? new PGlite(dir) : new PGlite();
  await pglite.waitReady;
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  const hub = new PgliteHub(pglite);
  registerHub(db, hub);
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await hub.close();
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
