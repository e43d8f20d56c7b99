import type { Kysely } from 'kysely';
import type { DB } from './schema';

/** Runs `fn` in a transaction, or directly when `db` already is one (Kysely has no nested transactions). */
export async function withTransaction<T>(db: Kysely<DB>, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  return db.transaction().execute((trx) => fn(trx));
}
