import { messages } from '@fantasy-cricket/rules';
import type { Kysely } from 'kysely';
import type { DB, LeagueTypeCode } from '../db/schema';
import { HttpError } from '../http/errors';
import { type LeagueRecord, membershipOf, readableLeague } from '../leagues/access';

const m = messages.standingsApi;

/** The league for a standings read: `readableLeague` with the standings' wrong-type messages. */
export function readableStandings(
  db: Kysely<DB>,
  leagueId: number,
  userId: number,
  type?: LeagueTypeCode,
): Promise<LeagueRecord> {
  return readableLeague(db, leagueId, userId, { type, wrongType: m });
}

/**
 * Whose score details the caller may open: their own always; another member's only when that user is
 * an Approved member (404 otherwise) and the league shows others' picks (403 otherwise). Returns the
 * target's display name ('' when the caller opens their own details without being a member — the admin
 * of a league they left has none).
 */
export async function detailsTarget(
  db: Kysely<DB>,
  league: LeagueRecord,
  callerId: number,
  targetId: number,
): Promise<string> {
  const member = await membershipOf(db, league.id, targetId);
  if (targetId === callerId) return member?.status === 'Approved' ? member.display_name : '';
  if (member?.status !== 'Approved') throw new HttpError(404, m.memberNotFound);
  if (!league.show_others_picks) throw new HttpError(403, m.othersHidden);
  return member.display_name;
}
