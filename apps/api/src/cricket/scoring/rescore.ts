import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { withTransaction } from '../../db/transaction';
import { queueResultEmails } from '../../reminders/result-queue';
import { recomputeDerived } from './derived';

/**
 * The re-score hook: called after a fixture's result, stats or players' positions changed, inside
 * the transaction that changed them. It rebuilds the fixture's derived winners and stat counts, and
 * invalidates what was computed from them (docs/performance.md, "Standings cache"):
 *
 * - the fixture's version (`standings_fixture_versions`) moves, so every league's `standings_points`
 *   for it are recomputed on their next read (src/standings/materialize.ts);
 * - standings version 0 moves, so every API process drops the leaderboards it holds in memory
 *   (src/standings/cache.ts) on its next request.
 *
 * Both are bumped in this transaction: a reader sees the new result and the new versions together.
 * The fixture's result email is queued (or re-queued when its result changed) in it too
 * (src/reminders/result-queue.ts, docs/decisions/0028-result-emails.md).
 * Score details are computed on read from the derived tables and need nothing else.
 */
export async function onResultChanged(db: Kysely<DB>, fixtureId: number): Promise<void> {
  await onResultsChanged(db, [fixtureId]);
}

/** `onResultChanged` for several fixtures at once (one set-based rebuild). */
export async function onResultsChanged(db: Kysely<DB>, fixtureIds: readonly number[]): Promise<void> {
  if (fixtureIds.length === 0) return;
  await withTransaction(db, async (trx) => {
    await recomputeDerived(trx, { fixtureIds });
    await invalidateStandings(trx, fixtureIds);
    await queueResultEmails(trx, fixtureIds);
  });
}

/** Bumps the fixtures' versions and standings version 0 (once per transaction each; migration 0006). */
export async function invalidateStandings(trx: Kysely<DB>, fixtureIds: readonly number[]): Promise<void> {
  const ids = [...new Set(fixtureIds)].map((id) => sql`(${Math.trunc(id)}::int)`);
  await sql`SELECT standings_touch_fixture(f.id) FROM (VALUES ${sql.join(ids)}) AS f(id)`.execute(trx);
  await sql`SELECT standings_touch(0)`.execute(trx);
}
