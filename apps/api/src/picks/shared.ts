import { messages, startedMessage } from '@fantasy-cricket/rules';
import { type Kysely, sql } from 'kysely';
import type { DB, LeagueStatus, LeagueTypeCode } from '../db/schema';
import { HttpError } from '../http/errors';
import { type LeagueRecord, requireMember } from '../leagues/access';
import { effectiveStatusSql, leagueFixtureCondition } from '../leagues/fixtures';

const m = messages.picksApi;

/** A fixture as the pick rules need it. */
export interface PickFixture {
  id: number;
  name: string;
  startTime: Date;
  seasonId: number;
  localTeamId: number;
  visitorTeamId: number;
}

/** The league's status as readers see it: an Active league with no fixture left is Finished. */
export async function effectiveStatus(db: Kysely<DB>, leagueId: number, now: Date): Promise<LeagueStatus> {
  const { rows } = await sql<{ status: LeagueStatus }>`
    SELECT ${effectiveStatusSql('l', now)} AS status FROM leagues l WHERE l.id = ${leagueId}`.execute(db);
  return rows[0]?.status ?? 'Draft';
}

/**
 * Serialises every pick write of one user: locks all the user's membership rows (in id order, so two
 * saves copying between the same leagues cannot deadlock). A save, with its copies, then runs alone.
 */
export async function lockMember(trx: Kysely<DB>, userId: number): Promise<void> {
  await trx.selectFrom('league_members').select('id').where('user_id', '=', userId).orderBy('id').forUpdate().execute();
}

/**
 * The league for reading picks: 404 unknown, 403 not an Approved member (the admin always passes),
 * 400 when it is not of the expected type.
 */
export async function readableLeague(
  db: Kysely<DB>,
  leagueId: number,
  userId: number,
  type?: LeagueTypeCode,
): Promise<LeagueRecord> {
  const { league } = await requireMember(db, leagueId, userId);
  if (type && league.league_type !== type) {
    throw new HttpError(400, type === 'MP' ? m.notMatchPrediction : m.notPlayerSelection);
  }
  return league;
}

/**
 * The league for making picks: as `readableLeague`, and Active (400 while Draft or once Finished —
 * Finished including an Active league with no fixture left).
 */
export async function writableLeague(
  trx: Kysely<DB>,
  leagueId: number,
  userId: number,
  type: LeagueTypeCode,
  now: Date,
): Promise<LeagueRecord> {
  const league = await readableLeague(trx, leagueId, userId, type);
  const status = await effectiveStatus(trx, leagueId, now);
  if (status === 'Draft') throw new HttpError(400, m.leagueDraft);
  if (status === 'Finished') throw new HttpError(400, m.leagueFinished);
  return league;
}

interface FixtureSqlRow {
  id: number;
  name: string;
  start_time: Date | string;
  season_id: number;
  local_team_id: number;
  visitor_team_id: number;
  in_league: boolean;
}

function toPickFixture(r: FixtureSqlRow): PickFixture {
  return {
    id: r.id,
    name: r.name,
    startTime: new Date(r.start_time),
    seasonId: r.season_id,
    localTeamId: r.local_team_id,
    visitorTeamId: r.visitor_team_id,
  };
}

/** Fixtures by id with whether the league covers them (unknown ids are absent). */
async function fixturesFor(db: Kysely<DB>, leagueId: number, fixtureIds: readonly number[]) {
  if (fixtureIds.length === 0) return [];
  const { rows } = await sql<FixtureSqlRow>`
    SELECT f.id, f.name, f.start_time, f.season_id, f.local_team_id, f.visitor_team_id,
           EXISTS (SELECT 1 FROM leagues l WHERE l.id = ${leagueId} AND ${leagueFixtureCondition('l', 'f')}) AS in_league
    FROM fixtures f
    WHERE f.id IN (${sql.join([...new Set(fixtureIds)])})`.execute(db);
  return rows;
}

