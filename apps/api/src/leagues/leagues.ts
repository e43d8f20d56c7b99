import {
  DAILY_CHALLENGE_MATCH,
  DISPLAY_NAME_MIN,
  LEAGUE_DESCRIPTION_MAX,
  PUBLIC_SEARCH_MIN,
  messages,
} from '@fantasy-cricket/rules';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB, LeagueStatus, LeagueTypeCode, MemberStatus } from '../db/schema';
import { HttpError } from '../http/errors';
import { loadLeague, membershipOf, requireAdmin, requireMember } from './access';
import { generateLeagueCode } from './codes';
import { insertDefaultConfiguration, leagueTypeByCode, leagueTypeById, playableProblem } from './config';
import { effectiveStatusSql, leagueFixtureCondition } from './fixtures';
import { cachedMyLeagues } from './my-leagues-cache';

const m = messages.leagueApi;

/** The contract's League (spec §3), from the point of view of one user. */
export interface LeagueView {
  LeagueID: number;
  LeagueName: string;
  LeagueCode: string;
  IsPrivate: boolean;
  Status: LeagueStatus;
  AdminUserID: number;
  LeagueTypeID: number;
  LeagueTypeName: string;
  Description: string;
  LeagueDescription: string;
  ShowOthersPicks: boolean;
  FixturesRemaining: number;
  SeasonID: number;
  StageID: number | null;
  SeriesName: string;
  MemberStatus: MemberStatus;
  DisplayName: string;
  MemberCount: number;
  /** Join requests waiting for a decision: only for the league's admin. */
  PendingRequests?: number;
}

interface LeagueSqlRow {
  id: number;
  name: string;
  code: string;
  is_private: boolean;
  status: LeagueStatus;
  admin_user_id: number;
  league_type: LeagueTypeCode;
  description: string;
  show_others_picks: boolean;
  season_id: number;
  stage_id: number | null;
  series_name: string;
  member_status: MemberStatus | null;
  display_name: string | null;
  member_count: number;
  /** Pending members, counted for the league's admin only (null for anyone else). */
  pending_requests: number | null;
  remaining: number;
  /** The next start of a remaining fixture: FixturesRemaining (and maybe Status) changes then. */
  next_start: Date | string | null;
  /** The league's standings version and version 0, read in the same statement as the rest. */
  version: number | string;
  version0: number | string;
}

/**
 * The leagues matching `where`, as `userId` sees them. The fixtures remaining are counted once per
 * league (a lateral join, which also gives the next start); the Approved members are counted from the
 * partial index `league_members_approved_idx` (migration 0007).
 */
/** Newest first: the order of My Leagues. */
const NEWEST_FIRST = sql`l.created_at DESC, l.id DESC`;

async function selectLeagues(
  db: Kysely<DB>,
  userId: number,
  where: RawBuilder<boolean>,
  now: Date,
  order: RawBuilder<unknown> = NEWEST_FIRST,
) {
  const { rows } = await sql<LeagueSqlRow>`
    SELECT l.id, l.name, l.code, l.is_private,
           (CASE WHEN l.status = 'Active' AND r.remaining = 0 THEN 'Finished' ELSE l.status END) AS status,
           l.admin_user_id, l.league_type, l.description, l.show_others_picks, l.season_id, l.stage_id,
           coalesce(st.name, s.name) AS series_name, m.status AS member_status, m.display_name,
           (SELECT count(*)::int FROM league_members c WHERE c.league_id = l.id AND c.status = 'Approved') AS member_count,
           (CASE WHEN l.admin_user_id = ${userId} THEN
              (SELECT count(*)::int FROM league_members p WHERE p.league_id = l.id AND p.status = 'Pending') END)
             AS pending_requests,
           r.remaining, r.next_start,
           coalesce(sv.version, 0) AS version,
           coalesce((SELECT v0.version FROM standings_versions v0 WHERE v0.scope = 0), 0) AS version0
    FROM leagues l
    JOIN seasons s ON s.id = l.season_id
    LEFT JOIN stages st ON st.id = l.stage_id
    LEFT JOIN league_members m ON m.league_id = l.id AND m.user_id = ${userId}
    LEFT JOIN standings_versions sv ON sv.scope = l.id
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS remaining, min(rf.start_time) AS next_start FROM fixtures rf
      WHERE ${leagueFixtureCondition('l', 'rf')} AND rf.status = 'scheduled'
        AND rf.start_time > ${now.toISOString()}::timestamptz
    ) r
    WHERE ${where}
    ORDER BY ${order}`.execute(db);
  return rows;
}

