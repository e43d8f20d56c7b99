import { type Kysely, type RawBuilder, sql } from 'kysely';
import { idInSql } from '../db/id-list';
import type { DB, LeagueTypeCode } from '../db/schema';
import { isScoredSql } from '../cricket/scoring/scored';
import { leagueFixtureCondition } from '../leagues/fixtures';

/**
 * The one computation of a league's points. Every standings answer (leaderboard, progression,
 * contests, score details, the per-player breakdown) reads the rows of the SQL below and only adds
 * them up, so a member's total always equals the sum of the score-detail rows they can open, and a
 * Player Selection pick's points always equal the sum of its per-stat rows.
 *
 * Points are computed from the derived scoring tables (`fixture_feature_winners`,
 * `player_fixture_feature_counts`), which the re-score hook rebuilds whenever a result changes. The
 * per-member fixture totals behind leaderboards, progression and contests are kept in
 * `standings_points` (./materialize.ts), written by the same SQL below and recomputed for a fixture
 * as soon as its version moves, so a corrected result changes every answer at once. See
 * docs/scoring.md ("Leaderboards and contests") and docs/decisions/0007-standings.md.
 */

/** Optional narrowing of the rows: one member, one fixture (or several), one player (PS). */
export interface RowFilter {
  userId?: number | undefined;
  fixtureId?: number | undefined;
  fixtureIds?: readonly number[] | undefined;
  playerId?: number | undefined;
  /**
   * Keep the picks of every member, not only Approved ones (standings_points holds everyone's and
   * applies the Approved filter on read, so membership changes never recompute points).
   */
  anyMember?: boolean | undefined;
}

const iso = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** The fixture aliased `f` has started by `now`. */
export function startedSql(f: string, now: Date): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${f}.start_time`)} <= ${iso(now)})`;
}

/**
 * A fixture is scored when it has started and `isScoredSql` (cricket/scoring/scored.ts: `completed`
 * with result `normal` or `tie`) holds — exactly the fixtures the derived tables hold winners and stat
 * counts for (docs/scoring.md, "When a fixture scores"). `no_result`, `abandoned`, `live` and
 * `scheduled` fixtures are not scored. `f` and `r` are the aliases of the `fixtures` row and its
 * (left-joined) `fixture_results` row; a fixture without a result row is not scored (false, not NULL).
 */
export function scoredSql(f: string, r: string, now: Date): RawBuilder<boolean> {
  return sql<boolean>`(${startedSql(f, now)} AND coalesce(${isScoredSql(f, r)}, false))`;
}

/** The team, player or bonus option a Match Prediction pick (a `league_selections` row aliased `s`) names. */
export function pickEntitySql(s: string): RawBuilder<number> {
  const c = (col: string) => sql.ref(`${s}.${col}`);
  return sql<number>`coalesce(${c('team_id')}, ${c('player_id')}, ${c('bonus_option_id')})`;
}

/**
 * A Match Prediction pick's points (`pickPoints` in SQL): the league's points for the feature when the
 * pick is among the feature's winners and the feature is active, else 0.
 */
export function mpPickPointsSql(
  correct: RawBuilder<boolean>,
  active: RawBuilder<boolean>,
  points: RawBuilder<number>,
): RawBuilder<number> {
  return sql<number>`CASE WHEN ${correct} AND ${active} THEN ${points} ELSE 0 END`;
}

/**
 * The league's started fixtures with their `scored` flag (columns id, scored). Picks join this small
 * set first, then their own rows through the `(league_id, fixture_id)` pick indexes.
 */
function startedFixturesSql(leagueId: number, now: Date, filter: RowFilter = {}): RawBuilder<unknown> {
  const parts: RawBuilder<boolean>[] = [sql<boolean>`true`];
  if (filter.fixtureId !== undefined) parts.push(sql<boolean>`f.id = ${filter.fixtureId}`);
  if (filter.fixtureIds !== undefined) parts.push(idInSql('f.id', filter.fixtureIds));
  const one = sql.join(parts, sql` AND `);
  return sql`
    SELECT f.id, ${scoredSql('f', 'r', now)} AS scored
    FROM leagues l
    JOIN fixtures f ON ${leagueFixtureCondition('l', 'f')}
    LEFT JOIN fixture_results r ON r.fixture_id = f.id
    WHERE l.id = ${leagueId} AND ${startedSql('f', now)} AND ${one}`;
}

