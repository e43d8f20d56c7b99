import { hasStarted } from '@fantasy-cricket/rules';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { pickRoleSql, teamExtrasJoin } from '../standings/points';
import { leagueFixtureOr404, readablePicksLeague } from './shared';

/**
 * All Selections (spec section 2): whose picks of a fixture a member may see. Before the start only
 * the caller's own; after it, every Approved member's when the league shows others' picks, otherwise
 * still only the caller's own. Full names only in private leagues.
 */
async function visibility(db: Kysely<DB>, userId: number, leagueId: number, fixtureId: number, now: Date) {
  const league = await readablePicksLeague(db, leagueId, userId);
  const fixture = await leagueFixtureOr404(db, leagueId, fixtureId);
  const everyone = hasStarted(fixture.startTime, now) && league.show_others_picks;
  const who = everyone
    ? sql<boolean>`(s.user_id = ${userId} OR m.status = 'Approved')`
    : sql<boolean>`s.user_id = ${userId}`;
  return { league, fixture, who };
}

interface PersonColumns {
  user_id: number;
  display_name: string | null;
  first_name: string;
  last_name: string;
  is_auto_pick: boolean;
}

function person(r: PersonColumns, userId: number, isPrivate: boolean) {
  return {
    UserID: r.user_id,
    UserDisplayName: r.display_name ?? '',
    UserFullName: isPrivate ? `${r.first_name} ${r.last_name}` : '',
    IsAutoPick: r.is_auto_pick,
    IsOwn: r.user_id === userId,
  };
}

type EntityType = 'team' | 'player' | 'bonus';

/** Labels of the fixture's winners per catalogue feature ('' until the results are in). */
async function winnerLabels(db: Kysely<DB>, fixtureId: number): Promise<Map<number, string>> {
  const lists = await db
    .selectFrom('fixture_feature_winner_lists')
    .select(['feature_id', 'entity_type', 'winner_ids'])
    .where('fixture_id', '=', fixtureId)
    .execute();
  const ids = (type: EntityType) =>
    lists
      .filter((l) => l.entity_type === type)
      .flatMap((l) => l.winner_ids.split(',').map(Number))
      .filter((n) => Number.isInteger(n) && n > 0);
  const names = new Map<string, string>();
  const teamIds = ids('team');
  const playerIds = ids('player');
  const bonusIds = ids('bonus');
  if (teamIds.length > 0) {
    for (const r of await db.selectFrom('teams').select(['id', 'name']).where('id', 'in', teamIds).execute()) {
      names.set(`team:${r.id}`, r.name);
    }
  }
  if (playerIds.length > 0) {
    for (const r of await db.selectFrom('players').select(['id', 'full_name']).where('id', 'in', playerIds).execute()) {
      names.set(`player:${r.id}`, r.full_name);
    }
  }
  if (bonusIds.length > 0) {
    for (const r of await db
      .selectFrom('bonus_options')
      .select(['id', 'label'])
      .where('id', 'in', bonusIds)
      .execute()) {
      names.set(`bonus:${r.id}`, r.label);
    }
  }
  return new Map(
    lists.map((l) => [
      l.feature_id,
      l.winner_ids
        .split(',')
        .map((id) => names.get(`${l.entity_type}:${id.trim()}`) ?? id.trim())
        .join(', '),
    ]),
  );
}

/** Match Prediction picks of a fixture the caller may see, by display name then feature order. */
export async function fixtureSelections(
  db: Kysely<DB>,
  userId: number,
  leagueId: number,
  fixtureId: number,
  now = new Date(),
) {
  const { league, who } = await visibility(db, userId, leagueId, fixtureId, now);
  const { rows } = await sql<
    PersonColumns & { feature_id: number; feature: string; feature_type: EntityType; selection: string | null }
  >`
    SELECT s.user_id, m.display_name, u.first_name, u.last_name, s.is_auto_pick,
           f.id AS feature_id, f.name AS feature, f.feature_type,
           coalesce(t.name, p.full_name, b.label) AS selection
    FROM league_selections s
    JOIN users u ON u.id = s.user_id
    JOIN league_configurations c ON c.id = s.league_configuration_id
    JOIN features f ON f.id = c.feature_id
    LEFT JOIN league_members m ON m.league_id = s.league_id AND m.user_id = s.user_id
    LEFT JOIN teams t ON t.id = s.team_id
    LEFT JOIN players p ON p.id = s.player_id
    LEFT JOIN bonus_options b ON b.id = s.bonus_option_id
    WHERE s.league_id = ${leagueId} AND s.fixture_id = ${fixtureId} AND ${who}
    ORDER BY lower(coalesce(m.display_name, '')), s.user_id, f.sort_order, f.id`.execute(db);
  const winners = await winnerLabels(db, fixtureId);
  return rows.map((r) => ({
    ...person(r, userId, league.is_private),
    FeatureID: r.feature_id,
    Feature: r.feature,
    FeatureTypeName: r.feature_type,
    Selection: r.selection ?? '',
    Winner: winners.get(r.feature_id) ?? '',
  }));
}

/** Player Selection picks of a fixture the caller may see, by display name then slot (team-sheet order). */
export async function fixturePlayerSelections(
  db: Kysely<DB>,
  userId: number,
  leagueId: number,
  fixtureId: number,
  now = new Date(),
) {
  const { league, fixture, who } = await visibility(db, userId, leagueId, fixtureId, now);
  const { rows } = await sql<
    PersonColumns & {
      position_id: number;
      position_name: string;
      position_order: number;
      player_id: number;
      player_name: string;
      team_code: string | null;
      role: 'C' | 'VC' | null;
      replaced_name: string | null;
    }
  >`
    SELECT s.user_id, m.display_name, u.first_name, u.last_name, s.is_auto_pick,
           pos.id AS position_id, pos.name AS position_name, s.position_order,
           p.id AS player_id, p.full_name AS player_name,
           ${pickRoleSql('s', 'tm')} AS role,
           (SELECT rp.full_name FROM players rp WHERE rp.id = s.replaced_player_id) AS replaced_name,
           (SELECT t.code FROM squads q JOIN teams t ON t.id = q.team_id
             WHERE q.player_id = s.player_id AND q.season_id = ${fixture.seasonId}
               AND q.team_id IN (${fixture.localTeamId}, ${fixture.visitorTeamId})
             ORDER BY t.code LIMIT 1) AS team_code
    FROM player_selections s
    JOIN users u ON u.id = s.user_id
    JOIN positions pos ON pos.id = s.position_id
    JOIN players p ON p.id = s.player_id
    ${teamExtrasJoin('s', 'tm')}
    LEFT JOIN league_members m ON m.league_id = s.league_id AND m.user_id = s.user_id
    WHERE s.league_id = ${leagueId} AND s.fixture_id = ${fixtureId} AND ${who}
    ORDER BY lower(coalesce(m.display_name, '')), s.user_id, pos.sort_order, s.position_order`.execute(db);
  return rows.map((r) => ({
    ...person(r, userId, league.is_private),
    PositionID: r.position_id,
    PositionName: r.position_name,
    PositionOrder: r.position_order,
    PlayerID: r.player_id,
    PlayerName: r.player_name,
    TeamCode: r.team_code ?? '',
    Role: r.role,
    ReplacedPlayerName: r.replaced_name,
  }));
}
