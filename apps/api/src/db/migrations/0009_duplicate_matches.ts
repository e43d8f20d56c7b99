import { type Kysely, sql } from 'kysely';

/**
 * Duplicate Cricsheet files (issue 13; docs/decisions/0015-duplicate-matches.md): a match saved under
 * a second file name (`<id>-v2.json` beside `<id>.json`) is the same match by its content, not by its
 * match id. `match_key` records that content identity (season, slot, date, teams) of each imported
 * file, so that a duplicate arriving in a later run is recognised; `superseded_by` records the
 * operator's choice of another file of the same match (`--prefer`), so that later runs skip this one.
 * Imports recorded before this migration get their key when their file is next imported.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE cricsheet_imports ADD COLUMN match_key text, ADD COLUMN superseded_by text`.execute(db);
  await sql`CREATE INDEX cricsheet_imports_match_key_idx ON cricsheet_imports (match_key)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX cricsheet_imports_match_key_idx`.execute(db);
  await sql`ALTER TABLE cricsheet_imports DROP COLUMN superseded_by, DROP COLUMN match_key`.execute(db);
}
