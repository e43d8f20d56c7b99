import { messages, multiLineTextError } from '@fantasy-cricket/rules';
import { sql } from 'kysely';
import type { components } from '@fantasy-cricket/api-client';
import type { AppDeps } from '../http/contract';
import { HttpError } from '../http/errors';

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
 * that a deletion happened and why, deletes the user row — sessions and email tokens go with it by
 * cascade, contact messages are unlinked — and drops queued or sent mail addressed to the user.
 */
export async function deleteAccount(deps: AppDeps, userId: number, reason: string | undefined): Promise<void> {
  // The optional "Why are you leaving?" text: line breaks yes, other control characters no (decision 0014).
  const problem = reason === undefined ? undefined : multiLineTextError(DELETION_REASON_FIELD, reason);
  if (problem) throw new HttpError(400, problem);
  await deps.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('email').where('id', '=', userId).forUpdate().executeTakeFirst();
    if (!user) throw new HttpError(404, messages.profile.notFound);
    await trx
      .insertInto('account_deletions')
      .values({ former_user_id: userId, reason: reason?.trim() ? reason.trim() : null })
      .execute();
    await trx.deleteFrom('email_outbox').where(sql<boolean>`lower(to_address) = lower(${user.email})`).execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
  });
}
