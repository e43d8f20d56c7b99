import type { components } from '@fantasy-cricket/api-client';
import { hasStarted, multipliedPoints } from '@fantasy-cricket/rules';
import { type Kysely, type Selectable, sql } from 'kysely';
import { FEATURES_BY_ID } from '../cricket/catalogue';
import type { FeatureWinners } from '../cricket/scoring/match-prediction';
import type { DB, LiveFixturesTable } from '../db/schema';
import type { readableLeague } from '../leagues/access';
import {
  pickEntitySql,
  pickMultiplierPctSql,
  pickRoleSql,
  psFeaturePoints,
  psFeaturePointsSql,
  teamExtrasJoin,
} from '../standings/points';
import { countersOf, positionOfLine, readJson } from './ingest';
import { LIVE_MP_FEATURES, provisionalPoints } from './lines';

/**
 * The league part of the Match Centre: each member's picks in the fixture with their points — live
 * (provisional, from the players' lines and the leaders) while the fixture is live, final after —
 * as far as the league's pick visibility lets the caller see them.
 */

type MatchCentre = components['schemas']['MatchCentre'];
type LiveRow = Selectable<LiveFixturesTable>;

/** Each member's picks in the fixture with their live points, as the pick visibility rule allows. */
export async function leagueMembers(
  db: Kysely<DB>,
  league: Awaited<ReturnType<typeof readableLeague>>,
  fixtureId: number,
  userId: number,
  f: { start_time: Date | string; status: string },
  live: LiveRow | undefined,
  lines: Selectable<DB['live_player_lines']>[],
  now: Date,
): Promise<NonNullable<MatchCentre['League']>> {
  const started = hasStarted(new Date(f.start_time), now) || (live?.first_ball_at ?? null) !== null;
  const everyone = started && league.show_others_picks;
  const who = everyone ? sql`(x.user_id = ${userId} OR m.status = 'Approved')` : sql`x.user_id = ${userId}`;
  const final = live?.state === 'completed' || (!live && f.status !== 'scheduled');
  const members = new Map<number, NonNullable<MatchCentre['League']>['Members'][number]>();
  const member = (id: number, name: string | null) => {
    let m = members.get(id);
    if (!m) {
      m = { UserID: id, UserDisplayName: name ?? '', IsMe: id === userId, LivePoints: 0, Picks: [] };
      members.set(id, m);
    }
    return m;
  };
  if (league.league_type === 'PS') {
    const points = await psFeaturePoints(db, league.id);
    const byPlayer = new Map(lines.filter((l) => l.player_id !== null).map((l) => [l.player_id!, l]));
    const { rows } = await sql<{
      user_id: number;
      display_name: string | null;
      player_id: number;
      full_name: string;
      position: string;
      final_points: number | null;
      role: 'C' | 'VC' | null;
      multiplier_pct: number;
    }>`
      SELECT x.user_id, m.display_name, x.player_id, p.full_name, pos.name AS position,
             ${pickRoleSql('x')} AS role, ${pickMultiplierPctSql('x')} AS multiplier_pct,
             (SELECT sum(c.count * ${psFeaturePointsSql(points)})::int
                FROM player_fixture_feature_counts c WHERE c.fixture_id = x.fixture_id AND c.player_id = x.player_id) AS final_points
      FROM player_selections x JOIN players p ON p.id = x.player_id JOIN positions pos ON pos.id = x.position_id
      ${teamExtrasJoin('x')}
      LEFT JOIN league_members m ON m.league_id = x.league_id AND m.user_id = x.user_id
      WHERE x.league_id = ${league.id} AND x.fixture_id = ${fixtureId} AND ${who}
      ORDER BY lower(coalesce(m.display_name, '')), x.user_id, pos.sort_order, x.position_order`.execute(db);
    for (const r of rows) {
      const l = byPlayer.get(r.player_id);
      const base = final
        ? Number(r.final_points ?? 0)
        : l
          ? provisionalPoints(countersOf(l), l.did_play, positionOfLine(l), points)
          : 0;
      // The captain's and vice-captain's multiplier, as the standings count them.
      const pts = multipliedPoints(base, r.multiplier_pct);
      const m = member(r.user_id, r.display_name);
      m.Picks.push({
        Label: r.role ? `${r.full_name} (${r.role})` : r.full_name,
        Feature: r.position,
        Selection: r.full_name,
        PlayerID: r.player_id,
        Points: pts,
      });
      m.LivePoints += pts;
    }
  } else {
    const winners = live && !final ? readJson<FeatureWinners[]>(live.leaders) : [];
    const { rows } = await sql<{
      user_id: number;
      display_name: string | null;
      feature_id: number;
      points: number;
      is_active: boolean;
      entity: number | null;
      selection: string | null;
      final_win: boolean;
    }>`
      SELECT x.user_id, m.display_name, lc.feature_id, lc.points, lc.is_active,
             ${pickEntitySql('x')} AS entity,
             coalesce(t.name, p.full_name, b.label) AS selection,
             EXISTS (SELECT 1 FROM fixture_feature_winners w WHERE w.fixture_id = x.fixture_id AND w.feature_id = lc.feature_id
                       AND w.entity_id = ${pickEntitySql('x')}) AS final_win
      FROM league_selections x JOIN league_configurations lc ON lc.id = x.league_configuration_id
      LEFT JOIN league_members m ON m.league_id = x.league_id AND m.user_id = x.user_id
      LEFT JOIN teams t ON t.id = x.team_id LEFT JOIN players p ON p.id = x.player_id
      LEFT JOIN bonus_options b ON b.id = x.bonus_option_id
      WHERE x.league_id = ${league.id} AND x.fixture_id = ${fixtureId} AND ${who}
      ORDER BY lower(coalesce(m.display_name, '')), x.user_id, lc.feature_id`.execute(db);
    for (const r of rows) {
      const win = final
        ? r.final_win
        : (LIVE_MP_FEATURES as readonly number[]).includes(r.feature_id) &&
          winners.some((w) => w.featureId === r.feature_id && r.entity !== null && w.ids.includes(r.entity));
      const pts = win && r.is_active ? r.points : 0;
      const m = member(r.user_id, r.display_name);
      const feature = FEATURES_BY_ID.get(r.feature_id)?.name ?? String(r.feature_id);
      m.Picks.push({
        Label: `${feature}: ${r.selection ?? ''}`,
        Feature: feature,
        Selection: r.selection ?? '',
        PlayerID: null,
        Points: pts,
      });
      m.LivePoints += pts;
    }
  }
  return {
    LeagueID: league.id,
    LeagueName: league.name,
    LeagueType: league.league_type,
    Members: [...members.values()],
  };
}
