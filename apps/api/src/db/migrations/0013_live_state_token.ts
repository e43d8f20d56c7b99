import { type Kysely, sql } from 'kysely';

/**
 * A fixture's state token (docs/decisions/0017-live-ball-in-one-statement.md): a random value
 * replaced by every write that changes what a ball is derived from (the balls and lines, written by
 * `applyBall`; the feed's `info`, by `startLive`). A process keeps the fixture's balls and lines in
 * memory with the token it last wrote or read, and writes the next ball in one statement that applies
 * only while the stored token is still that one (otherwise it reads the database again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE live_fixtures ADD COLUMN state_token text NOT NULL DEFAULT md5(random()::text)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE live_fixtures DROP COLUMN IF EXISTS state_token`.execute(db);
}
