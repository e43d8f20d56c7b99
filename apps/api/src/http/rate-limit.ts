import { type Kysely, sql } from 'kysely';
import type { RateLimit } from '../config';
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
