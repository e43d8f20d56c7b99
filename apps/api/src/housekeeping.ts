import { type Kysely, sql } from 'kysely';
import { updatePlannerStatistics } from './db/maintenance';
import type { DB } from './db/schema';

const DAY = 86_400;

/**
 * Deletes what has no use any more: ended sessions, old rate-limit windows, email-link tokens a
 * week after they stopped working, delivered mail after 30 days (it holds names and addresses), and
 * live events after a week.
 */
export async function purgeExpired(db: Kysely<DB>, idleMs?: number): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', sql<Date>`now()`).execute();
  if (idleMs) {
    await db
      .deleteFrom('sessions')
      .where('last_seen_at', '<=', sql<Date>`now() - make_interval(secs => ${idleMs / 1000})`)
      .execute();
  }
  await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', sql<Date>`now() - make_interval(secs => ${DAY})`)
    .execute();
  await db
    .deleteFrom('user_tokens')
    .where(sql<boolean>`coalesce(used_at, expires_at) < now() - make_interval(secs => ${7 * DAY})`)
    .execute();
  await db
    .deleteFrom('email_outbox')
    .where('status', '=', 'sent')
    .where('sent_at', '<', sql<Date>`now() - make_interval(secs => ${30 * DAY})`)
    .execute();
  // Live events serve reconnects during a match (docs/decisions/0016-live-match-day.md); after a week
  // screens read the snapshots.
  await db
    .deleteFrom('live_events')
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${7 * DAY})`)
    .execute();
}

/**
 * The housekeeping timer's job (src/app.ts, every `housekeepingIntervalMs`): purges what expired and,
 * on PGlite (which has no autovacuum), refreshes the planner statistics of tables that changed.
 */
export async function runHousekeeping(db: Kysely<DB>, idleMs?: number): Promise<void> {
  await purgeExpired(db, idleMs);
  await updatePlannerStatistics(db);
}
