import type { components } from '@fantasy-cricket/api-client';
import { fromPct, multipliedPoints } from '@fantasy-cricket/rules';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import type { LeagueRecord } from '../leagues/access';
import { leagueFixtureCondition } from '../leagues/fixtures';
import type { FeatureWinners } from '../cricket/scoring/match-prediction';
import { memberFixturePoints } from './materialize';
import {
  type Member,
  type ScoredFixture,
  approvedMembers,
  isOwnFixture,
  mpPickRowsSql,
  pickEntitySql,
  psFeaturePoints,
  psPickRowsSql,
  psStatRowsSql,
  rankByPoints,
  scoredFixtures,
} from './points';

type LeaderboardRow = components['schemas']['LeaderboardRow'];
type PointsProgression = components['schemas']['PointsProgression'];
type PastSelection = components['schemas']['PastSelection'];
type PastPlayerSelection = components['schemas']['PastPlayerSelection'];
type PlayerScoringDetail = components['schemas']['PlayerScoringDetail'];

/** Everything the leaderboard, the progression chart and the contests are built from. */
export interface LeagueStandingsData {
  fixtures: ScoredFixture[];
  members: Member[];
  /** user id → fixture id → points (scored fixtures only; absent = 0). */
  points: Map<number, Map<number, number>>;
  /** Player Selection: the league's points per stat feature (empty for Match Prediction). */
  psPoints: Map<number, number>;
}

export async function standingsData(db: Kysely<DB>, league: LeagueRecord, now: Date): Promise<LeagueStandingsData> {
  const psPoints = league.league_type === 'PS' ? await psFeaturePoints(db, league.id) : new Map<number, number>();
  const fixtures = await scoredFixtures(db, league.id, now);
  const members = await approvedMembers(db, league.id);
  const approved = new Set(members.map((m) => m.userId));
  const points = await memberFixturePoints(
    db,
    league,
    fixtures.map((f) => f.id),
    approved,
    now,
  );
  return { fixtures, members, points, psPoints };
}

export function fullName(league: Pick<LeagueRecord, 'is_private'>, m: Pick<Member, 'firstName' | 'lastName'>) {
  return league.is_private ? `${m.firstName} ${m.lastName}`.trim() : '';
}

/** Same order as `a.localeCompare(b, 'en', { sensitivity: 'base' })`, without a collator per call. */
const nameCollator = new Intl.Collator('en', { sensitivity: 'base' });
const byName = (a: Member, b: Member) => nameCollator.compare(a.displayName, b.displayName) || a.userId - b.userId;

/** A member's leaderboard numbers: points over the scored fixtures, and from the last one. */
export interface MemberTotal {
  total: number;
  gained: number;
  /** The member has points for a scored fixture before the last one (they had picks there). */
  playedBefore: boolean;
}

/**
 * Leaderboard rows: every Approved member, ranked by total points (ties share a position), sorted by
 * position then display name. PointsGained is the most recently scored fixture's points. PositionChange
 * compares with the ranking before that fixture, for a member who had a standing then — one of their
 * own fixtures (`isOwnFixture`) was scored before it; otherwise it is 0: a member who joined late is
 * not "down" for the matches played before they could play (0 also until two fixtures are scored).
 */
export function leaderboardRows(league: LeagueRecord, data: LeagueStandingsData, me: number): LeaderboardRow[] {
  const { fixtures, members, points } = data;
  const last = fixtures.at(-1);
  const earlier = fixtures.slice(0, -1);
  const totals = new Map<number, MemberTotal>();
  for (const m of members) {
    const byFixture = points.get(m.userId);
    let total = 0;
    if (byFixture) for (const f of fixtures) total += byFixture.get(f.id) ?? 0;
    totals.set(m.userId, {
      total,
      gained: last ? (byFixture?.get(last.id) ?? 0) : 0,
      playedBefore: earlier.some((f) => byFixture?.has(f.id)),
    });
  }
  return rankedRows(league, members, totals, fixtures, me);
}