/** One fixture of the league, for the read operations: 404 when unknown or not the league's. */
export async function leagueFixtureOr404(db: Kysely<DB>, leagueId: number, fixtureId: number): Promise<PickFixture> {
  const [row] = await fixturesFor(db, leagueId, [fixtureId]);
  if (!row) throw new HttpError(404, m.fixtureNotFound);
  if (!row.in_league) throw new HttpError(404, m.fixtureNotInLeague(fixtureId));
  return toPickFixture(row);
}

/**
 * The fixtures of a save, checked: every one known and covered by the league (400), and none started
 * at `now` (400 with the spec's message listing every started fixture — the whole save is refused).
 */
export async function openFixtures(
  db: Kysely<DB>,
  leagueId: number,
  fixtureIds: readonly number[],
  now: Date,
): Promise<Map<number, PickFixture>> {
  const rows = await fixturesFor(db, leagueId, fixtureIds);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of fixtureIds) {
    const row = byId.get(id);
    if (!row?.in_league) throw new HttpError(400, m.fixtureNotInLeague(id));
  }
  const fixtures = rows.map(toPickFixture);
  const started = fixtures
    .filter((f) => f.startTime.getTime() <= now.getTime())
    .sort((a, b) => a.startTime.getTime() - b.startTime.getTime() || a.id - b.id);
  if (started.length > 0) throw new HttpError(400, startedMessage(started.map((f) => f.name)));
  return new Map(fixtures.map((f) => [f.id, f]));
}

/** Which of `fixtureIds` the league covers (for copies). */
export async function coveredFixtures(
  db: Kysely<DB>,
  leagueId: number,
  fixtureIds: readonly number[],
): Promise<Set<number>> {
  const rows = await fixturesFor(db, leagueId, fixtureIds);
  return new Set(rows.filter((r) => r.in_league).map((r) => r.id));
}

/** The squad player's team and position for a fixture (undefined when not in either squad). */
export interface SquadPlayer {
  playerId: number;
  fullName: string;
  positionId: number;
  teamId: number;
}

/** The players of the fixtures' two squads, by fixture then player id. */
export async function squadPlayers(
  db: Kysely<DB>,
  fixtures: readonly PickFixture[],
  playerIds: readonly number[],
): Promise<Map<number, Map<number, SquadPlayer>>> {
  const out = new Map<number, Map<number, SquadPlayer>>(fixtures.map((f) => [f.id, new Map()]));
  const ids = [...new Set(playerIds)].filter((id) => id > 0);
  if (ids.length === 0 || fixtures.length === 0) return out;
  const rows = await db
    .selectFrom('squads as s')
    .innerJoin('players as p', 'p.id', 's.player_id')
    .select(['s.season_id', 's.team_id', 'p.id', 'p.full_name', 'p.position_id'])
    .where('s.player_id', 'in', ids)
    .where('s.season_id', 'in', [...new Set(fixtures.map((f) => f.seasonId))])
    .execute();
  for (const f of fixtures) {
    const map = out.get(f.id)!;
    for (const r of rows) {
      if (r.season_id !== f.seasonId) continue;
      if (r.team_id !== f.localTeamId && r.team_id !== f.visitorTeamId) continue;
      map.set(r.id, { playerId: r.id, fullName: r.full_name, positionId: r.position_id, teamId: r.team_id });
    }
  }
  return out;
}

/**
 * The user's other leagues of a type a copy may go to: Active (not Finished), the user Approved there
 * (or its admin), oldest first.
 */
export async function copyTargets(
  db: Kysely<DB>,
  userId: number,
  exceptLeagueId: number,
  type: LeagueTypeCode,
  now: Date,
): Promise<{ id: number; name: string }[]> {
  const { rows } = await sql<{ id: number; name: string }>`
    SELECT l.id, l.name FROM leagues l
    LEFT JOIN league_members m ON m.league_id = l.id AND m.user_id = ${userId}
    WHERE l.id <> ${exceptLeagueId} AND l.league_type = ${type}
      AND (m.status = 'Approved' OR l.admin_user_id = ${userId})
      AND ${effectiveStatusSql('l', now)} = 'Active'
    ORDER BY l.id`.execute(db);
  return rows;
}

/** True for an id that names something (null, undefined and 0 name nothing: the pick is cleared). */
export const isSet = (id: number | null | undefined): id is number => typeof id === 'number' && id !== 0;
