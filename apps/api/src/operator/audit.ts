import { type Kysely, sql } from 'kysely';
import { parseJson } from '../db/parse';
import type { DB } from '../db/schema';
import { type Actor, actorLabel } from './access';

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

/** What the audit log, the operator list and the import history say instead of a deleted person. */
export const DELETED_ACCOUNT_LABEL = 'deleted account';

/** A string with every mention of a deleted person replaced by `DELETED_ACCOUNT_LABEL`. */
function withoutPerson(text: string, person: { label: string; name: string; email: string }): string {
  if (text === person.name) return DELETED_ACCOUNT_LABEL;
  const email = new RegExp(person.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
  return text.split(person.label).join(DELETED_ACCOUNT_LABEL).replace(email, DELETED_ACCOUNT_LABEL);
}

/** A JSON value (an audit entry's before or after) with the person replaced in every string, keys included. */
function scrubJson(value: unknown, person: { label: string; name: string; email: string }): unknown {
  if (typeof value === 'string') return withoutPerson(value, person);
  if (Array.isArray(value)) return value.map((v) => scrubJson(v, person));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [withoutPerson(k, person), scrubJson(v, person)]));
  }
  return value;
}

/**
 * Forgets a person whose account is being deleted, in the deletion's transaction
 * (docs/decisions/0004-account-deletion.md): the audit entries they made or that name them (their
 * label "First Last <email>", their email as a target, their name and email in an operator's view
 * before or after a change), the grants they made (`operators.granted_by_label`) and the imports they
 * started (`import_runs.started_by_label`) say `deleted account` instead. The entries themselves stay:
 * what was done, when and to what is still on record, not by whom.
 */
export async function forgetPerson(
  trx: Kysely<DB>,
  user: { id: number; first_name: string; last_name: string; email: string },
): Promise<void> {
  const person = { label: actorLabel(user), name: `${user.first_name} ${user.last_name}`.trim(), email: user.email };
  const mentions = (column: string) => sql<boolean>`strpos(lower(${sql.ref(column)}::text), lower(${user.email})) > 0`;
  const entries = await trx
    .selectFrom('audit_log')
    .select(['id', 'actor_label', 'target', 'before', 'after'])
    .where((eb) =>
      eb.or([
        eb('actor_user_id', '=', user.id),
        mentions('actor_label'),
        mentions('target'),
        mentions('before'),
        mentions('after'),
      ]),
    )
    .execute();
  for (const e of entries) {
    const json = (v: unknown) => (v === null ? null : JSON.stringify(scrubJson(parseJson(v), person)));
    await trx
      .updateTable('audit_log')
      .set({
        actor_label: withoutPerson(e.actor_label, person),
        target: withoutPerson(e.target, person),
        before: json(e.before),
        after: json(e.after),
      })
      .where('id', '=', e.id)
      .execute();
  }
  await trx
    .updateTable('operators')
    .set({ granted_by_label: DELETED_ACCOUNT_LABEL })
    .where((eb) => eb.or([eb('granted_by', '=', user.id), mentions('granted_by_label')]))
    .execute();
  await trx
    .updateTable('import_runs')
    .set({ started_by_label: DELETED_ACCOUNT_LABEL })
    .where((eb) => eb.or([eb('started_by', '=', user.id), mentions('started_by_label')]))
    .execute();
}