function toView(r: LeagueSqlRow): LeagueView {
  const type = leagueTypeByCode(r.league_type);
  return {
    LeagueID: r.id,
    LeagueName: r.name,
    LeagueCode: r.code,
    IsPrivate: r.is_private,
    Status: r.status,
    AdminUserID: r.admin_user_id,
    LeagueTypeID: type.ID,
    LeagueTypeName: type.Name,
    Description: r.description,
    LeagueDescription: r.description,
    ShowOthersPicks: r.show_others_picks,
    FixturesRemaining: Number(r.remaining),
    SeasonID: r.season_id,
    StageID: r.stage_id,
    SeriesName: r.series_name,
    MemberStatus: r.member_status ?? 'Approved',
    DisplayName: r.display_name ?? '',
    MemberCount: Number(r.member_count),
    ...(r.pending_requests === null ? {} : { PendingRequests: Number(r.pending_requests) }),
  };
}

/** The user's leagues: Approved or Pending memberships (Rejected ones are not shown), newest first. */
export async function userLeagues(db: Kysely<DB>, userId: number, now = new Date()): Promise<LeagueView[]> {
  return cachedMyLeagues(db, userId, now, async () => {
    const rows = await selectLeagues(db, userId, sql<boolean>`m.status IN ('Approved', 'Pending')`, now);
    return { rows, views: rows.map(toView) };
  });
}

/** GET /league/{id}: members (Pending included) and the admin only. */
export async function getLeague(db: Kysely<DB>, leagueId: number, userId: number, now = new Date()) {
  await requireMember(db, leagueId, userId, { approved: false });
  const [row] = await selectLeagues(db, userId, sql<boolean>`l.id = ${leagueId}`, now);
  if (!row) throw new HttpError(404, m.notFound);
  return toView(row);
}

export interface PublicLeagueView {
  LeagueID: number;
  LeagueName: string;
  LeagueCode: string;
  Description: string;
  LeagueTypeName: string;
  SeriesName: string;
  MemberCount: number;
}

/**
 * The public list's order: Daily Challenges first, soonest first (by match day, then the next fixture
 * to start), then the other public leagues, newest first.
 */
const PUBLIC_ORDER = sql`l.match_day IS NULL, l.match_day ASC, r.next_start ASC NULLS LAST, ${NEWEST_FIRST}`;

/**
 * Public leagues the user can join: not Finished (nor Active with no fixtures left), not already
 * joined. `search` (trimmed) matches name or description case-insensitively; 1-2 characters → 400.
 * Daily Challenges come first, soonest first (`PUBLIC_ORDER`).
 */
export async function publicLeagues(
  db: Kysely<DB>,
  userId: number,
  search: string | undefined,
  now = new Date(),
): Promise<PublicLeagueView[]> {
  const term = (search ?? '').trim().toLowerCase();
  if (term.length > 0 && term.replace(/\s/g, '').length < PUBLIC_SEARCH_MIN) throw new HttpError(400, m.searchTooShort);
  const match = term
    ? sql<boolean>`(position(${term} in lower(l.name)) > 0 OR position(${term} in lower(l.description)) > 0)`
    : sql<boolean>`true`;
  const rows = await selectLeagues(
    db,
    userId,
    sql<boolean>`NOT l.is_private AND m.id IS NULL AND ${effectiveStatusSql('l', now)} <> 'Finished' AND ${match}`,
    now,
    PUBLIC_ORDER,
  );
  return rows.map((r) => ({
    LeagueID: r.id,
    LeagueName: r.name,
    LeagueCode: r.code,
    Description: r.description,
    LeagueTypeName: leagueTypeByCode(r.league_type).Name,
    SeriesName: r.series_name,
    MemberCount: Number(r.member_count),
  }));
}