/** `leaderboardRows` from each member's totals over the scored `fixtures` (in start order). */
export function rankedRows(
  league: Pick<LeagueRecord, 'is_private'>,
  members: readonly Member[],
  totals: ReadonlyMap<number, MemberTotal>,
  fixtures: readonly Pick<ScoredFixture, 'id' | 'startTime'>[],
  me: number,
): LeaderboardRow[] {
  const scoredCount = fixtures.length;
  // The latest start among the fixtures before the last: a member who joined before it had a standing.
  const previous = fixtures.at(-2);
  const hadStanding = (m: Member) =>
    previous !== undefined && ((totals.get(m.userId)?.playedBefore ?? false) || isOwnFixture(m, previous, undefined));
  const entries = members.map((m) => ({ key: m.userId, points: totals.get(m.userId)?.total ?? 0 }));
  const now = rankByPoints(entries);
  const gained = (userId: number) => (scoredCount > 0 ? (totals.get(userId)?.gained ?? 0) : 0);
  const before =
    scoredCount >= 2 ? rankByPoints(entries.map((t) => ({ key: t.key, points: t.points - gained(t.key) }))) : now;
  return [...members]
    .sort((a, b) => (now.get(a.userId) ?? 0) - (now.get(b.userId) ?? 0) || byName(a, b))
    .map((m) => {
      const position = now.get(m.userId) ?? 1;
      return {
        UserID: m.userId,
        UserDisplayName: m.displayName,
        UserFullName: fullName(league, m),
        Position: position,
        PositionChange: hadStanding(m) ? (before.get(m.userId) ?? position) - position : 0,
        TotalPoints: totals.get(m.userId)?.total ?? 0,
        PointsGained: gained(m.userId),
        IsMe: m.userId === me,
      };
    });
}

/** Cumulative points of every Approved member after each scored fixture, in leaderboard order. */
export function progression(league: LeagueRecord, data: LeagueStandingsData, me: number): PointsProgression {
  const order = leaderboardRows(league, data, me);
  return {
    Fixtures: data.fixtures.map((f) => ({ FixtureID: f.id, FixtureName: f.name, StartTime: f.startTime })),
    Series: order.map((row) => {
      let sum = 0;
      return {
        UserID: row.UserID,
        UserDisplayName: row.UserDisplayName,
        IsMe: row.IsMe,
        Points: data.fixtures.map((f) => {
          sum += data.points.get(row.UserID)?.get(f.id) ?? 0;
          return sum;
        }),
      };
    }),
  };
}

interface FixtureColumns {
  fixture_id: number;
  fixture_name: string;
  start_time: Date | string;
  home: string;
  visitor: string;
}

const fixtureJoins = sql`
  JOIN fixtures fx ON fx.id = p.fixture_id
  JOIN teams th ON th.id = fx.local_team_id
  JOIN teams tv ON tv.id = fx.visitor_team_id`;
const fixtureColumns = sql`fx.id AS fixture_id, fx.name AS fixture_name, fx.start_time, th.code AS home, tv.code AS visitor`;

/**
 * Match Prediction score details of one member: one row per pick in a started fixture, by start time
 * then feature order. Winners (comma-separated names, in the column of the feature's type) appear once
 * the fixture is scored; until then they are empty and the pick scores 0.
 */