/** The join that keeps only Approved members' picks (nothing with `anyMember`). */
function approvedJoin(alias: string, filter: RowFilter): RawBuilder<unknown> {
  if (filter.anyMember) return sql``;
  return sql`JOIN league_members m ON m.league_id = ${sql.ref(`${alias}.league_id`)}
      AND m.user_id = ${sql.ref(`${alias}.user_id`)} AND m.status = 'Approved'`;
}

function filters(alias: string, filter: RowFilter): RawBuilder<boolean> {
  const parts: RawBuilder<boolean>[] = [sql<boolean>`true`];
  if (filter.userId !== undefined) parts.push(sql<boolean>`${sql.ref(`${alias}.user_id`)} = ${filter.userId}`);
  if (filter.fixtureId !== undefined) parts.push(sql<boolean>`${sql.ref(`${alias}.fixture_id`)} = ${filter.fixtureId}`);
  if (filter.playerId !== undefined) parts.push(sql<boolean>`${sql.ref(`${alias}.player_id`)} = ${filter.playerId}`);
  return sql<boolean>`(${sql.join(parts, sql` AND `)})`;
}

/**
 * Match Prediction: one row per pick of an Approved member in a started fixture of the league.
 * Columns: selection_id, user_id, fixture_id, feature_id, league_configuration_id, team_id, player_id,
 * bonus_option_id, is_auto_pick, scored, correct (the pick is among the feature's winners — any of
 * several tied winners counts), points (the league's points for the feature when correct and the
 * feature is active, else 0).
 */
export function mpPickRowsSql(leagueId: number, now: Date, filter: RowFilter = {}): RawBuilder<unknown> {
  return sql`
    SELECT p.*, ${mpPickPointsSql(sql`p.correct`, sql`p.cfg_active`, sql`p.cfg_points`)} AS points
    FROM (
      SELECT s.id AS selection_id, s.user_id, s.fixture_id, lc.feature_id, s.league_configuration_id,
             s.team_id, s.player_id, s.bonus_option_id, s.is_auto_pick,
             lc.is_active AS cfg_active, lc.points AS cfg_points, lf.scored,
             (lf.scored AND w.fixture_id IS NOT NULL) AS correct
      FROM (${startedFixturesSql(leagueId, now, filter)}) lf
      JOIN league_selections s ON s.league_id = ${leagueId} AND s.fixture_id = lf.id
      ${approvedJoin('s', filter)}
      JOIN league_configurations lc ON lc.id = s.league_configuration_id AND lc.league_id = s.league_id
      LEFT JOIN fixture_feature_winners w ON w.fixture_id = s.fixture_id AND w.feature_id = lc.feature_id
        AND w.entity_id = ${pickEntitySql('s')}
        AND w.entity_type = CASE WHEN s.team_id IS NOT NULL THEN 'team'
                                 WHEN s.player_id IS NOT NULL THEN 'player' ELSE 'bonus' END
      WHERE ${filters('s', filter)}
    ) p`;
}

/**
 * A Player Selection league's points per stat feature: feature id → configured points × the feature's
 * sign, for active features with points above 0 (the others score nothing). Read once per request and
 * inlined into the SQL below.
 */
export async function psFeaturePoints(db: Kysely<DB>, leagueId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('league_configurations as lc')
    .innerJoin('features as ft', 'ft.id', 'lc.feature_id')
    .select(['lc.feature_id', 'lc.points', 'ft.sign'])
    .where('lc.league_id', '=', leagueId)
    .where('lc.is_active', '=', true)
    .where('lc.points', '>', 0)
    .execute();
  return new Map(rows.map((r) => [r.feature_id, r.points * r.sign]));
}

/**
 * The signed league points of the stat feature `c.feature_id` (`points` from `psFeaturePoints`,
 * or `signedPoints` of a config; features not listed give 0). A stat row's points are
 * `c.count * psFeaturePointsSql(points)`.
 */
export function psFeaturePointsSql(points: ReadonlyMap<number, number>, c = 'c'): RawBuilder<number> {
  if (points.size === 0) return sql<number>`0`;
  const branches = [...points].map(([id, p]) => sql`WHEN ${sql.lit(id)} THEN ${sql.lit(p)}`);
  return sql<number>`(CASE ${sql.ref(`${c}.feature_id`)} ${sql.join(branches, sql` `)} ELSE 0 END)`;
}

function featureListSql(points: ReadonlyMap<number, number>): RawBuilder<boolean> {
  if (points.size === 0) return sql<boolean>`false`;
  return sql<boolean>`c.feature_id IN (${sql.join([...points.keys()].map((id) => sql.lit(id)))})`;
}