export interface CreateLeagueInput {
  Name: string;
  Description?: string | undefined;
  LeagueTypeID: number;
  IsPrivate: boolean;
  ShowOthersPicks: boolean;
  SeasonID: number;
  StageID?: number | undefined;
  AdminUserID: number;
  AdminDisplayName: string;
}

/** Checks the create payload's texts; 400 with a message a form can show. */
export function cleanCreateInput(input: CreateLeagueInput) {
  const name = input.Name.trim();
  if (!name) throw new HttpError(400, messages.startLeague.nameRequired);
  const description = (input.Description ?? '').trim();
  if (description.length > LEAGUE_DESCRIPTION_MAX) throw new HttpError(400, messages.startLeague.descriptionMax);
  const displayName = input.AdminDisplayName.trim();
  if (displayName.length < DISPLAY_NAME_MIN) throw new HttpError(400, messages.startLeague.displayNameRequired);
  return { name, description, displayName };
}

/**
 * Inserts a league with a fresh unique code (retrying on the rare clash) and returns its id and code;
 * `undefined` when `onConflictSkip` and another row (a Daily Challenge of the same day) already exists.
 */
export async function insertLeagueRow(
  trx: Kysely<DB>,
  values: {
    name: string;
    description: string;
    league_type: LeagueTypeCode;
    is_private: boolean;
    show_others_picks: boolean;
    status: LeagueStatus;
    season_id: number;
    stage_id: number | null;
    match_day: string | null;
    admin_user_id: number;
    activated_at: Date | null;
  },
): Promise<{ id: number; code: string } | undefined> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = generateLeagueCode();
    const row = await trx
      .insertInto('leagues')
      .values({ ...values, code })
      .onConflict((oc) => oc.doNothing())
      .returning(['id', 'code'])
      .executeTakeFirst();
    if (row) return row;
    if (values.match_day !== null) {
      const daily = await trx
        .selectFrom('leagues')
        .select('id')
        .where('season_id', '=', values.season_id)
        .where('match_day', '=', values.match_day)
        .executeTakeFirst();
      if (daily) return undefined;
    }
  }
  throw new Error('could not generate a unique league code');
}

/** POST /league/: a Draft league; its creator is admin and an Approved member. */
export async function createLeague(db: Kysely<DB>, userId: number, input: CreateLeagueInput) {
  const { name, description, displayName } = cleanCreateInput(input);
  const type = leagueTypeById(input.LeagueTypeID);
  if (!type) throw new HttpError(400, m.unknownLeagueType);
  if (!input.IsPrivate && type.code !== 'MP') throw new HttpError(400, m.publicMatchPredictionOnly);
  if (name.toLowerCase().includes(DAILY_CHALLENGE_MATCH.toLowerCase())) throw new HttpError(400, m.nameReserved);
  return db.transaction().execute(async (trx) => {
    const season = await trx
      .selectFrom('seasons')
      .select('id')
      .where('id', '=', input.SeasonID)
      .where('is_active', '=', true)
      .executeTakeFirst();
    if (!season) throw new HttpError(400, m.unknownSeries);
    if (input.StageID !== undefined) {
      const stage = await trx
        .selectFrom('stages')
        .select('id')
        .where('id', '=', input.StageID)
        .where('season_id', '=', input.SeasonID)
        .executeTakeFirst();
      if (!stage) throw new HttpError(400, m.unknownSeries);
    }
    const league = await insertLeagueRow(trx, {
      name,
      description,
      league_type: type.code,
      is_private: input.IsPrivate,
      show_others_picks: input.ShowOthersPicks,
      status: 'Draft',
      season_id: input.SeasonID,
      stage_id: input.StageID ?? null,
      match_day: null,
      admin_user_id: userId,
      activated_at: null,
    });
    if (!league) throw new Error('league insert skipped');
    await trx
      .insertInto('league_members')
      .values({
        league_id: league.id,
        user_id: userId,
        display_name: displayName,
        status: 'Approved',
        decided_at: new Date(),
      })
      .execute();
    await insertDefaultConfiguration(trx, league.id, type.code);
    return { LeagueID: league.id, LeagueCode: league.code };
  });
}

