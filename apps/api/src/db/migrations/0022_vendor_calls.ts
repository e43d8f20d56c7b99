import { type Kysely, sql } from 'kysely';

/**
 * The calls made to each data vendor per UTC day (src/vendors/http.ts): one row per vendor and day,
 * counted by every API process with one atomic upsert, so the processes share the day's budget and
 * the console shows the calls of the day and what remains of the plan's allowance.
 * `day` is the UTC date as 'YYYY-MM-DD'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE vendor_calls (
    vendor text NOT NULL,
    day text NOT NULL CHECK (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    calls integer NOT NULL DEFAULT 0 CHECK (calls >= 0),
    last_call_at timestamptz,
    PRIMARY KEY (vendor, day)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS vendor_calls`.execute(db);
}