export async function pastSelections(
  db: Kysely<DB>,
  league: LeagueRecord,
  userId: number,
  displayName: string,
  now: Date,
): Promise<PastSelection[]> {
  const { rows } = await sql<
    FixtureColumns & {
      feature: string;
      feature_type: 'team' | 'player' | 'bonus';
      sel_player: string | null;
      sel_team: string | null;
      sel_bonus: string | null;
      winners: string | null;
      points: number | string;
      is_auto_pick: boolean;
      feature_id: number;
      cfg_points: number;
      cfg_active: boolean;
      entity: number | null;
      provisional: boolean;
      leaders: unknown;
    }
  >`
    SELECT ${fixtureColumns}, ft.name AS feature, ft.feature_type,
           sp.full_name AS sel_player, st.name AS sel_team, sb.label AS sel_bonus,
           (SELECT string_agg(coalesce(wp.full_name, wt.name, wb.label, w.entity_id::text), ', ' ORDER BY w.entity_id)
              FROM fixture_feature_winners w
              LEFT JOIN players wp ON w.entity_type = 'player' AND wp.id = w.entity_id
              LEFT JOIN teams wt ON w.entity_type = 'team' AND wt.id = w.entity_id
              LEFT JOIN bonus_options wb ON w.entity_type = 'bonus' AND wb.id = w.entity_id
              WHERE p.scored AND w.fixture_id = p.fixture_id AND w.feature_id = p.feature_id) AS winners,
           p.points, p.is_auto_pick, p.feature_id, p.cfg_points, p.cfg_active,
           ${pickEntitySql('p')} AS entity,
           (lfx.fixture_id IS NOT NULL AND fx.status = 'live' AND NOT p.scored) AS provisional, lfx.leaders
    FROM (${mpPickRowsSql(league.id, now, { userId })}) p
    ${fixtureJoins}
    LEFT JOIN live_fixtures lfx ON lfx.fixture_id = p.fixture_id AND lfx.state = 'live'
    JOIN features ft ON ft.id = p.feature_id
    LEFT JOIN players sp ON sp.id = p.player_id
    LEFT JOIN teams st ON st.id = p.team_id
    LEFT JOIN bonus_options sb ON sb.id = p.bonus_option_id
    ORDER BY fx.start_time, fx.id, ft.sort_order, ft.id`.execute(db);
  // A live fixture's leaders so far, by row: the live fixture's `leaders` hold only the features the
  // match decides as it goes (Most Runs, Most Wickets, Total Sixes; src/live/lines.ts); the other
  // features find none and wait for the result.
  const leadersOf = (r: (typeof rows)[number]): FeatureWinners | undefined => {
    if (!r.provisional) return undefined;
    const leaders = (typeof r.leaders === 'string' ? JSON.parse(r.leaders) : (r.leaders ?? [])) as FeatureWinners[];
    return leaders.find((w) => w.featureId === r.feature_id);
  };
  const names = await leaderNames(db, rows.map(leadersOf));
  return rows.map((r) => {
    const winners = r.winners ?? '';
    // A live fixture: the pick's provisional points, as if the match ended now.
    let points = Number(r.points);
    const leading = leadersOf(r);
    if (r.provisional) {
      const wins = r.entity !== null && (leading?.ids.includes(r.entity) ?? false);
      points = wins && r.cfg_active ? r.cfg_points : 0;
    }
    return {
      UserDisplayName: displayName,
      LeagueName: league.name,
      FixtureID: r.fixture_id,
      FixtureName: r.fixture_name,
      StartTime: new Date(r.start_time).toISOString(),
      LocalTeamCode: r.home,
      VisitorTeamCode: r.visitor,
      Feature: r.feature,
      FeatureTypeName: r.feature_type,
      SelectedPlayer: r.sel_player ?? '',
      SelectedTeam: r.sel_team ?? '',
      SelectedBonus: r.sel_bonus ?? '',
      WinningPlayer: r.feature_type === 'player' ? winners : '',
      WinningTeam: r.feature_type === 'team' ? winners : '',
      WinningBonus: r.feature_type === 'bonus' ? winners : '',
      Points: points,
      IsAutoPick: r.is_auto_pick,
      Provisional: Boolean(r.provisional),
      ...(r.provisional
        ? {
            LeadingSoFar: (leading?.ids ?? [])
              .map((id) => names.get(`${leading!.entityType}:${id}`) ?? String(id))
              .join(', '),
          }
        : {}),
    };
  });
}

/** The names of live leaders (players and bonus options), by `entityType:id`. */
async function leaderNames(db: Kysely<DB>, winners: readonly (FeatureWinners | undefined)[]) {
  const ids = { player: new Set<number>(), bonus: new Set<number>() };
  for (const w of winners) {
    if (w?.entityType === 'player' || w?.entityType === 'bonus') for (const id of w.ids) ids[w.entityType].add(id);
  }
  const names = new Map<string, string>();
  if (ids.player.size > 0) {
    const rows = await db
      .selectFrom('players')
      .select(['id', 'full_name'])
      .where('id', 'in', [...ids.player])
      .execute();
    for (const r of rows) names.set(`player:${r.id}`, r.full_name);
  }
  if (ids.bonus.size > 0) {
    const rows = await db
      .selectFrom('bonus_options')
      .select(['id', 'label'])
      .where('id', 'in', [...ids.bonus])
      .execute();
    for (const r of rows) names.set(`bonus:${r.id}`, r.label);
  }
  return names;
}

/**
 * Player Selection score details of one member: one row per picked player in a started fixture, by
 * start time, then position (team-sheet order) and slot. Points are 0 until the fixture is scored.
 */
