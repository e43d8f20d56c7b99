import { type Kysely, sql } from 'kysely';

/**
 * Live standings are no longer rebuilt on every ball (docs/decisions/0016-live-match-day.md,
 * "Standings interval"): `standings_pending` holds the leagues whose provisional points moved since
 * their last standings event, so that a restart still announces them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE live_fixtures ADD COLUMN standings_pending jsonb NOT NULL DEFAULT '[]'::jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE live_fixtures DROP COLUMN IF EXISTS standings_pending`.execute(db);
}
