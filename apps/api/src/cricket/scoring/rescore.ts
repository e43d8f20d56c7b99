import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { withTransaction } from '../db-util';
import { recomputeDerived } from './derived';

/**
 * The re-score hook: called after a fixture's result, stats or players' positions changed, inside
 * the transaction that changed them. It rebuilds the fixture's derived winners and stat counts.
 * Nothing else needs telling: standings, contests and score details are computed on read from the
 * derived tables (docs/decisions/0007-standings.md), so they reflect the change at once.
 */
export async function onResultChanged(db: Kysely<DB>, fixtureId: number): Promise<void> {
  await onResultsChanged(db, [fixtureId]);
}

/** `onResultChanged` for several fixtures at once (one set-based rebuild). */
export async function onResultsChanged(db: Kysely<DB>, fixtureIds: readonly number[]): Promise<void> {
  if (fixtureIds.length === 0) return;
  await withTransaction(db, (trx) => recomputeDerived(trx, { fixtureIds }));
}
