import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { DB_TARGET, freshDatabase } from './db';

describe(`database on ${DB_TARGET}`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs on the selected engine', async () => {
    expect(database.kind).toBe(DB_TARGET);
    const { rows } = await sql<{ v: string }>`select version() as v`.execute(database.db);
    expect(rows[0]?.v).toMatch(/PostgreSQL/);
  });

  it('migrations are idempotent', async () => {
    await migrateToLatest(database.db);
    const tables = await database.db.introspection.getTables();
    expect(tables.map((t) => t.name)).toContain('users');
  });

  it('rejects a second account with the same email in another case', async () => {
    await database.db
      .insertInto('users')
      .values({ first_name: 'A', last_name: 'B', email: 'x@example.com', password_hash: 'h' })
      .execute();
    await expect(
      database.db
        .insertInto('users')
        .values({ first_name: 'A', last_name: 'B', email: 'X@Example.com', password_hash: 'h' })
        .execute(),
    ).rejects.toThrow();
  });
});
