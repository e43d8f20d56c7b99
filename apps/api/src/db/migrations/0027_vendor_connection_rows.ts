import { type Kysely, sql } from 'kysely';

/**
 * Every known vendor's `vendor_connections` row exists from the start (empty: no credentials, no
 * competition). It used to be created on a vendor's first use (vendors/connection.ts
 * `connectionRow`), so a request the console refused (an unknown competition, say) could still leave
 * a new row behind: a refusal must change nothing (decision 0009). `connectionRow` keeps its insert
 * for a vendor added later, which then adds its row in a migration too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO vendor_connections (vendor) VALUES ('entitysport') ON CONFLICT (vendor) DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM vendor_connections WHERE vendor = 'entitysport' AND credentials IS NULL AND competition_id IS NULL`.execute(
    db,
  );
}
