import { DISPLAY_NAME_MIN, messages, NAME_COMPARISON_IGNORED, nameComparisonKey } from '@fantasy-cricket/rules';
import { type Kysely, sql } from 'kysely';
import type { DB, MemberStatus } from '../db/schema';
import { queueEmailOnce } from '../email/outbox';
import { joinDecisionEmail, joinRequestEmail } from '../email/templates';
import { HttpError } from '../http/errors';
import { unsubscribeKey, unsubscribeToken } from '../email/unsubscribe-token';
import { requireAdmin, requireMember } from './access';
import { normaliseLeagueCode } from './codes';
import { effectiveStatus } from './leagues';
import { systemUserId } from './jobs';

const m = messages.leagueApi;

export interface MemberView {
  MemberID: number;
  UserID: number;
  FirstName: string;
  LastName: string;
  DisplayName: string;
  Status: MemberStatus;
  IsAdmin: boolean;
  Email?: string;
}

/**
 * GET /league_member/{leagueId}/members: the admin sees everyone with status and email; Approved
 * members see Approved members without email. Full names only in private leagues.
 */
export async function listMembers(db: Kysely<DB>, leagueId: number, userId: number): Promise<MemberView[]> {
  const { league, isAdmin } = await requireMember(db, leagueId, userId);
  let q = db
    .selectFrom('league_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.user_id', 'm.display_name', 'm.status', 'u.first_name', 'u.last_name', 'u.email'])
    .where('m.league_id', '=', leagueId);
  if (!isAdmin) q = q.where('m.status', '=', 'Approved');
  const rows = await q.orderBy('m.joined_at').orderBy('m.id').execute();
  return rows.map((r) => ({
    MemberID: r.id,
    UserID: r.user_id,
    FirstName: league.is_private ? r.first_name : '',
    LastName: league.is_private ? r.last_name : '',
    DisplayName: r.display_name,
    Status: r.status,
    IsAdmin: r.user_id === league.admin_user_id,
    ...(isAdmin ? { Email: r.email } : {}),
  }));
}

/** What the join-request emails need: the app's address for their links, and the time of the change. */
export interface MemberChangeOptions {
  appUrl: string;
  now?: Date;
}

/** League Members with that league chosen (the admin's link in a join-request email). */
export const leagueMembersLink = (appUrl: string, leagueId: number) =>
  `${appUrl}/home/view-league-members?league=${leagueId}`;

/** dedupe_key of the email about a join request (to the admin) and about its decision (to the member). */
export const joinRequestDedupeKey = (memberId: number) => `join_request:${memberId}`;
export const joinDecisionDedupeKey = (memberId: number) => `join_decision:${memberId}`;

/**
 * The user's address and first name when they want the emails "Get Reminder Emails" turns on (the
 * flag the unsubscribe link turns off) and their address is verified; undefined otherwise.
 */
async function emailRecipient(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('users')
    .select(['email', 'first_name'])
    .where('id', '=', userId)
    .where('missing_pick_notification', '=', true)
    .where('email_verified_at', 'is not', null)
    .executeTakeFirst();
}

/** The constraint a unique violation (23505) names, if `err` is one. */
function uniqueViolation(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { code?: unknown; constraint?: unknown };
  return e.code === '23505' ? String(e.constraint ?? '') : undefined;
}

/**
 * POST /league_member/joinLeague: by code; private → Pending (admin decides), public → Approved, as is
 * a private league of the system user's (nobody would decide).
 * 404 unknown code, 400 already in (or rejected, final), display name taken, league finished.
 * A request to a private league emails its admin (unless they turned reminder emails off), in the
 * same transaction: one email per request (dedupe_key on the member row).
 */
