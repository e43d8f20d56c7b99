import { messages } from '@fantasy-cricket/rules';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB, LeagueMembersTable, LeaguesTable, LeagueTypeCode } from '../db/schema';
import { HttpError } from '../http/errors';

const m = messages.leagueApi;

export type LeagueRecord = Omit<Selectable<LeaguesTable>, 'match_day'>;
export type MemberRecord = Selectable<LeagueMembersTable>;

/** The league row (404 when unknown); `forUpdate` locks it for the rest of the transaction. */
export async function loadLeague(
  db: Kysely<DB>,
  leagueId: number,
  options: { forUpdate?: boolean } = {},
): Promise<LeagueRecord> {
  let q = db
    .selectFrom('leagues')
    .select([
      'id',
      'name',
      'description',
      'code',
      'league_type',
      'is_private',
      'show_others_picks',
      'status',
      'season_id',
      'stage_id',
      'admin_user_id',
      'created_at',
      'activated_at',
      'selection_config_locked_at',
    ])
    .where('id', '=', leagueId);
  if (options.forUpdate) q = q.forUpdate();
  const league = await q.executeTakeFirst();
  if (!league) throw new HttpError(404, m.notFound);
  return league;
}

export async function membershipOf(
  db: Kysely<DB>,
  leagueId: number,
  userId: number,
): Promise<MemberRecord | undefined> {
  return db
    .selectFrom('league_members')
    .selectAll()
    .where('league_id', '=', leagueId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * The one membership rule: the league admin always passes; otherwise 403 unless a member who is not
 * Rejected and — with `approved` (the default) — no longer pending. Used by `requireMember` and by the
 * picks save, which reads the membership in its own locking query.
 */
export function assertMembership(
  league: { admin_user_id: number | null },
  memberStatus: MemberRecord['status'] | null | undefined,
  userId: number,
  options: { approved?: boolean } = {},
): void {
  if (league.admin_user_id === userId) return;
  if (!memberStatus || memberStatus === 'Rejected') throw new HttpError(403, m.notMember);
  if ((options.approved ?? true) && memberStatus !== 'Approved') throw new HttpError(403, m.notApproved);
}

/**
 * The league and the user's membership, or 404 (no league) / 403 (not a member, rejected, or — with
 * `approved` (the default) — still pending). The league admin always passes.
 */
export async function requireMember(
  db: Kysely<DB>,
  leagueId: number,
  userId: number,
  options: { approved?: boolean; forUpdate?: boolean } = {},
): Promise<{ league: LeagueRecord; member: MemberRecord | undefined; isAdmin: boolean }> {
  const league = await loadLeague(db, leagueId, options);
  const member = await membershipOf(db, leagueId, userId);
  assertMembership(league, member?.status, userId, options);
  return { league, member, isAdmin: league.admin_user_id === userId };
}

/** The 400 messages of an operation of one league type called on a league of the other type. */
export interface WrongTypeMessages {
  notMatchPrediction: string;
  notPlayerSelection: string;
}

/** 400 with the area's message when the league is not of `type` (no check without `type`). */
export function assertLeagueType(
  actual: LeagueTypeCode,
  type: LeagueTypeCode | undefined,
  wrongType: WrongTypeMessages,
): void {
  if (type && actual !== type) {
    throw new HttpError(400, type === 'MP' ? wrongType.notMatchPrediction : wrongType.notPlayerSelection);
  }
}

/**
 * The league for a read (picks, standings): 404 unknown, 403 unless the caller is an Approved member
 * or the admin, 400 (with the area's message) when a type-specific operation is called on a league of
 * the other type.
 */
export async function readableLeague(
  db: Kysely<DB>,
  leagueId: number,
  userId: number,
  options: { type?: LeagueTypeCode; wrongType: WrongTypeMessages },
): Promise<LeagueRecord> {
  const { league } = await requireMember(db, leagueId, userId);
  assertLeagueType(league.league_type, options.type, options.wrongType);
  return league;
}

/**
 * Which (league, user) pairs may read their league, by the rule of `assertMembership` with `approved`:
 * the league's admin, or an Approved member. Keys `"<league id>:<user id>"`; a league that no longer
 * exists reads nothing. One statement for many pairs (the live streams' access check, src/live/hub.ts).
 */
export async function readablePairs(
  db: Kysely<DB>,
  pairs: readonly { leagueId: number; userId: number }[],
): Promise<Set<string>> {
  const readable = new Set<string>();
  for (let i = 0; i < pairs.length; i += 1_000) {
    const chunk = pairs.slice(i, i + 1_000);
    const { rows } = await sql<{ league_id: number; user_id: number }>`
      SELECT p.league_id, p.user_id
      FROM unnest(${sql.val(chunk.map((p) => p.leagueId))}::int[], ${sql.val(chunk.map((p) => p.userId))}::int[])
        AS p(league_id, user_id)
      JOIN leagues l ON l.id = p.league_id
      WHERE l.admin_user_id = p.user_id
         OR EXISTS (SELECT 1 FROM league_members m
                    WHERE m.league_id = p.league_id AND m.user_id = p.user_id AND m.status = 'Approved')`.execute(db);
    for (const r of rows) readable.add(`${r.league_id}:${r.user_id}`);
  }
  return readable;
}

/** The league when `userId` is its admin: 404 unknown, 403 otherwise. */
export async function requireAdmin(
  db: Kysely<DB>,
  leagueId: number,
  userId: number,
  options: { forUpdate?: boolean } = {},
): Promise<LeagueRecord> {
  const league = await loadLeague(db, leagueId, options);
  if (league.admin_user_id !== userId) throw new HttpError(403, m.adminOnly);
  return league;
}

/** Admin of a private Draft league — the only time features and player counts may change. */
export function assertConfigurable(league: LeagueRecord): void {
  if (!league.is_private) throw new HttpError(403, m.publicNotConfigurable);
  if (league.status !== 'Draft') throw new HttpError(400, m.notDraft);
}