/**
 * The team extras of the pick aliased `s` (its member's captain and vice-captain of the fixture, alias
 * `t`) and its league's team rules (alias `r`), as LEFT JOINs: one row or none each, so a pick stays
 * one row (issue 27, docs/decisions/0046-team-rules.md).
 */
export function teamExtrasJoin(s: string, t = 'tm', r = 'tr'): RawBuilder<unknown> {
  const c = (col: string) => sql.ref(`${s}.${col}`);
  return sql`LEFT JOIN player_selection_teams ${sql.id(t)} ON ${sql.ref(`${t}.league_id`)} = ${c('league_id')}
      AND ${sql.ref(`${t}.user_id`)} = ${c('user_id')} AND ${sql.ref(`${t}.fixture_id`)} = ${c('fixture_id')}
    LEFT JOIN league_team_rules ${sql.id(r)} ON ${sql.ref(`${r}.league_id`)} = ${c('league_id')}`;
}

/** 'C', 'VC' or NULL: the role of the pick aliased `s` in its team (`teamExtrasJoin`'s alias `t`). */
export function pickRoleSql(s: string, t = 'tm'): RawBuilder<'C' | 'VC' | null> {
  const player = sql.ref(`${s}.player_id`);
  return sql<'C' | 'VC' | null>`(CASE WHEN ${sql.ref(`${t}.captain_player_id`)} = ${player} THEN 'C'
    WHEN ${sql.ref(`${t}.vice_captain_player_id`)} = ${player} THEN 'VC' END)`;
}

/**
 * The multiplier of the pick aliased `s` in percent: the league's captain's or vice-captain's when
 * the league has them (`teamExtrasJoin`'s aliases), else 100.
 */
export function pickMultiplierPctSql(s: string, t = 'tm', r = 'tr'): RawBuilder<number> {
  const player = sql.ref(`${s}.player_id`);
  return sql<number>`(CASE WHEN ${sql.ref(`${r}.captain_pct`)} IS NULL THEN 100
    WHEN ${sql.ref(`${t}.captain_player_id`)} = ${player} THEN ${sql.ref(`${r}.captain_pct`)}
    WHEN ${sql.ref(`${t}.vice_captain_player_id`)} = ${player} THEN ${sql.ref(`${r}.vice_captain_pct`)}
    ELSE 100 END)`;
}

/**
 * Whole points after a multiplier: base × pct / 100 rounded, halves away from zero — the SQL of
 * `multipliedPoints` (packages/rules/src/team.ts), in integer arithmetic so both agree exactly.
 */
export function multipliedPointsSql(base: RawBuilder<unknown>, pct: RawBuilder<number>): RawBuilder<number> {
  return sql<number>`(CASE WHEN (${base}) * (${pct}) < 0 THEN -((-(${base}) * (${pct}) + 50) / 100)
    ELSE ((${base}) * (${pct}) + 50) / 100 END)::int`;
}

/**
 * Player Selection picks of Approved members (any member with `anyMember`) in started fixtures of the
 * league (aliases lf, ps), with their team extras and the league's rules (aliases tm, tr).
 */
function psPicksFrom(leagueId: number, now: Date, filter: RowFilter): RawBuilder<unknown> {
  return sql`
    FROM (${startedFixturesSql(leagueId, now, filter)}) lf
    JOIN player_selections ps ON ps.league_id = ${leagueId} AND ps.fixture_id = lf.id
    ${approvedJoin('ps', filter)}
    ${teamExtrasJoin('ps')}`;
}

/**
 * The stats of the pick aliased `ps`, as a join: one row per stat feature with a count in a scored
 * fixture and a league points value (alias c); its points are `c.count * psFeaturePointsSql(points)`.
 * `psStatRowsSql` inner-joins it and `psPickRowsSql` left-joins and sums it, so a pick's points are the
 * sum of its stat rows by construction.
 */
function psStatJoin(points: ReadonlyMap<number, number>): RawBuilder<unknown> {
  return sql`player_fixture_feature_counts c
    ON lf.scored AND c.fixture_id = ps.fixture_id AND c.player_id = ps.player_id AND ${featureListSql(points)}`;
}

/**
 * Player Selection, per stat: one row per (pick, stat feature) with a count in a scored fixture and an
 * active league feature with points above 0 (`points` from `psFeaturePoints`). Columns: selection_id,
 * user_id, fixture_id, player_id, feature_id, count, points.
 */
