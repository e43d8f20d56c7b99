import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * The advisory lock every writer of a live fixture takes first (a ball, the start, a flush, silence,
 * completion, the runner's lease), so that they take turns on the fixture.
 */

/** pg_advisory_xact_lock(key, fixture id) of a fixture's live writes ("FCLV"). */
export const LIVE_LOCK = 0x46434c56;

/** Takes the fixture's live lock until the end of the transaction. */
export async function lockLiveFixture(trx: Kysely<DB>, fixtureId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${LIVE_LOCK}, ${fixtureId})`.execute(trx);
}
