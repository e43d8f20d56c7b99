import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { withTransaction } from '../db-util';
import { recomputeDerived } from './derived';

/**
 * Something that must happen when a fixture's result or stats change (the leagues module registers
 * its re-scoring here). Listeners run inside the caller's transaction: use the `db` they are given,
 * never another connection (PGlite has a single connection and would wait forever).
 */
export type ResultChangedListener = (db: Kysely<DB>, fixtureIds: readonly number[]) => Promise<void>;

const listeners = new Set<ResultChangedListener>();

/** Registers a listener; returns a function that removes it. */
export function addResultChangedListener(listener: ResultChangedListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The re-score hook: called after a fixture's result, stats or players' positions changed. Rebuilds
 * the derived winners and stat counts of the fixture, then runs the registered listeners.
 */
export async function onResultChanged(db: Kysely<DB>, fixtureId: number): Promise<void> {
  await onResultsChanged(db, [fixtureId]);
}

/** `onResultChanged` for several fixtures at once (one set-based rebuild). */
export async function onResultsChanged(db: Kysely<DB>, fixtureIds: readonly number[]): Promise<void> {
  if (fixtureIds.length === 0) return;
  await withTransaction(db, async (trx) => {
    await recomputeDerived(trx, { fixtureIds });
    for (const l of listeners) await l(trx, fixtureIds);
  });
}
