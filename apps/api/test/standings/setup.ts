import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import { FEATURES_BY_ID, type PositionId } from '../../src/cricket/catalogue';
import { loadMatchFacts, loadStatLines } from '../../src/cricket/scoring/derived';
import { matchPredictionWinners } from '../../src/cricket/scoring/match-prediction';
import { statCounts } from '../../src/cricket/scoring/player-selection';
import type { DB } from '../../src/db/schema';
import type { SignedIn, TestApp } from '../helpers';
import { createLeague, type LeagueWorld } from '../leagues/setup';

export { person } from '../leagues/setup';

export interface LeagueSetup {
  name?: string;
  type: 1 | 2;
  showOthersPicks?: boolean;
  isPrivate?: boolean;
  /** FeatureID → points (magnitude); features listed in `inactive` are switched off. */
  points?: Record<number, number>;
  inactive?: number[];
}

/**
 * The players of some matches, created before their first match as a squads import would (position
 * Batsman, inferred): the importer then finds them by Cricsheet id. `people` maps Cricsheet id → name;
 * returns Cricsheet id → player id.
 */
export async function insertPlayers(db: Kysely<DB>, people: ReadonlyMap<string, string>): Promise<Map<string, number>> {
  const inserted = await db
    .insertInto('players')
    .values(
      [...people].map(([cricsheet_id, full_name]) => ({
        cricsheet_id,
        full_name,
        position_id: 1,
        position_source: 'inferred' as const,
        created_at: new Date(),
      })),
    )
    .returning(['id', 'cricsheet_id'])
    .execute();
  return new Map(inserted.map((p) => [p.cricsheet_id!, p.id]));
}

/** A league created, configured and activated through the API by `admin`. */
export async function setUpLeague(w: LeagueWorld, admin: SignedIn, o: LeagueSetup) {
  const created = await createLeague(w, admin, {
    type: o.type,
    isPrivate: o.isPrivate ?? true,
    name: o.name ?? 'Standings League',
    displayName: 'Admin',
  });
  const id = created.LeagueID;
  const rows = (await admin.client.get(`/api/league_configuration/getConfigurationsForLeague/${id}`)).json() as {
    ID: number;
    FeatureID: number;
    Points: number;
  }[];
  const changes = rows
    .filter((r) => o.points?.[r.FeatureID] !== undefined || o.inactive?.includes(r.FeatureID))
    .map((r) => ({
      LeagueConfigurationID: r.ID,
      LeagueID: id,
      FeatureID: r.FeatureID,
      Points: o.points?.[r.FeatureID] ?? r.Points,
      IsActive: !o.inactive?.includes(r.FeatureID),
    }));
  if (changes.length > 0) {
    const res = await admin.client.post('/api/league_configuration/bulkUpdate', { LeagueConfiguration: changes });
    expect(res.statusCode, res.body).toBe(200);
  }
  if (o.showOthersPicks) {
    const res = await admin.client.put(`/api/league/${id}`, { Description: 'Friendly league', ShowOthersPicks: true });
    expect(res.statusCode, res.body).toBe(200);
  }
  const act = await admin.client.post('/api/league/activate', { UserID: admin.userId, LeagueID: id });
  expect(act.statusCode, act.body).toBe(200);
  return created;
}

/** Joins by code; the admin approves unless `approve` is false. */
export async function joinAs(
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
  if (!approve) return;
  const members = (await admin.client.get(`/api/league_member/${league.LeagueID}/members`)).json().data as {
    MemberID: number;
    UserID: number;
    Status: string;
  }[];
  const mine = members.find((m) => m.UserID === who.userId)!;
  if (mine.Status === 'Approved') return;
  const decided = await admin.client.post('/api/league_member/update_member_status', {
    LeagueMemberID: mine.MemberID,
    LeagueID: league.LeagueID,
    Status: 'Approved',
    AdminUserID: admin.userId,
  });
  expect(decided.statusCode, decided.body).toBe(200);
}

