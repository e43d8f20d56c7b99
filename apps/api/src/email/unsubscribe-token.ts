import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * Unsubscribe links: `<user id in base 36>.<base64url HMAC-SHA256>` over the purpose and the user id,
 * keyed with a random secret kept in app_secrets so every API process on the database shares it.
 * The token never expires (an old email's link keeps working) and only turns reminder emails off.
 */

export const UNSUBSCRIBE_SECRET = 'unsubscribe_link_key';
const PURPOSE = 'unsubscribe:v1';

const keys = new WeakMap<object, Buffer>();

/** The signing key: created on first use (INSERT … ON CONFLICT DO NOTHING), then read back. */
export async function unsubscribeKey(db: Kysely<DB>): Promise<Buffer> {
  const cached = keys.get(db);
  if (cached) return cached;
  await db
    .insertInto('app_secrets')
    .values({ name: UNSUBSCRIBE_SECRET, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', UNSUBSCRIBE_SECRET)
    .executeTakeFirstOrThrow();
  const key = Buffer.from(row.value, 'base64url');
  keys.set(db, key);
  return key;
}

function sign(key: Buffer, userId: number): Buffer {
  return createHmac('sha256', key).update(`${PURPOSE}:${userId}`).digest();
}

export function unsubscribeToken(key: Buffer, userId: number): string {
  return `${userId.toString(36)}.${sign(key, userId).toString('base64url')}`;
}

/** The user id of a well-formed, correctly signed token; null otherwise (compared in constant time). */
export function verifyUnsubscribeToken(key: Buffer, token: string): number | null {
  const match = /^([0-9a-z]{1,11})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number.parseInt(match[1]!, 36);
  if (!Number.isSafeInteger(userId) || userId <= 0 || userId.toString(36) !== match[1]) return null;
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = sign(key, userId);
  if (given.length !== expected.length || given.toString('base64url') !== match[2]) return null;
  return timingSafeEqual(given, expected) ? userId : null;
}
