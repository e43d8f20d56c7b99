import type { components } from '@fantasy-cricket/api-client';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { idInSql } from '../db/id-list';

/**
 * The live events (openapi.yaml `LiveEvent`): written in the transaction that causes them, with ids
 * in commit order — the writer takes `LIVE_EVENTS_LOCK` (transaction-scoped) before inserting, so no
 * transaction can commit a lower id after a reader has seen a higher one — and a NOTIFY `E` that wakes
 * every process's hub (./hub.ts). A reconnect replays what it missed by id.
 */

export type LiveEvent = components['schemas']['LiveEvent'];
export type LiveEventType = LiveEvent['Type'];

/** pg_advisory_xact_lock key serialising event inserts ("FCLE"). */
export const LIVE_EVENTS_LOCK = 0x46434c45;

/** An event to write: its topic (a fixture or a league) and its data without `EventID`. */
export type NewEvent = { fixtureId: number | null; leagueId: number | null } & {
  [T in LiveEventType]: { type: T; data: Omit<Extract<LiveEvent, { Type: T }>, 'EventID' | 'Type'> };
}[LiveEventType];

/** Writes the events in the caller's transaction and notifies every process (on commit). */
export async function writeEvents(trx: Kysely<DB>, events: readonly NewEvent[]): Promise<number[]> {
  if (events.length === 0) return [];
  await sql`SELECT pg_advisory_xact_lock(${LIVE_EVENTS_LOCK})`.execute(trx);
  const rows = await trx
    .insertInto('live_events')
    .values(
      events.map((e) => ({
        fixture_id: e.fixtureId,
        league_id: e.leagueId,
        type: e.type,
        data: JSON.stringify(e.data),
      })),
    )
    .returning('id')
    .execute();
  await sql`SELECT pg_notify(change_channel(), 'E')`.execute(trx);
  return rows.map((r) => r.id);
}

export interface EventRow {
  id: number;
  fixture_id: number | null;
  league_id: number | null;
  type: string;
  data: unknown;
}

export function toEvent(r: EventRow): LiveEvent {
  const data = typeof r.data === 'string' ? JSON.parse(r.data) : r.data;
  return { EventID: r.id, Type: r.type, ...(data as object) } as LiveEvent;
}

/** Events after `after` (all topics), up to `limit`, in id order: what a hub delivers. */
export async function eventsAfter(db: Kysely<DB>, after: number, limit = 1000): Promise<EventRow[]> {
  return db
    .selectFrom('live_events')
    .select(['id', 'fixture_id', 'league_id', 'type', 'data'])
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Events after `after` on the topics (fixtures, leagues), in id order: a reconnect's replay and the polling answer. */
export async function topicEventsAfter(
  db: Kysely<DB>,
  after: number,
  fixtures: readonly number[],
  leagues: readonly number[],
  limit = 1000,
): Promise<EventRow[]> {
  if (fixtures.length === 0 && leagues.length === 0) return [];
  const { rows } = await sql<EventRow>`
    SELECT id, fixture_id, league_id, type, data FROM live_events
    WHERE id > ${after} AND (${idInSql('fixture_id', fixtures)} OR ${idInSql('league_id', leagues)})
    ORDER BY id LIMIT ${limit}`.execute(db);
  return rows;
}

/** The id of the newest event (0 when none): where a stream without Last-Event-ID starts. */
export async function lastEventId(db: Kysely<DB>): Promise<number> {
  const r = await db
    .selectFrom('live_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(r?.id ?? 0);
}