export function psStatRowsSql(
  leagueId: number,
  now: Date,
  points: ReadonlyMap<number, number>,
  filter: RowFilter = {},
): RawBuilder<unknown> {
  return sql`
    SELECT ps.id AS selection_id, ps.user_id, ps.fixture_id, ps.player_id, c.feature_id, c.count,
           (c.count * ${psFeaturePointsSql(points)}) AS points
    ${psPicksFrom(leagueId, now, filter)}
    JOIN ${psStatJoin(points)}
    WHERE ${filters('ps', filter)}`;
}

/**
 * Player Selection, per pick: one row per picked player of an Approved member in a started fixture;
 * base_points = the sum of that pick's stat rows (0 when none, and before the fixture is scored),
 * points = base_points after the captain's or vice-captain's multiplier. Columns: selection_id,
 * user_id, fixture_id, player_id, replaced_player_id, position_id, position_order, is_auto_pick,
 * scored, role, multiplier_pct, base_points, points.
 */
export function psPickRowsSql(
  leagueId: number,
  now: Date,
  points: ReadonlyMap<number, number>,
  filter: RowFilter = {},
): RawBuilder<unknown> {
  return sql`
    SELECT q.*, ${multipliedPointsSql(sql`q.base_points`, sql`q.multiplier_pct`)} AS points
    FROM (
      SELECT ps.id AS selection_id, ps.user_id, ps.fixture_id, ps.player_id, ps.replaced_player_id,
             ps.position_id, ps.position_order, ps.is_auto_pick, lf.scored,
             ${pickRoleSql('ps')} AS role, ${pickMultiplierPctSql('ps')} AS multiplier_pct,
             coalesce(sum(c.count * ${psFeaturePointsSql(points)}), 0) AS base_points
      ${psPicksFrom(leagueId, now, filter)}
      LEFT JOIN ${psStatJoin(points)}
      WHERE ${filters('ps', filter)}
      GROUP BY ps.id, lf.scored, tm.captain_player_id, tm.vice_captain_player_id, tr.captain_pct, tr.vice_captain_pct
    ) q`;
}

export interface ScoredFixture {
  id: number;
  name: string;
  startTime: string;
}

/**
 * Whether fixture `f` is inside the standings window of league `l` (decision 0021): it started at or
 * after the league's activation (its creation while it has none), or the league holds a pick for it.
 * A fixture played before the league could take picks is not in its charts or progression; one it has
 * picks for always counts, so a total still adds up to the member's score-details rows.
 */
export function inStandingsWindowSql(l: string, f: string): RawBuilder<boolean> {
  const lc = (c: string) => sql.ref(`${l}.${c}`);
  const fid = sql.ref(`${f}.id`);
  return sql<boolean>`(${sql.ref(`${f}.start_time`)} >= coalesce(${lc('activated_at')}, ${lc('created_at')})
    OR EXISTS (SELECT 1 FROM league_selections ws WHERE ws.league_id = ${lc('id')} AND ws.fixture_id = ${fid})
    OR EXISTS (SELECT 1 FROM player_selections wp WHERE wp.league_id = ${lc('id')} AND wp.fixture_id = ${fid}))`;
}

/**
 * The league's scored fixtures in its standings window, in start order: the fixtures of the
 * leaderboard, the progression and the contests.
 */
export async function scoredFixtures(db: Kysely<DB>, leagueId: number, now: Date): Promise<ScoredFixture[]> {
  const { rows } = await sql<{ id: number; name: string; start_time: Date | string }>`
    SELECT f.id, f.name, f.start_time
    FROM leagues l JOIN fixtures f ON ${leagueFixtureCondition('l', 'f')}
    LEFT JOIN fixture_results r ON r.fixture_id = f.id
    WHERE l.id = ${leagueId} AND ${scoredSql('f', 'r', now)} AND ${inStandingsWindowSql('l', 'f')}
    ORDER BY f.start_time, f.id`.execute(db);
  return rows.map((r) => ({ id: r.id, name: r.name, startTime: new Date(r.start_time).toISOString() }));
}

export interface Member {
  userId: number;
  displayName: string;
  firstName: string;
  lastName: string;
  /** When the membership began (approved, or joined a public league), in ms since the epoch. */
  since: number;
}

