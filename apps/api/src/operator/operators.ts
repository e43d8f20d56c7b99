import { type Kysely, sql } from 'kysely';
import { withTransaction } from '../db/transaction';
import type { DB } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Actor } from './access';
import { recordAudit } from './audit';

/**
 * The site operators (docs/decisions/0025-operator-console.md): granted and revoked by the CLI or by
 * another operator, each change recorded in the audit log in the same transaction. The rules live
 * here, used by the CLI (`cli operator …`) and the API alike.
 */

export const operatorRules = {
  unknownAccount: (email: string) => `There is no account with the email ${email}. The person must register first.`,
  notAnOperator: (email: string) => `${email} is not an operator.`,
  lastOperator:
    'This is the last operator: revoking them would leave the console without anyone to run it. Grant someone else the role first.',
  revoked: (email: string) => `${email} is no longer an operator.`,
} as const;

export interface OperatorView {
  UserID: number;
  Name: string;
  Email: string;
  GrantedAt: string;
  GrantedBy: string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

function operatorsQuery(db: Kysely<DB>) {
  return db
    .selectFrom('operators as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'o.granted_at', 'o.granted_by_label']);
}

type OperatorRow = Awaited<ReturnType<ReturnType<typeof operatorsQuery>['executeTakeFirstOrThrow']>>;

const toView = (r: OperatorRow): OperatorView => ({
  UserID: r.id,
  Name: `${r.first_name} ${r.last_name}`.trim(),
  Email: r.email,
  GrantedAt: iso(r.granted_at),
  GrantedBy: r.granted_by_label,
});

/** Every operator, earliest grant first. */
export async function listOperators(db: Kysely<DB>): Promise<OperatorView[]> {
  const rows = await operatorsQuery(db).orderBy('o.granted_at').orderBy('u.id').execute();
  return rows.map(toView);
}

async function accountByEmail(db: Kysely<DB>, email: string) {
  const account = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name'])
    .where(sql<boolean>`lower(email) = lower(${email.trim()})`)
    .executeTakeFirst();
  if (!account) throw new HttpError(404, operatorRules.unknownAccount(email.trim()));
  return account;
}

/**
 * Makes the account with this email an operator. 404 for an unknown email. Granting someone who
 * already is one changes nothing and writes no audit entry (`granted` false).
 */
export async function grantOperator(
  db: Kysely<DB>,
  actor: Actor,
  email: string,
): Promise<{ operator: OperatorView; granted: boolean }> {
  return withTransaction(db, async (trx) => {
    const account = await accountByEmail(trx, email);
    const inserted = await trx
      .insertInto('operators')
      .values({ user_id: account.id, granted_by: actor.userId, granted_by_label: actor.label })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .returning('user_id')
      .executeTakeFirst();
    const operator = toView(await operatorsQuery(trx).where('o.user_id', '=', account.id).executeTakeFirstOrThrow());
    if (inserted) {
      await recordAudit(trx, actor, {
        action: 'operator.grant',
        target: account.email,
        before: null,
        after: operator,
      });
    }
    return { operator, granted: inserted !== undefined };
  });
}

/**
 * Takes the operator role from the account with this email. 404 for an unknown email or someone who
 * is not an operator; 400 for the last operator. Every operator row is locked first, so two operators
 * revoking each other at once cannot both succeed and leave none.
 */
export async function revokeOperator(db: Kysely<DB>, actor: Actor, email: string): Promise<OperatorView> {
  return withTransaction(db, async (trx) => {
    const account = await accountByEmail(trx, email);
    const all = await trx.selectFrom('operators').select('user_id').forUpdate().execute();
    if (!all.some((o) => o.user_id === account.id))
      throw new HttpError(404, operatorRules.notAnOperator(account.email));
    if (all.length <= 1) throw new HttpError(400, operatorRules.lastOperator);
    const before = toView(await operatorsQuery(trx).where('o.user_id', '=', account.id).executeTakeFirstOrThrow());
    await trx.deleteFrom('operators').where('user_id', '=', account.id).execute();
    await recordAudit(trx, actor, { action: 'operator.revoke', target: account.email, before, after: null });
    return before;
  });
}

export interface AuditEntryView {
  AuditID: number;
  At: string;
  Actor: string;
  ActorUserID: number | null;
  Action: string;
  Target: string;
  Before: unknown;
  After: unknown;
}

/** One page of the audit log, newest first; `before` is the AuditID the page starts below. */
export async function auditPage(
  db: Kysely<DB>,
  page: { before?: number | undefined; limit?: number | undefined } = {},
): Promise<{ Entries: AuditEntryView[]; NextBefore: number | null }> {
  const limit = page.limit ?? 50;
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .$if(page.before !== undefined, (q) => q.where('id', '<', page.before!))
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const entries = rows.slice(0, limit).map((r) => ({
    AuditID: Number(r.id),
    At: iso(r.at),
    Actor: r.actor_label,
    ActorUserID: r.actor_user_id,
    Action: r.action,
    Target: r.target,
    Before: r.before ?? null,
    After: r.after ?? null,
  }));
  return { Entries: entries, NextBefore: rows.length > limit ? entries.at(-1)!.AuditID : null };
}
