import { messages, startedMessage } from '@fantasy-cricket/rules';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { parseJson } from '../db/parse';
import type { DB, LeagueStatus, LeagueTypeCode, MemberStatus } from '../db/schema';
import { HttpError } from '../http/errors';
import { assertLeagueType, assertMembership, type LeagueRecord, readableLeague } from '../leagues/access';
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

/** The league for reading picks: `readableLeague` with the picks' wrong-type messages. */
export function readablePicksLeague(
  db: Kysely<DB>,
  leagueId: number,
  userId: number,
  type?: LeagueTypeCode,
): Promise<LeagueRecord> {
  return readableLeague(db, leagueId, userId, { type, wrongType: m });
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

function toPickFixture(r: Omit<FixtureSqlRow, 'in_league'>): PickFixture {
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

/** A league a save writes to — the request's league or a copy target — with what the save needs of it. */
export interface SaveLeague<C> {
  id: number;
  name: string;
  /** Which of the save's fixtures the league covers. */
  covered: Set<number>;
  /** The league's pick configuration (slot counts, features), as the caller's `config` reads it. */
  config: C;
}

interface SaveLeagueRow {
  id: number;
  name: string;
  league_type: LeagueTypeCode;
  admin_user_id: number | null;
  member_status: MemberStatus | null;
  status: LeagueStatus;
  covered: number[] | null;
  config: unknown;
}

/**
 * The leagues of a save, in one query — the save's first, as it also serialises every pick write of
 * the user: it locks all the user's membership rows (in id order, so two saves copying between the
 * same leagues cannot deadlock), and a save, with its copies, then runs alone. Reads of the user's
 * picks come in later statements, which see what a save that held the lock before committed.
 * The request's league is checked for making picks: 404 unknown,
 * 403 not an Approved member (its admin always passes), 400 not of `type`, 400 while Draft or once
 * Finished (an Active league with no fixture left is Finished). With `copy`, the copy targets come
 * too: the user's other leagues of `type` that are Active, the user Approved there or its admin, oldest
 * first. `config` is a SQL expression over the league row `l` (the type's configuration, as JSON).
 */
export async function saveLeagues<C>(
  trx: Kysely<DB>,
  o: {
    userId: number;
    leagueId: number;
    type: LeagueTypeCode;
    fixtureIds: readonly number[];
    copy: boolean;
    now: Date;
    config: RawBuilder<unknown>;
    parseConfig: (json: unknown) => C;
  },
): Promise<{ league: SaveLeague<C>; targets: SaveLeague<C>[] }> {
  const { userId, leagueId, type } = o;
  const candidates = o.copy
    ? sql`SELECT ${leagueId}::int
          UNION SELECT league_id FROM league_members WHERE user_id = ${userId} AND status = 'Approved'
          UNION SELECT id FROM leagues WHERE admin_user_id = ${userId}`
    : sql`SELECT ${leagueId}::int`;
  const { rows } = await sql<SaveLeagueRow>`
    WITH locked AS MATERIALIZED (
      SELECT id FROM league_members WHERE user_id = ${userId} ORDER BY id FOR UPDATE
    )
    SELECT l.id, l.name, l.league_type, l.admin_user_id, m.status AS member_status,
           ${effectiveStatusSql('l', o.now)} AS status,
           ARRAY(SELECT f.id FROM fixtures f
                 WHERE f.id IN (${sql.join(o.fixtureIds)}) AND ${leagueFixtureCondition('l', 'f')}) AS covered,
           ${o.config} AS config
    FROM (SELECT count(*) FROM locked) lk
    CROSS JOIN leagues l
    LEFT JOIN league_members m ON m.league_id = l.id AND m.user_id = ${userId}
    WHERE l.id IN (${candidates}) AND (l.id = ${leagueId} OR l.league_type = ${type})
    ORDER BY l.id`.execute(trx);
  const toLeague = (r: SaveLeagueRow): SaveLeague<C> => ({
    id: r.id,
    name: r.name,
    covered: new Set(r.covered ?? []),
    config: o.parseConfig(parseJson(r.config)),
  });
  const main = rows.find((r) => r.id === leagueId);
  if (!main) throw new HttpError(404, messages.leagueApi.notFound);
  assertMembership(main, main.member_status, userId);
  assertLeagueType(main.league_type, type, m);
  if (main.status === 'Draft') throw new HttpError(400, m.leagueDraft);
  if (main.status === 'Finished') throw new HttpError(400, m.leagueFinished);
  return {
    league: toLeague(main),
    targets: rows.filter((r) => r.id !== leagueId && r.status === 'Active').map(toLeague),
  };
}

/** What a save answers: its message, how many picks it saved, and what each copy target received. */
export interface SaveResult {
  message: string;
  Saved: number;
  CopiedTo: { LeagueID: number; LeagueName: string; Saved: number; Skipped: number; Refused?: string }[];
}

/**
 * The opening every save shares: one league per request (400 otherwise), then one transaction in
 * which `saveLeagues` locks the user's memberships and checks the league (and finds the copy targets
 * with `CopyToOtherLeagues`); `save` runs in that transaction with what it found.
 */
export async function inSaveTransaction<C, R>(
  db: Kysely<DB>,
  userId: number,
  body: { Selection: readonly { LeagueID: number; FixtureID: number }[]; CopyToOtherLeagues?: boolean | null },
  o: { type: LeagueTypeCode; now: Date; config: RawBuilder<unknown>; parseConfig: (json: unknown) => C },
  save: (
    trx: Kysely<DB>,
    found: { league: SaveLeague<C>; targets: SaveLeague<C>[]; fixtureIds: number[] },
  ) => Promise<R>,
): Promise<R> {
  const items = body.Selection;
  const leagueId = items[0]!.LeagueID;
  if (items.some((i) => i.LeagueID !== leagueId)) throw new HttpError(400, messages.leagueApi.oneLeaguePerRequest);
  return db.transaction().execute(async (trx) => {
    const fixtureIds = [...new Set(items.map((i) => i.FixtureID))];
    const { league, targets } = await saveLeagues(trx, {
      userId,
      leagueId,
      fixtureIds,
      copy: body.CopyToOtherLeagues === true,
      ...o,
    });
    return save(trx, { league, targets, fixtureIds });
  });
}

/** The squad player's team and position for a fixture (undefined when not in either squad). */
export interface SquadPlayer {
  playerId: number;
  fullName: string;
  positionId: number;
  teamId: number;
}

/**
 * The fixtures of a save, checked: every one covered by the league (400; unknown ids too), and none
 * started at `now` (400 with the spec's message listing every started fixture — the whole save is
 * refused). With each, in the same query, those of `playerIds` in its two squads, by player id; and
 * `extra`, a SQL expression the caller wants read in the same statement (returned as is).
 */
export async function openFixtures(
  trx: Kysely<DB>,
  league: SaveLeague<unknown>,
  fixtureIds: readonly number[],
  playerIds: readonly number[],
  now: Date,
  extra: RawBuilder<unknown> = sql`NULL`,
): Promise<{ fixtures: Map<number, PickFixture>; squads: Map<number, Map<number, SquadPlayer>>; extra: unknown }> {
  for (const id of fixtureIds) if (!league.covered.has(id)) throw new HttpError(400, m.fixtureNotInLeague(id));
  const ids = [...new Set(playerIds)].filter((id) => id > 0);
  const { rows } = await sql<{ fixtures: unknown; extra: unknown }>`
    SELECT (SELECT json_agg(json_build_object('id', f.id, 'name', f.name, 'start_time', f.start_time,
              'season_id', f.season_id, 'local_team_id', f.local_team_id, 'visitor_team_id', f.visitor_team_id,
              'squad', (SELECT coalesce(json_agg(json_build_array(p.id, p.full_name, p.position_id, s.team_id)), '[]'::json)
                 FROM squads s JOIN players p ON p.id = s.player_id
                 WHERE s.season_id = f.season_id AND s.team_id IN (f.local_team_id, f.visitor_team_id)
                   AND s.player_id IN (${ids.length > 0 ? sql.join(ids) : sql`NULL`}))))
            FROM fixtures f WHERE f.id IN (${sql.join([...new Set(fixtureIds)])})) AS fixtures,
           ${extra} AS extra`.execute(trx);
  const found = parseJson<(Omit<FixtureSqlRow, 'in_league'> & { squad: [number, string, number, number][] })[] | null>(
    rows[0]?.fixtures,
  );
  const fixtures = (found ?? []).map(toPickFixture);
  const started = fixtures
    .filter((f) => f.startTime.getTime() <= now.getTime())
    .sort((a, b) => a.startTime.getTime() - b.startTime.getTime() || a.id - b.id);
  if (started.length > 0) throw new HttpError(400, startedMessage(started.map((f) => f.name)));
  const squads = new Map<number, Map<number, SquadPlayer>>();
  for (const r of found ?? []) {
    squads.set(
      r.id,
      new Map(
        r.squad.map(([playerId, fullName, positionId, teamId]) => [
          playerId,
          { playerId, fullName, positionId, teamId },
        ]),
      ),
    );
  }
  return { fixtures: new Map(fixtures.map((f) => [f.id, f])), squads, extra: rows[0]?.extra ?? null };
}

/** True for an id that names something (null, undefined and 0 name nothing: the pick is cleared). */
export const isSet = (id: number | null | undefined): id is number => typeof id === 'number' && id !== 0;
