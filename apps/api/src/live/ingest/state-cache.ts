import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { LiveState } from './fixture-state';

/**
 * The live states this process keeps in memory, per database handle and fixture, and the tokens
 * they are valid under (decision 0017). A state is good while `live_fixtures.state_token` is the one
 * it was read or written with; every write that changes what a ball is derived from sets a new token.
 * Nothing is kept for a handle that is a caller's transaction.
 */

/** At most this many fixtures' states are kept per database handle (the oldest is dropped). */
const MAX_CACHED_FIXTURES = 64;
const statesByHandle = new WeakMap<Kysely<DB>, Map<number, LiveState>>();

export type StateCache = Map<number, LiveState>;

/** The states this process keeps for a database handle (none inside a caller's transaction). */
export function stateCacheOf(db: Kysely<DB>): StateCache | null {
  if (db.isTransaction) return null;
  let cache = statesByHandle.get(db);
  if (!cache) {
    cache = new Map();
    statesByHandle.set(db, cache);
  }
  return cache;
}

/** Keeps a fixture's state as the newest (or forgets it: null). */
export function keepState(cache: StateCache | null, fixtureId: number, state: LiveState | null): void {
  if (!cache) return;
  cache.delete(fixtureId);
  if (!state) return;
  cache.set(fixtureId, state);
  if (cache.size > MAX_CACHED_FIXTURES) cache.delete(cache.keys().next().value!);
}

/** A new random `state_token`. */
export const newStateToken = (): string => randomBytes(12).toString('hex');
