import { messages, multiLineTextError } from '@fantasy-cricket/rules';
import { sql } from 'kysely';
import type { components } from '@fantasy-cricket/api-client';
import type { AppDeps } from '../http/contract';
import { HttpError } from '../http/errors';
import { forgetLiveMember } from '../live/standings';
import { forgetPerson } from '../operator/audit';
import { joinRequestDedupeKey } from '../leagues/members';

type UserProfile = components['schemas']['UserProfile'];

export async function getProfile(deps: AppDeps, userId: number): Promise<UserProfile> {
  const user = await deps.db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email', 'missing_pick_notification', 'use_ai_auto_pick'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new HttpError(404, messages.profile.notFound);
  return {
    FirstName: user.first_name,
    LastName: user.last_name,
    EmailID: user.email,
    MissingPickNotification: user.missing_pick_notification,
    UseAIAutoPick: user.use_ai_auto_pick,
  };
}

/** Only the two preference flags are editable (spec §5 Profile). */
export async function updatePreferences(
  deps: AppDeps,
  userId: number,
  flags: { missing_pick_notification: boolean; use_ai_auto_pick: boolean },
): Promise<UserProfile> {
  await deps.db
    .updateTable('users')
    .set({ missing_pick_notification: flags.missing_pick_notification, use_ai_auto_pick: flags.use_ai_auto_pick })
    .where('id', '=', userId)
    .execute();
  return getProfile(deps, userId);
}

/** The deletion reason as its refusal message names it. */
const DELETION_REASON_FIELD = 'Reason';

/**
 * Erases the account at once, in one transaction (docs/decisions/0004-account-deletion.md): records
 * that a deletion happened and why; forgets the person where their name, display name or email was
 * copied — the live standings and their stored events, the audit log, the operator list and the import
 * history (which say "deleted account" instead); deletes mail addressed to the user and delivered
 * copies of their contact messages and the join-request emails that named them; then deletes the user row — sessions, email tokens, memberships
 * and picks go with it by cascade, contact messages are unlinked.
 */
export async function deleteAccount(deps: AppDeps, userId: number, reason: string | undefined): Promise<void> {
  // The optional "Why are you leaving?" text: line breaks yes, other control characters no (decision 0014).
  const problem = reason === undefined ? undefined : multiLineTextError(DELETION_REASON_FIELD, reason);
  if (problem) throw new HttpError(400, problem);
  await deps.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw new HttpError(404, messages.profile.notFound);
    await trx
      .insertInto('account_deletions')
      .values({ former_user_id: userId, reason: reason?.trim() ? reason.trim() : null })
      .execute();
    await forgetLiveMember(trx, userId);
    await forgetPerson(trx, user);
    const address = sql<boolean>`lower(to_address) = lower(${user.email})`;
    // A contact message's copy to support holds the sender's name and address: once delivered (or given
    // up) it is in support's mailbox or nowhere, and contact_messages keeps the message; one still on
    // its way stays until it is delivered.
    const deliveredContact = sql<boolean>`lower(reply_to) = lower(${user.email}) AND status <> 'pending'`;
    await trx
      .deleteFrom('email_outbox')
      .where((eb) => eb.or([address, deliveredContact]))
      .execute();
    // A join request's email to a league's admin names the person asking: it goes with the request.
    const requests = await trx.selectFrom('league_members').select('id').where('user_id', '=', userId).execute();
    if (requests.length)
      await trx
        .deleteFrom('email_outbox')
        .where(
          'dedupe_key',
          'in',
          requests.map((r) => joinRequestDedupeKey(r.id)),
        )
        .execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
  });
}
