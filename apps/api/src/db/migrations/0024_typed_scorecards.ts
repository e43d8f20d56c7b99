import { type Kysely, sql } from 'kysely';

/**
 * Scorecards typed in the console (docs/decisions/0044-typed-scorecards.md): the last one saved for a
 * fixture, as the operator entered it (players by id), so that the console reopens it for a
 * correction, with the digest of the match it wrote (`checksum`) and of the fixture's figures after
 * the write (`written`), which tell a save that changes nothing. The figures themselves are the
 * importer's rows (player_fixture_stats, fixture_innings, fixture_results); a later Cricsheet or vendor
 * import of the match replaces them and the fixture then holds that match's id. Saving is an import
 * run of its own kind, `scorecard`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE fixture_scorecards (
    fixture_id integer PRIMARY KEY REFERENCES fixtures(id) ON DELETE CASCADE,
    scorecard jsonb NOT NULL,
    checksum text NOT NULL,
    written text NOT NULL,
    saved_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`ALTER TABLE import_runs DROP CONSTRAINT import_runs_kind_check`.execute(db);
  await sql`ALTER TABLE import_runs ADD CONSTRAINT import_runs_kind_check
    CHECK (kind IN ('schedule', 'squads', 'cricsheet', 'results', 'result', 'fetch', 'scorecard'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM import_runs WHERE kind = 'scorecard'`.execute(db);
  await sql`ALTER TABLE import_runs DROP CONSTRAINT import_runs_kind_check`.execute(db);
  await sql`ALTER TABLE import_runs ADD CONSTRAINT import_runs_kind_check
    CHECK (kind IN ('schedule', 'squads', 'cricsheet', 'results', 'result', 'fetch'))`.execute(db);
  await sql`DROP TABLE IF EXISTS fixture_scorecards`.execute(db);
}
