import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { HttpError } from '../http/errors';
import { me } from '../http/me';
import type { SessionInfo } from '../http/session';

export const operatorMessages = {
  notOperator: 'This is for site operators only.',
} as const;

/** Who did an operator action: a signed-in operator, or the CLI (`actor_label` such as `cli (root)`). */
export interface Actor {
  userId: number | null;
  /** "First Last <email>" for a user; "cli (<os user>)" for the command line. */
  label: string;
}

export async function isOperator(db: Kysely<DB>, userId: number): Promise<boolean> {
  const row = await db.selectFrom('operators').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/**
 * The check of every operator operation: 401 without a session, 403 for anyone who is not an
 * operator (league admins included: the operator role is separate). Returns the actor for the audit
 * log, read from the database (the session's user id, never anything the request names).
 */
export async function requireOperator(db: Kysely<DB>, session: SessionInfo | null): Promise<Actor> {
  const userId = me(session);
  const row = await db
    .selectFrom('operators as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email'])
    .where('o.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new HttpError(403, operatorMessages.notOperator);
  return { userId: row.id, label: actorLabel(row) };
}

/** How the audit log, the operator list and the import history name a person: "First Last <email>". */
export function actorLabel(user: { first_name: string; last_name: string; email: string }): string {
  return `${user.first_name} ${user.last_name} <${user.email}>`;
}

/** The actor of a CLI command: the OS user who ran it. */
export function cliActor(): Actor {
  const user = process.env.USER ?? process.env.LOGNAME ?? 'unknown';
  return { userId: null, label: `cli (${user})` };
}
