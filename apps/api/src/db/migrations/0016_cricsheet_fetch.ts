import { type Kysely, sql } from 'kysely';

/**
 * The scheduled Cricsheet fetch (issue 18, docs/decisions/0027-scheduled-cricsheet-fetch.md): one row,
 * shared by every API process.
 * - `url`, `etag`, `last_modified`: the validators of the last download that imported successfully, and
 *   the URL they belong to (a new CRICSHEET_FETCH_URL starts without validators);
 * - `next_run_at`: when the next scheduled run is due (null: at once);
 * - `lease_holder`, `lease_until`: the run in progress. A process claims the job with one UPDATE that
 *   only succeeds when no unexpired lease is held, renews the lease while it runs, and clears it when it
 *   ends; a process that died mid-run leaves a lease that lapses;
 * - `last_run_id`: the import history's record of the last run (`import_runs`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE cricsheet_fetch (
    id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    url text,
    etag text,
    last_modified text,
    next_run_at timestamptz,
    lease_holder text,
    lease_until timestamptz,
    last_run_id integer REFERENCES import_runs(id) ON DELETE SET NULL
  )`.execute(db);
  await sql`INSERT INTO cricsheet_fetch (id) VALUES (1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS cricsheet_fetch`.execute(db);
}