export async function pastPlayerSelections(
  db: Kysely<DB>,
  league: LeagueRecord,
  userId: number,
  displayName: string,
  now: Date,
): Promise<PastPlayerSelection[]> {
  const { rows } = await sql<
    FixtureColumns & {
      player_id: number;
      player_name: string;
      position_name: string;
      points: number | string;
      base_points: number | string;
      multiplier_pct: number;
      role: 'C' | 'VC' | null;
      replaced_name: string | null;
      is_auto_pick: boolean;
      provisional: boolean;
      live_points: number | string;
    }
  >`
    SELECT ${fixtureColumns}, p.player_id, pl.full_name AS player_name, pos.name AS position_name,
           p.points, p.base_points, p.multiplier_pct, p.role, p.is_auto_pick,
           (SELECT rp.full_name FROM players rp WHERE rp.id = p.replaced_player_id) AS replaced_name,
           (lfx.fixture_id IS NOT NULL AND fx.status = 'live' AND NOT p.scored) AS provisional,
           coalesce(lpp.points, 0) AS live_points
    FROM (${psPickRowsSql(league.id, now, await psFeaturePoints(db, league.id), { userId })}) p
    ${fixtureJoins}
    LEFT JOIN live_fixtures lfx ON lfx.fixture_id = p.fixture_id AND lfx.state = 'live'
    LEFT JOIN live_league_player_points lpp
      ON lpp.league_id = ${league.id} AND lpp.fixture_id = p.fixture_id AND lpp.player_id = p.player_id
    JOIN players pl ON pl.id = p.player_id
    JOIN positions pos ON pos.id = p.position_id
    ORDER BY fx.start_time, fx.id, pos.sort_order, p.position_order, pl.full_name`.execute(db);
  return rows.map((r) => ({
    UserID: userId,
    UserDisplayName: displayName,
    LeagueID: league.id,
    LeagueName: league.name,
    FixtureID: r.fixture_id,
    FixtureName: r.fixture_name,
    StartTime: new Date(r.start_time).toISOString(),
    LocalTeamCode: r.home,
    VisitorTeamCode: r.visitor,
    PositionName: r.position_name,
    PlayerID: r.player_id,
    PlayerName: r.player_name,
    // A live fixture: the player's provisional points under the league's points (as the standings count
    // them), after the captain's or vice-captain's multiplier as final points are.
    Points: r.provisional ? multipliedPoints(Number(r.live_points), r.multiplier_pct) : Number(r.points),
    BasePoints: r.provisional ? Number(r.live_points) : Number(r.base_points),
    Multiplier: fromPct(r.multiplier_pct),
    Role: r.role,
    ReplacedPlayerName: r.replaced_name,
    IsAutoPick: r.is_auto_pick,
    Provisional: Boolean(r.provisional),
  }));
}

/**
 * The per-stat breakdown of a member's picked players in one fixture (all of them, or one player):
 * the `psStatRowsSql` rows whose sums are the PastPlayerSelection points. Empty before the fixture is
 * scored, and for a picked player with no scoring stat.
 */
export async function playerScoringDetails(
  db: Kysely<DB>,
  league: LeagueRecord,
  userId: number,
  displayName: string,
  fixture: { id: number; name: string },
  playerId: number,
  now: Date,
): Promise<PlayerScoringDetail[]> {
  const filter = { userId, fixtureId: fixture.id, ...(playerId > 0 ? { playerId } : {}) };
  const { rows } = await sql<{
    player_id: number;
    player_name: string;
    feature_name: string;
    count: number | string;
    points: number | string;
  }>`
    SELECT s.player_id, pl.full_name AS player_name, ft.name AS feature_name, s.count, s.points
    FROM (${psStatRowsSql(league.id, now, await psFeaturePoints(db, league.id), filter)}) s
    JOIN player_selections ps ON ps.id = s.selection_id
    JOIN positions pos ON pos.id = ps.position_id
    JOIN players pl ON pl.id = s.player_id
    JOIN features ft ON ft.id = s.feature_id
    ORDER BY pos.sort_order, ps.position_order, pl.full_name, ft.sort_order, ft.id`.execute(db);
  return rows.map((r) => ({
    UserDisplayName: displayName,
    LeagueName: league.name,
    FixtureName: fixture.name,
    PlayerID: r.player_id,
    PlayerName: r.player_name,
    FeatureName: r.feature_name,
    Count: Number(r.count),
    Points: Number(r.points),
  }));
}

/** The fixture when it belongs to the league, else undefined. */
export async function leagueFixture(
  db: Kysely<DB>,
  leagueId: number,
  fixtureId: number,
): Promise<{ id: number; name: string } | undefined> {
  const { rows } = await sql<{ id: number; name: string }>`
    SELECT f.id, f.name FROM leagues l JOIN fixtures f ON ${leagueFixtureCondition('l', 'f')}
    WHERE l.id = ${leagueId} AND f.id = ${fixtureId}`.execute(db);
  return rows[0];
}
