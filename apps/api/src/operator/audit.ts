import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Actor } from './access';

/** One audit entry: what an operator (or the CLI) did, on what, and the object before and after. */
export interface AuditRecord {
  /** A dotted verb such as `operator.grant`, `season.create`, `season.activate`, `schedule.apply`. */
  action: string;
  /** What it acted on, readable: `season 3 (IPL 2025)`, `fixture 812 (IPL 2025, Match 12)`, `alice@example.com`. */
  target: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes an audit entry. Call it inside the transaction that made the change, so the change and its
 * record commit together (or neither does).
 */
export async function recordAudit(db: Kysely<DB>, actor: Actor, entry: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: actor.userId,
      actor_label: actor.label,
      action: entry.action,
      target: entry.target,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}
