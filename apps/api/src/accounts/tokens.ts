import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB, UserTokensTable } from '../db/schema';
import { fromNow } from '../http/session';
import { isWellFormedToken, newToken, sha256 } from '../http/tokens';

export type TokenPurpose = UserTokensTable['purpose'];

/**
 * Issues a single-use email-link token (32 random bytes, base64url; only its sha256 is stored).
 * Older unused tokens of the same purpose stop working at once (their expiry is set to now).
 */
export async function issueToken(
  trx: Transaction<DB>,
  userId: number,
  purpose: TokenPurpose,
  ttlMs: number,
): Promise<string> {
  await trx
    .updateTable('user_tokens')
    .set({ expires_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .execute();
  const token = newToken();
  await trx
    .insertInto('user_tokens')
    .values({ token_hash: sha256(token), user_id: userId, purpose, expires_at: fromNow(ttlMs) })
    .execute();
  return token;
}

export type TokenState = 'valid' | 'used' | 'expired';

export interface FoundToken {
  tokenHash: string;
  userId: number;
  email: string;
  firstName: string;
  emailVerified: boolean;
  state: TokenState;
}

/** The token and its user, with whether it can still be used; null when it was never issued. */
export async function findToken(
  db: Kysely<DB> | Transaction<DB>,
  raw: string,
  purpose: TokenPurpose,
): Promise<FoundToken | null> {
  if (!isWellFormedToken(raw)) return null;
  const tokenHash = sha256(raw);
  const row = await db
    .selectFrom('user_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.user_id',
      'u.email',
      'u.first_name',
      'u.email_verified_at',
      't.used_at',
      sql<boolean>`t.expires_at <= now()`.as('expired'),
    ])
    .where('t.token_hash', '=', tokenHash)
    .where('t.purpose', '=', purpose)
    .executeTakeFirst();
  if (!row) return null;
  return {
    tokenHash,
    userId: row.user_id,
    email: row.email,
    firstName: row.first_name,
    emailVerified: row.email_verified_at !== null,
    state: row.used_at !== null ? 'used' : row.expired ? 'expired' : 'valid',
  };
}

/** Marks the token used, only if nobody did so first; false when it lost the race. */
export async function consumeToken(trx: Transaction<DB>, tokenHash: string): Promise<boolean> {
  const result = await trx
    .updateTable('user_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
