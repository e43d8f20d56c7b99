import type { Kysely } from 'kysely';

/**
 * Player Selection step 1 is final once saved (spec section 4: "Step 1 is locked once the user
 * proceeds"; the confirmation says the selection configuration "cannot be changed"). The moment it
 * was saved is kept on the league, so the server refuses a second save and every screen can show
 * the counts as final.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('leagues').addColumn('selection_config_locked_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('leagues').dropColumn('selection_config_locked_at').execute();
}
