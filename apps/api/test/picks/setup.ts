import type { LightMyRequestResponse } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../../src/db/schema';
import type { SignedIn } from '../helpers';
import { type CreateOptions, type LeagueWorld, createLeague } from '../leagues/setup';

export { person, startLeagueWorld, type LeagueWorld } from '../leagues/setup';

export interface LeagueOptions extends CreateOptions {
  /** Player counts by position name (PS leagues). */
  counts?: Record<string, number>;
  /** Catalogue FeatureIDs to switch off (MP leagues). */
  inactiveFeatures?: number[];
  showOthersPicks?: boolean;
  /** Leave the league in Draft. */
  draft?: boolean;
}

/** A league made through the API: created, configured, optionally showing others' picks, activated. */
export async function makeLeague(w: LeagueWorld, admin: SignedIn, o: LeagueOptions = {}) {
  const created = await createLeague(w, admin, o);
  const { LeagueID } = created;
  if (o.counts) {
    const rows = (await admin.client.get(`/api/selection_config/getSelectionConfigsForLeague/${LeagueID}`)).json() as {
      ID: number;
      PositionTypeName: string;
    }[];
    const res = await admin.client.post('/api/selection_config/bulkUpdate', {
      LeagueSelectionConfig: Object.entries(o.counts).map(([name, n]) => ({
        SelectionConfigID: rows.find((r) => r.PositionTypeName === name)!.ID,
        Count: n,
        IsActive: n > 0,
      })),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  if (o.inactiveFeatures?.length) {
    const rows = (
      await admin.client.get(`/api/league_configuration/getConfigurationsForLeague/${LeagueID}`)
    ).json() as {
      ID: number;
      FeatureID: number;
      Points: number;
    }[];
    const res = await admin.client.post('/api/league_configuration/bulkUpdate', {
      LeagueConfiguration: rows
        .filter((r) => o.inactiveFeatures!.includes(r.FeatureID))
        .map((r) => ({
          LeagueConfigurationID: r.ID,
          LeagueID,
          FeatureID: r.FeatureID,
          Points: r.Points,
          IsActive: false,
        })),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  if (o.showOthersPicks) {
    const res = await admin.client.put(`/api/league/${LeagueID}`, {
      Description: o.description ?? 'Friendly league',
      ShowOthersPicks: true,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  if (!o.draft) {
    const res = await admin.client.post('/api/league/activate', { UserID: admin.userId, LeagueID });
    expect(res.statusCode, res.body).toBe(200);
  }
  return created;
}

/** Joins by code; in a private league the admin approves unless `approve` is false. */
export async function join(
  admin: SignedIn,
  who: SignedIn,
  league: { LeagueID: number; LeagueCode: string },
  displayName: string,
  approve = true,
) {
  const res = await who.client.post('/api/league_member/joinLeague', {
    UserID: who.userId,
    LeagueCode: league.LeagueCode,
    DisplayName: displayName,
  });
  expect(res.statusCode, res.body).toBe(200);
  if (res.json().Status === 'Pending' && approve) {
    const members = (await admin.client.get(`/api/league_member/${league.LeagueID}/members`)).json().data as {
      MemberID: number;
      UserID: number;
    }[];
    const decided = await admin.client.post('/api/league_member/update_member_status', {
      LeagueMemberID: members.find((m) => m.UserID === who.userId)!.MemberID,
      LeagueID: league.LeagueID,
      Status: 'Approved',
      AdminUserID: admin.userId,
    });
    expect(decided.statusCode, decided.body).toBe(200);
  }
}

export interface TestFixture {
  id: number;
  name: string;
  localTeamId: number;
  visitorTeamId: number;
}

let fixtureCounter = 0;

/**
 * A new fixture of the demo season between the two teams of its first fixture (so the season squads
 * apply), starting `startsInMs` from now. Each test gets its own, so moving one's clock moves nothing else.
 */
export async function addFixture(w: LeagueWorld, startsInMs: number, name?: string): Promise<TestFixture> {
  const db = w.t.db;
  const model = await db
    .selectFrom('fixtures')
    .select(['local_team_id', 'visitor_team_id', 'stage_id'])
    .where('season_id', '=', w.seasonId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  fixtureCounter += 1;
  const fixtureName = name ?? `Test match ${fixtureCounter}`;
  const row = await db
    .insertInto('fixtures')
    .values({
      season_id: w.seasonId,
      stage_id: model.stage_id,
      name: fixtureName,
      start_time: new Date(Date.now() + startsInMs),
      local_team_id: model.local_team_id,
      visitor_team_id: model.visitor_team_id,
      status: 'scheduled',
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name: fixtureName, localTeamId: model.local_team_id, visitorTeamId: model.visitor_team_id };
}

/** Moves a fixture's start into the past (the clock moving on), as the results job would find it. */
export async function startFixture(w: LeagueWorld, fixtureId: number): Promise<void> {
  await w.t.db
    .updateTable('fixtures')
    .set({ start_time: new Date(Date.now() - 60_000) })
    .where('id', '=', fixtureId)
    .execute();
}

export interface PlayerOption {
  PlayerID: number;
  PlayerFullName: string;
  TeamID: number;
  TeamCode: string;
  TeamName: string;
  PositionName: string;
  PositionID: number;
}

export async function playersOf(who: SignedIn, fixtureId: number): Promise<PlayerOption[]> {
  const res = await who.client.get(`/api/player/getPlayersByFixtureID/${fixtureId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A player of a fixture's squads at a position, skipping the first `skip`. */
export function playerAt(players: PlayerOption[], positionId: number, skip = 0): PlayerOption {
  const found = players.filter((p) => p.PositionID === positionId)[skip];
  if (!found) throw new Error(`no player #${skip} at position ${positionId}`);
  return found;
}

/** A player of the season in neither of the fixture's squads. */
export async function outsider(db: Kysely<DB>, f: TestFixture, seasonId: number, positionId?: number) {
  let q = db
    .selectFrom('squads as s')
    .innerJoin('players as p', 'p.id', 's.player_id')
    .select(['p.id', 'p.position_id'])
    .where('s.season_id', '=', seasonId)
    .where('s.team_id', 'not in', [f.localTeamId, f.visitorTeamId]);
  if (positionId) q = q.where('p.position_id', '=', positionId);
  return q.orderBy('p.id').executeTakeFirstOrThrow();
}

/** Every pick row (compared before and after a refused request). */
export async function pickTables(db: Kysely<DB>) {
  const all = async (table: string) =>
    (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} ORDER BY id`.execute(db)).rows;
  return { league: await all('league_selections'), player: await all('player_selections') };
}

/** A refused request: its status, its message, and no pick row changed. */
export async function expectRefused(
  db: Kysely<DB>,
  request: () => Promise<LightMyRequestResponse>,
  status: number,
  message?: string | RegExp,
) {
  const before = await pickTables(db);
  const res = await request();
  expect(res.statusCode, res.body).toBe(status);
  const text = res.json().error?.message as string;
  expect(typeof text).toBe('string');
  expect(text.length).toBeGreaterThan(0);
  if (typeof message === 'string') expect(text).toBe(message);
  else if (message) expect(text).toMatch(message);
  expect(await pickTables(db)).toEqual(before);
  return res;
}

export interface FeatureRow {
  ID: number | null;
  LeagueFeatureID: number;
  FeatureID: number;
  FeatureName: string;
  FeatureTypeName: 'team' | 'player' | 'bonus';
  Points: number;
  PlayerID: number | null;
  TeamID: number | null;
  BonusOptionID: number | null;
  BonusOptions: { ID: number; Label: string }[];
  AllowedPositionIDs?: number[];
  IsAutoPick: boolean;
  StartTime: string;
  FixtureID: number;
}

export async function mpRows(who: SignedIn, LeagueID: number, FixtureID: number): Promise<FeatureRow[]> {
  const res = await who.client.post('/api/league_selection/user/', { UserID: who.userId, LeagueID, FixtureID });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export function saveMp(who: SignedIn, Selection: Record<string, unknown>[], CopyToOtherLeagues = false) {
  return who.client.put('/api/league_selection/bulk_update', {
    CopyToOtherLeagues,
    Selection: Selection.map((s) => ({ UserID: who.userId, IsActive: true, ...s })),
  });
}

export function savePs(who: SignedIn, Selection: Record<string, unknown>[], CopyToOtherLeagues = false) {
  return who.client.put('/api/player_selection/bulk_update', {
    CopyToOtherLeagues,
    Selection: Selection.map((s) => ({ UserID: who.userId, IsActive: true, ...s })),
  });
}

export interface SlotRow {
  PlayerSelectionID: number | null;
  PositionID: number;
  PositionName: string;
  PositionOrder: number;
  PlayerID: number | null;
  IsAutoPick: boolean;
  StartTime: string;
  FixtureID: number;
}

export async function psRows(who: SignedIn, LeagueID: number, FixtureID: number): Promise<SlotRow[]> {
  const res = await who.client.get(
    `/api/player_selection/fixture/?FixtureID=${FixtureID}&LeagueID=${LeagueID}&UserID=${who.userId}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