/** A Match Prediction pick written straight into the table (the fixtures of these tests are in the past). */
export async function mpPick(
  db: Kysely<DB>,
  leagueId: number,
  userId: number,
  fixtureId: number,
  featureId: number,
  choice: { team?: number; player?: number; bonus?: number },
  isAutoPick = false,
) {
  const cfg = await db
    .selectFrom('league_configurations')
    .select('id')
    .where('league_id', '=', leagueId)
    .where('feature_id', '=', featureId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('league_selections')
    .values({
      league_id: leagueId,
      user_id: userId,
      fixture_id: fixtureId,
      league_configuration_id: cfg.id,
      team_id: choice.team ?? null,
      player_id: choice.player ?? null,
      bonus_option_id: choice.bonus ?? null,
      is_auto_pick: isAutoPick,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .execute();
}

/** Player Selection picks: players in slots (position cycles 1..4, order counts up). */
export async function psPicks(
  db: Kysely<DB>,
  leagueId: number,
  userId: number,
  fixtureId: number,
  playerIds: number[],
  autoPick = false,
) {
  if (playerIds.length === 0) return;
  await db
    .insertInto('player_selections')
    .values(
      playerIds.map((player_id, i) => ({
        league_id: leagueId,
        user_id: userId,
        fixture_id: fixtureId,
        position_id: (i % 4) + 1,
        position_order: Math.floor(i / 4) + 1,
        player_id,
        is_auto_pick: autoPick,
        created_at: new Date(),
        updated_at: new Date(),
      })),
    )
    .execute();
}

export interface ExpectedRow {
  userId: number;
  position: number;
  change: number;
  total: number;
  gained: number;
}

/**
 * The standings computed independently of src/standings: plain TypeScript over the raw results and
 * stat lines with the pure scoring rules of src/cricket/scoring (the same rules the derived tables are
 * built from, but not those tables), the league's configuration rows and the pick tables.
 * Position = 1 + number of members with strictly more points.
 */
export async function independentStandings(db: Kysely<DB>, leagueId: number, memberIds: number[]) {
  const league = await db.selectFrom('leagues').selectAll().where('id', '=', leagueId).executeTakeFirstOrThrow();
  const cfgRows = await db.selectFrom('league_configurations').selectAll().where('league_id', '=', leagueId).execute();
  const cfg = new Map(cfgRows.map((c) => [c.id, c]));
  const cfgByFeature = new Map(cfgRows.map((c) => [c.feature_id, c]));
  const { rows: fixtures } = await sql<{ id: number; start_time: Date | string }>`
    SELECT f.id, f.start_time FROM fixtures f JOIN fixture_results r ON r.fixture_id = f.id
    WHERE f.season_id = ${league.season_id} AND f.status = 'completed' AND r.result_type IN ('normal', 'tie')
      AND f.start_time <= now()
    ORDER BY f.start_time, f.id`.execute(db);
  const perFixture = new Map<number, Map<number, number>>(); // fixture → user → points
  /** MP: selection id → points; PS: selection id → points. */
  const perPick = new Map<number, number>();
  for (const { id: fixtureId } of fixtures) {
    const byUser = new Map<number, number>();
    perFixture.set(fixtureId, byUser);
    if (league.league_type === 'MP') {
      const winners = matchPredictionWinners(await loadMatchFacts(db, fixtureId));
      const picks = await db
        .selectFrom('league_selections')
        .selectAll()
        .where('league_id', '=', leagueId)
        .where('fixture_id', '=', fixtureId)
        .execute();
      for (const p of picks) {
        const c = cfg.get(p.league_configuration_id)!;
        const picked = p.team_id ?? p.player_id ?? p.bonus_option_id;
        const won = winners.find((w) => w.featureId === c.feature_id)?.ids.includes(picked!) ?? false;
        const pts = won && c.is_active ? c.points : 0;
        perPick.set(p.id, pts);
        byUser.set(p.user_id, (byUser.get(p.user_id) ?? 0) + pts);
      }
    } else {
      const lines = new Map((await loadStatLines(db, fixtureId)).map((l) => [l.playerId, l]));
      const picks = await db
        .selectFrom('player_selections')
        .selectAll()
        .where('league_id', '=', leagueId)
        .where('fixture_id', '=', fixtureId)
        .execute();
      // Team rules (issue 27): the captain's and vice-captain's points multiplied, rounded to a whole
      // point with halves away from zero — written out here, not taken from src or packages/rules.
      const rules = await db
        .selectFrom('league_team_rules')
        .selectAll()
        .where('league_id', '=', leagueId)
        .executeTakeFirst();
      const teams = await db
        .selectFrom('player_selection_teams')
        .selectAll()
        .where('league_id', '=', leagueId)
        .where('fixture_id', '=', fixtureId)
        .execute();
      const multiplierOf = (userId: number, playerId: number) => {
        const team = teams.find((x) => x.user_id === userId);
        if (!rules || rules.captain_pct === null || !team) return 1;
        if (team.captain_player_id === playerId) return rules.captain_pct / 100;
        if (team.vice_captain_player_id === playerId) return rules.vice_captain_pct! / 100;
        return 1;
      };
      const roundHalfAway = (x: number) => Math.sign(x) * Math.floor(Math.abs(x) + 0.5 + 1e-9);
      for (const p of picks) {
        const l = lines.get(p.player_id);
        let pts = 0;
        // A substitute fielder's line (did not play) scores nothing: the rule of appearanceCounts.
        if (l?.didPlay) {
          for (const [featureId, n] of statCounts(l.line, l.positionId as PositionId)) {
            const c = cfgByFeature.get(featureId);
            if (c?.is_active) pts += n * c.points * FEATURES_BY_ID.get(featureId)!.sign;
          }
        }
        pts = roundHalfAway(pts * multiplierOf(p.user_id, p.player_id));
        perPick.set(p.id, pts);
        byUser.set(p.user_id, (byUser.get(p.user_id) ?? 0) + pts);
      }
    }
  }
  const totalAfter = (n: number, userId: number) =>
    fixtures.slice(0, n).reduce((s, f) => s + (perFixture.get(f.id)?.get(userId) ?? 0), 0);
  const positionAfter = (n: number, userId: number) =>
    1 + memberIds.filter((u) => totalAfter(n, u) > totalAfter(n, userId)).length;
  const n = fixtures.length;
  const last = fixtures[n - 1];
  // A member's rank change counts from their first own fixture: one they had picks for, or that started
  // after their membership began; with none before the last fixture, they had no standing to change from.
  const memberRows = await db
    .selectFrom('league_members')
    .select(['user_id', 'joined_at', 'decided_at'])
    .where('league_id', '=', leagueId)
    .execute();
  const since = new Map(memberRows.map((m) => [m.user_id, new Date(m.decided_at ?? m.joined_at).getTime()]));
  const hadStanding = (userId: number) =>
    fixtures
      .slice(0, n - 1)
      .some((f) => perFixture.get(f.id)?.has(userId) || new Date(f.start_time).getTime() > (since.get(userId) ?? 0));
  const rows: ExpectedRow[] = memberIds.map((userId) => ({
    userId,
    position: positionAfter(n, userId),
    change: n >= 2 && hadStanding(userId) ? positionAfter(n - 1, userId) - positionAfter(n, userId) : 0,
    total: totalAfter(n, userId),
    gained: last ? (perFixture.get(last.id)?.get(userId) ?? 0) : 0,
  }));
  return {
    rows,
    fixtures: fixtures.map((f) => f.id),
    perFixture,
    perPick,
    cumulative: (userId: number) => fixtures.map((_, i) => totalAfter(i + 1, userId)),
  };
}

export type { LeagueWorld, TestApp };