/** PUT /league/{id}: description and show-others-picks, by the admin, until the league has finished. */
export async function updateLeague(
  db: Kysely<DB>,
  leagueId: number,
  userId: number,
  input: { Description: string; ShowOthersPicks: boolean },
  now = new Date(),
) {
  const description = input.Description.trim();
  if (description.length > LEAGUE_DESCRIPTION_MAX) throw new HttpError(400, messages.startLeague.descriptionMax);
  await db.transaction().execute(async (trx) => {
    await requireAdmin(trx, leagueId, userId, { forUpdate: true });
    if ((await effectiveStatus(trx, leagueId, now)) === 'Finished') throw new HttpError(400, m.finishedNoEdit);
    await trx
      .updateTable('leagues')
      .set({ description, show_others_picks: input.ShowOthersPicks })
      .where('id', '=', leagueId)
      .execute();
  });
}

export async function effectiveStatus(db: Kysely<DB>, leagueId: number, now = new Date()): Promise<LeagueStatus> {
  const { rows } = await sql<{ status: LeagueStatus }>`
    SELECT ${effectiveStatusSql('l', now)} AS status FROM leagues l WHERE l.id = ${leagueId}`.execute(db);
  const status = rows[0]?.status;
  if (!status) throw new HttpError(404, m.notFound);
  return status;
}

/** DELETE /league/{id}: a Draft league and (by cascade) its members and configuration. */
export async function deleteLeague(db: Kysely<DB>, leagueId: number, userId: number) {
  await db.transaction().execute(async (trx) => {
    const league = await requireAdmin(trx, leagueId, userId, { forUpdate: true });
    if (league.status !== 'Draft') throw new HttpError(400, m.onlyDraftDelete);
    await trx.deleteFrom('leagues').where('id', '=', leagueId).execute();
  });
}

/** POST /league/activate: Draft → Active once the configuration is playable; frozen afterwards. */
export async function activateLeague(db: Kysely<DB>, leagueId: number, userId: number) {
  await db.transaction().execute(async (trx) => {
    const league = await requireAdmin(trx, leagueId, userId, { forUpdate: true });
    if (league.status !== 'Draft') throw new HttpError(400, m.onlyDraftActivate);
    const problem = await playableProblem(trx, leagueId, league.league_type);
    if (problem) throw new HttpError(400, problem);
    await trx
      .updateTable('leagues')
      .set({ status: 'Active', activated_at: new Date() })
      .where('id', '=', leagueId)
      .execute();
  });
}

/** POST /league/changeAdmin: to an Approved member; the old admin stays an Approved member. */
export async function changeAdmin(db: Kysely<DB>, leagueId: number, userId: number, newAdminId: number) {
  await db.transaction().execute(async (trx) => {
    await requireAdmin(trx, leagueId, userId, { forUpdate: true });
    if (newAdminId === userId) throw new HttpError(400, m.newAdminIsSelf);
    const member = await membershipOf(trx, leagueId, newAdminId);
    if (member?.status !== 'Approved') throw new HttpError(400, m.newAdminNotApproved);
    await trx.updateTable('leagues').set({ admin_user_id: newAdminId }).where('id', '=', leagueId).execute();
  });
}

export { loadLeague };
