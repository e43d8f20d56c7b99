import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { type Database, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';

/** Which database the integration tests run on: DB_TARGET=pglite (default) or postgres. */
export const DB_TARGET = (process.env.DB_TARGET ?? 'pglite') as 'pglite' | 'postgres';
export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a private schema on the
 * PostgreSQL server that is dropped again by `close()`.
 */
export async function freshDatabase(): Promise<Database> {
  if (DB_TARGET === 'postgres') {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const database = await openDatabase({ databaseUrl: TEST_POSTGRES_URL, schema, poolSize: 5 });
    await migrateToLatest(database.db);
    return {
      ...database,
      close: async () => {
        await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(database.db);
        await database.close();
      },
    };
  }
  const database = await openDatabase({});
  await migrateToLatest(database.db);
  return database;
}
