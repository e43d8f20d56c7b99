import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Backoff, RateLimit } from '../config';
import type { DB } from '../db/schema';
import { HttpError, apiMessages } from './errors';
import { sha256 } from './tokens';

/**
 * Fixed-window counters in table rate_limits, so a limit holds across API processes. One atomic
 * upsert per attempt: a window older than `windowMs` restarts at 1. Keys are hashed, so the table
 * holds no email addresses or IPs.
 */
export async function consume(
  db: Kysely<DB>,
  bucket: string,
  identity: string,
  limit: RateLimit,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const key = `${bucket}:${sha256(identity)}`;
  const secs = limit.windowMs / 1000;
  const { rows } = await sql<{ count: number; retry_after: number }>`
    INSERT INTO rate_limits AS r (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      window_start = CASE WHEN r.window_start <= now() - make_interval(secs => ${secs}) THEN now() ELSE r.window_start END,
      count = CASE WHEN r.window_start <= now() - make_interval(secs => ${secs}) THEN 1 ELSE r.count + 1 END
    RETURNING count,
      ceil(extract(epoch FROM (window_start + make_interval(secs => ${secs}) - now())))::int AS retry_after`.execute(
    db,
  );
  const row = rows[0];
  return { allowed: (row?.count ?? 0) <= limit.max, retryAfterSeconds: Math.max(1, row?.retry_after ?? 1) };
}

/**
 * Gives back one attempt counted by `consume` (an attempt that turned out not to be the kind the limit
 * counts, or that was refused before it was made). Never below zero.
 */
export async function refund(db: Kysely<DB>, bucket: string, identity: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', `${bucket}:${sha256(identity)}`)
    .where('count', '>', 0)
    .execute();
}

/** Counts one attempt; 429 'Too many attempts. Please try again later.' once the window is full. */
export async function enforceRateLimit(
  db: Kysely<DB>,
  bucket: string,
  identity: string,
  limit: RateLimit,
): Promise<void> {
  const { allowed, retryAfterSeconds } = await consume(db, bucket, identity, limit);
  if (!allowed) {
    throw new HttpError(429, apiMessages.tooManyAttempts, undefined, { 'retry-after': String(retryAfterSeconds) });
  }
}

/**
 * 429 if `identity`'s current window is already full, without counting this request: for limits that
 * count only some outcomes (a failed sign-in, an "already exists"), counted afterwards with `consume`.
 * Concurrent requests may each pass before any is counted, so such a limit can be exceeded by the
 * number of requests in flight at once.
 */
export async function enforceNotFull(
  db: Kysely<DB>,
  bucket: string,
  identity: string,
  limit: RateLimit,
): Promise<void> {
  const key = `${bucket}:${sha256(identity)}`;
  const secs = limit.windowMs / 1000;
  const row = await db
    .selectFrom('rate_limits')
    .select([
      'count',
      sql<number>`ceil(extract(epoch FROM (window_start + make_interval(secs => ${secs}) - now())))::int`.as(
        'retry_after',
      ),
    ])
    .where('key', '=', key)
    .where('window_start', '>', sql<Date>`now() - make_interval(secs => ${secs})`)
    .executeTakeFirst();
  if (row && row.count >= limit.max) {
    const retryAfter = Math.max(1, Number(row.retry_after) || 1);
    throw new HttpError(429, apiMessages.tooManyAttempts, undefined, { 'retry-after': String(retryAfter) });
  }
}

/**
 * Backoff on one key, in table rate_limits (`count` = attempts let through since the key was last
 * cleared or forgotten, `window_start` = when the last of them was let through). The first
 * `policy.free` attempts pass; after that an attempt passes only `baseMs · 2^(count − free)` (at most
 * `maxMs`) after the previous one. A refused attempt changes nothing, so waiting always works. One
 * atomic upsert (a refused attempt updates no row, so it returns none): concurrent attempts cannot
 * all slip through.
 */
export async function consumeBackoff(
  db: Kysely<DB>,
  bucket: string,
  identity: string,
  policy: Backoff,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const key = `${bucket}:${sha256(identity)}`;
  const waitOf = (count: RawBuilder<unknown>) =>
    sql`make_interval(secs => least(${policy.maxMs / 1000}::float8, ${policy.baseMs / 1000}::float8 * power(2::float8, (${count} - ${policy.free}::int)::float8)))`;
  const stale = sql`r.window_start <= now() - make_interval(secs => ${policy.forgetMs / 1000}::float8)`;
  const { rows } = await sql<{ count: number }>`
    INSERT INTO rate_limits AS r (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN ${stale} THEN 1 ELSE r.count + 1 END,
      window_start = now()
    WHERE ${stale} OR r.count < ${policy.free}::int OR now() >= r.window_start + ${waitOf(sql`r.count`)}
    RETURNING count`.execute(db);
  if (rows.length > 0) return { allowed: true, retryAfterSeconds: 0 };
  const row = await db
    .selectFrom('rate_limits')
    .select(
      sql<number>`ceil(extract(epoch FROM (window_start + ${waitOf(sql.ref('count'))} - now())))::int`.as(
        'retry_after',
      ),
    )
    .where('key', '=', key)
    .executeTakeFirst();
  return { allowed: false, retryAfterSeconds: Math.max(1, Number(row?.retry_after) || 1) };
}

/** Forgets a key's attempts (a correct password, a used link). */
export async function clearBackoff(db: Kysely<DB>, bucket: string, identity: string): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('key', '=', `${bucket}:${sha256(identity)}`)
    .execute();
}

/** Counts one attempt on a backoff key; 429 with Retry-After (and `message`) while it must wait. */
export async function enforceBackoff(
  db: Kysely<DB>,
  bucket: string,
  identity: string,
  policy: Backoff,
  message: (retryAfterSeconds: number) => string = () => apiMessages.tooManyAttempts,
): Promise<void> {
  const { allowed, retryAfterSeconds } = await consumeBackoff(db, bucket, identity, policy);
  if (!allowed) {
    throw new HttpError(429, message(retryAfterSeconds), undefined, { 'retry-after': String(retryAfterSeconds) });
  }
}