/** The league's Approved members (every one gets a leaderboard row, zero points included). */
export async function approvedMembers(db: Kysely<DB>, leagueId: number): Promise<Member[]> {
  const rows = await db
    .selectFrom('league_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'm.display_name', 'u.first_name', 'u.last_name'])
    .select(sql<Date | string>`coalesce(m.decided_at, m.joined_at)`.as('since'))
    .where('m.league_id', '=', leagueId)
    .where('m.status', '=', 'Approved')
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    displayName: r.display_name,
    firstName: r.first_name,
    lastName: r.last_name,
    since: new Date(r.since).getTime(),
  }));
}

/**
 * Whether a scored fixture is one of the member's own: they have points for it (they had picks), or it
 * started after their membership began (they could have picked). A member's rank change counts from
 * their first own fixture: before it they had no standing (docs/decisions/0033-pick-reminder-digest.md).
 */
export function isOwnFixture(
  member: Pick<Member, 'since'>,
  fixture: Pick<ScoredFixture, 'id' | 'startTime'>,
  points: ReadonlyMap<number, number> | undefined,
): boolean {
  return (points?.has(fixture.id) ?? false) || new Date(fixture.startTime).getTime() > member.since;
}

/**
 * Player Selection: each player's points in each fixture listed under the league's points (`points`
 * from `psFeaturePoints`) — the sum of the stat rows `psStatRowsSql` gives any pick of that player
 * (columns fixture_id, player_id, points). Every member who picked the player gets the same points, so
 * a league's totals can add these up per pick instead of joining every pick to every stat.
 * `fixtures`: the fixture ids, or a condition on `c` (alias of player_fixture_feature_counts), e.g.
 * the picker's figures (../picks/figures.ts) narrow it to a season's scored fixtures and one squad.
 */
export function psPlayerPointsSql(
  fixtures: readonly number[] | RawBuilder<boolean>,
  points: ReadonlyMap<number, number>,
): RawBuilder<{ fixture_id: number; player_id: number; points: number | string }> {
  const which = Array.isArray(fixtures) ? idInSql('c.fixture_id', fixtures) : (fixtures as RawBuilder<boolean>);
  return sql`
    SELECT c.fixture_id, c.player_id, sum(c.count * ${psFeaturePointsSql(points)}) AS points
    FROM player_fixture_feature_counts c
    WHERE ${which} AND ${featureListSql(points)}
    GROUP BY c.fixture_id, c.player_id`;
}

/**
 * The rows of `standings_points` for the league: per member (any status) and scored fixture listed,
 * the member's points — Match Prediction adds up the pick rows; Player Selection adds up its picks'
 * points (each pick = the sum of its stat rows, via `psPlayerPointsSql`), 0 for a member whose picks
 * scored nothing (so "who picked" survives a 0). Only ./materialize.ts writes them.
 */
export function memberFixturePointsSql(
  type: LeagueTypeCode,
  leagueId: number,
  now: Date,
  fixtureIds: readonly number[],
  psPoints: ReadonlyMap<number, number> = new Map(),
): RawBuilder<{ user_id: number; fixture_id: number; points: number | string }> {
  const filter: RowFilter = { fixtureIds, anyMember: true };
  return type === 'MP'
    ? sql`
          SELECT p.user_id, p.fixture_id, sum(p.points) AS points
          FROM (${mpPickRowsSql(leagueId, now, filter)}) p
          WHERE p.scored
          GROUP BY p.user_id, p.fixture_id`
    : // MATERIALIZED: the players' points are computed once, whatever the planner guesses (PGlite has
      // no statistics and would otherwise re-aggregate them for every pick).
      sql`
          WITH pp AS MATERIALIZED (${psPlayerPointsSql(fixtureIds, psPoints)})
          SELECT ps.user_id, ps.fixture_id,
                 coalesce(sum(${multipliedPointsSql(sql`coalesce(pp.points, 0)`, pickMultiplierPctSql('ps'))}), 0) AS points
          ${psPicksFrom(leagueId, now, filter)}
          LEFT JOIN pp ON pp.fixture_id = ps.fixture_id AND pp.player_id = ps.player_id
          WHERE lf.scored
          GROUP BY ps.user_id, ps.fixture_id`;
}

/**
 * Competition ranking ("1, 2, 2, 4"): higher points first; equal points share a position.
 */
export function rankByPoints<K>(entries: readonly { key: K; points: number }[]): Map<K, number> {
  const sorted = [...entries].sort((a, b) => b.points - a.points);
  const out = new Map<K, number>();
  sorted.forEach((e, i) => {
    const prev = sorted[i - 1];
    out.set(e.key, prev && prev.points === e.points ? (out.get(prev.key) as number) : i + 1);
  });
  return out;
}