export async function joinLeague(
  db: Kysely<DB>,
  userId: number,
  input: { LeagueCode: string; DisplayName: string },
  options: MemberChangeOptions,
): Promise<{ LeagueID: number; Status: MemberStatus; message: string }> {
  const now = options.now ?? new Date();
  const code = normaliseLeagueCode(input.LeagueCode);
  const displayName = input.DisplayName.trim();
  if (!code) throw new HttpError(400, messages.join.codeRequired);
  if (displayName.length < DISPLAY_NAME_MIN) throw new HttpError(400, messages.join.displayNameRequired);
  const key = await unsubscribeKey(db);
  try {
    return await db.transaction().execute(async (trx) => {
      const league = await trx
        .selectFrom('leagues')
        .select(['id', 'is_private', 'name', 'admin_user_id'])
        .where('code', '=', code)
        .forUpdate()
        .executeTakeFirst();
      if (!league) throw new HttpError(404, m.codeNotFound);
      const existing = await trx
        .selectFrom('league_members')
        .select('status')
        .where('league_id', '=', league.id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (existing?.status === 'Approved') throw new HttpError(400, m.alreadyMember);
      if (existing?.status === 'Pending') throw new HttpError(400, m.alreadyRequested);
      if (existing?.status === 'Rejected') throw new HttpError(400, m.rejectedFinal);
      if ((await effectiveStatus(trx, league.id, now)) === 'Finished') throw new HttpError(400, m.leagueFinished);
      const clash = await trx
        .selectFrom('league_members')
        .select('id')
        .where('league_id', '=', league.id)
        // Case aside, and ZWNJ/ZWJ/emoji selectors aside: they change the drawing, not the name (decision 0014).
        .where(
          sql<boolean>`lower(translate(display_name, ${NAME_COMPARISON_IGNORED}, '')) = lower(${nameComparisonKey(displayName)})`,
        )
        .executeTakeFirst();
      if (clash) throw new HttpError(400, m.displayNameTaken);
      // The system user's leagues (the Daily Challenges; the demo season's private Player Selection
      // league, demo/members.ts) have nobody to approve a request: a join is approved at once.
      const ownedBySystem = league.admin_user_id === (await systemUserId(trx));
      const status: MemberStatus = league.is_private && !ownedBySystem ? 'Pending' : 'Approved';
      const member = await trx
        .insertInto('league_members')
        .values({
          league_id: league.id,
          user_id: userId,
          display_name: displayName,
          status,
          joined_at: now,
          decided_at: status === 'Approved' ? now : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (status === 'Pending') {
        const admin = await emailRecipient(trx, league.admin_user_id);
        if (admin) {
          const asker = await trx
            .selectFrom('users')
            .select(['first_name', 'last_name'])
            .where('id', '=', userId)
            .executeTakeFirstOrThrow();
          await queueEmailOnce(
            trx,
            joinRequestEmail(admin.email, admin.first_name, {
              displayName,
              fullName: `${asker.first_name} ${asker.last_name}`.trim(),
              leagueName: league.name,
              membersLink: leagueMembersLink(options.appUrl, league.id),
              unsubscribeLink: `${options.appUrl}/unsubscribe?token=${unsubscribeToken(key, league.admin_user_id)}`,
            }),
            joinRequestDedupeKey(member.id),
          );
        }
      }
      return {
        LeagueID: league.id,
        Status: status,
        message: status === 'Pending' ? messages.join.privateSent : messages.join.publicJoined,
      };
    });
  } catch (err) {
    // Two requests at once: the unique indexes decide; answer like the checks above would have.
    const constraint = uniqueViolation(err);
    if (constraint === 'league_members_league_user_key') throw new HttpError(400, m.alreadyRequested);
    if (constraint !== undefined) throw new HttpError(400, m.displayNameTaken);
    throw err;
  }
}

/**
 * POST /league_member/update_member_status: the admin approves or rejects a Pending request (final).
 * The member is emailed the decision (unless they turned reminder emails off), in the same
 * transaction: one email per decision (dedupe_key on the member row).
 */
export async function decideMember(
  db: Kysely<DB>,
  userId: number,
  input: { LeagueMemberID: number; LeagueID: number; Status: 'Approved' | 'Rejected' },
  options: MemberChangeOptions,
): Promise<string> {
  const now = options.now ?? new Date();
  const key = await unsubscribeKey(db);
  await db.transaction().execute(async (trx) => {
    const league = await requireAdmin(trx, input.LeagueID, userId, { forUpdate: true });
    const member = await trx
      .selectFrom('league_members')
      .select(['id', 'status', 'user_id'])
      .where('id', '=', input.LeagueMemberID)
      .where('league_id', '=', input.LeagueID)
      .forUpdate()
      .executeTakeFirst();
    if (!member) throw new HttpError(404, m.memberNotFound);
    if (member.status !== 'Pending') throw new HttpError(400, m.notPending);
    await trx
      .updateTable('league_members')
      .set({ status: input.Status, decided_at: now })
      .where('id', '=', member.id)
      .execute();
    const to = await emailRecipient(trx, member.user_id);
    if (to) {
      const approved = input.Status === 'Approved';
      await queueEmailOnce(
        trx,
        joinDecisionEmail(to.email, to.first_name, {
          approved,
          leagueName: league.name,
          link: approved
            ? `${options.appUrl}/home/my-predictions`
            : `${options.appUrl}/home/join-league?isPublicLeague=true`,
          unsubscribeLink: `${options.appUrl}/unsubscribe?token=${unsubscribeToken(key, member.user_id)}`,
        }),
        joinDecisionDedupeKey(member.id),
      );
    }
  });
  return messages.members.statusChanged(input.Status === 'Approved' ? 'approved' : 'rejected');
}
