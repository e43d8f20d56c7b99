import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { parseIntArray, parseJson } from '../src/db/parse';
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

  it('reads json and int[] columns alike, as the driver parses them or as their text', async () => {
    const { rows } = await sql<Record<string, unknown>>`
      SELECT '{"a":[1,2],"b":null}'::jsonb AS j, '{"a":[1,2],"b":null}'::jsonb::text AS j_text,
             '[[3,"x"]]'::json AS l, ARRAY[3,1,2] AS ids, ARRAY[3,1,2]::text AS ids_text,
             NULL::int[] AS none, (SELECT array_agg(x) FROM (SELECT 1 WHERE false) s(x)) AS empty_agg,
             '{}'::int[] AS empty`.execute(database.db);
    const r = rows[0]!;
    expect(parseJson(r.j)).toEqual({ a: [1, 2], b: null });
    expect(parseJson(r.j_text)).toEqual({ a: [1, 2], b: null });
    expect(parseJson(r.l)).toEqual([[3, 'x']]);
    expect(parseIntArray(r.ids)).toEqual([3, 1, 2]);
    expect(parseIntArray(r.ids_text)).toEqual([3, 1, 2]);
    expect(parseIntArray(r.none)).toEqual([]);
    expect(parseIntArray(r.empty_agg)).toEqual([]);
    expect(parseIntArray(r.empty)).toEqual([]);
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
