import type { components } from '@fantasy-cricket/api-client';
import { hasStarted, messages } from '@fantasy-cricket/rules';
import { type Kysely, type Selectable, sql } from 'kysely';
import { FEATURES_BY_ID, isPositionId } from '../cricket/catalogue';
import { fixtureLineups } from '../cricket/lineups';
import type { CricsheetInfo } from '../cricket/import/cricsheet-format';
import type { FeatureWinners } from '../cricket/scoring/match-prediction';
import type { DB, LiveFixturesTable } from '../db/schema';
import { HttpError } from '../http/errors';
import { readableLeague } from '../leagues/access';
import { leagueFixtureOr404 } from '../picks/shared';
import { psFeaturePoints } from '../standings/points';
import { lastEventId } from './events';
import { countersOf, describeLeaders, groupOvers, inningsOut } from './ingest';
import {
  ballLabel,
  inningsLines,
  inningsSummary,
  LIVE_MP_FEATURES,
  provisionalPoints,
  UNKNOWN_POSITION,
} from './lines';

type Summary = components['schemas']['LiveFixtureSummary'];
type MatchCentre = components['schemas']['MatchCentre'];
type LiveRow = Selectable<LiveFixturesTable>;

const parseJson = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

interface FixtureRow {
  id: number;
  name: string;
  start_time: Date | string;
  status: string;
  home_name: string;
  home_code: string;
  visitor_name: string;
  visitor_code: string;
  live_state: string | null;
  silent_since: Date | string | null;
}

const fixtureSelect = sql`
  SELECT f.id, f.name, f.start_time, f.status, h.name AS home_name, h.code AS home_code,
         v.name AS visitor_name, v.code AS visitor_code, lf.state AS live_state, lf.silent_since
  FROM fixtures f JOIN teams h ON h.id = f.local_team_id JOIN teams v ON v.id = f.visitor_team_id
  LEFT JOIN live_fixtures lf ON lf.fixture_id = f.id`;

function stateOf(r: FixtureRow): Summary['State'] {
  if (r.live_state === 'completed') return 'completed';
  if (r.live_state === 'live') return r.silent_since ? 'silent' : 'live';
  if (r.status === 'live') return 'live';
  return r.status === 'scheduled' ? 'scheduled' : 'completed';
}

/** Each innings' score from the stored balls (the parser's totals), by fixture. */
async function inningsOf(db: Kysely<DB>, fixtureIds: readonly number[]) {
  const out = new Map<number, Summary['Innings']>();
  if (fixtureIds.length === 0) return out;
  const infos = await db
    .selectFrom('live_fixtures')
    .select(['fixture_id', 'info'])
    .where('fixture_id', 'in', fixtureIds)
    .execute();
  const rows = await db
    .selectFrom('live_deliveries')
    .select(['fixture_id', 'innings', 'team', 'super_over', 'over', 'seq', 'delivery'])
    .where('fixture_id', 'in', fixtureIds)
    .orderBy('fixture_id')
    .orderBy('innings')
    .orderBy('over')
    .orderBy('seq')
    .execute();
  for (const { fixture_id, info } of infos) {
    const mine = rows.filter((r) => r.fixture_id === fixture_id);
    const list: Summary['Innings'] = [];
    for (const i of [...new Set(mine.map((r) => r.innings))]) {
      const balls = mine.filter((r) => r.innings === i);
      const first = balls[0]!;
      list.push(
        inningsOut(i, inningsSummary(parseJson<CricsheetInfo>(info), first.team, first.super_over, groupOvers(balls))),
      );
    }
    out.set(fixture_id, list);
  }
  return out;
}

function summaryOf(r: FixtureRow, innings: Summary['Innings']): Summary {
  const state = stateOf(r);
  return {
    FixtureID: r.id,
    FixtureName: r.name,
    StartTime: new Date(r.start_time).toISOString(),
    LocalTeamName: r.home_name,
    VisitorTeamName: r.visitor_name,
    LocalTeamCode: r.home_code,
    VisitorTeamCode: r.visitor_code,
    State: state,
    SilentSince: r.silent_since ? new Date(r.silent_since).toISOString() : null,
    Innings: innings,
    Provisional: state === 'live' || state === 'silent',
  };
}

/** What is live now (and completed live in the last 12 hours), and the next five fixtures to start. */
export async function liveFixtureList(db: Kysely<DB>, now: Date) {
  const { rows: live } = await sql<FixtureRow>`${fixtureSelect}
    WHERE lf.state = 'live' OR (lf.state = 'completed' AND lf.updated_at > ${new Date(now.getTime() - 12 * 3600_000).toISOString()}::timestamptz)
    ORDER BY f.start_time, f.id`.execute(db);
  const { rows: next } = await sql<FixtureRow>`${fixtureSelect}
    WHERE f.status = 'scheduled' AND lf.fixture_id IS NULL AND f.start_time > ${now.toISOString()}::timestamptz
    ORDER BY f.start_time, f.id LIMIT 5`.execute(db);
  const innings = await inningsOf(
    db,
    live.map((r) => r.id),
  );
  return {
    Live: live.map((r) => summaryOf(r, innings.get(r.id) ?? [])),
    Next: next.map((r) => summaryOf(r, [])),
  };
}

/** The Match Centre of a fixture (404 unknown); with `leagueId`, the members' picks and live points. */
export async function matchCentre(
  db: Kysely<DB>,
  fixtureId: number,
  userId: number,
  leagueId: number | undefined,
  now: Date,
): Promise<MatchCentre> {
  const { rows } = await sql<FixtureRow>`${fixtureSelect} WHERE f.id = ${fixtureId}`.execute(db);
  const f = rows[0];
  if (!f) throw new HttpError(404, messages.picksApi.fixtureNotFound);
  // Access first: a league the caller may not read is refused before anything is computed.
  const league =
    leagueId === undefined
      ? undefined
      : await readableLeague(db, leagueId, userId, { wrongType: messages.standingsApi });
  if (league) await leagueFixtureOr404(db, league.id, fixtureId);

  const eventId = await lastEventId(db);
  const live = await db.selectFrom('live_fixtures').selectAll().where('fixture_id', '=', fixtureId).executeTakeFirst();
  const innings = live
    ? ((await inningsOf(db, [fixtureId])).get(fixtureId) ?? [])
    : // A result imported without a live feed (Cricsheet, the console): the innings the import kept.
      await importedInnings(db, fixtureId);
  const fixture = summaryOf(f, innings);
  const provisional = fixture.Provisional;
  const out: MatchCentre = {
    Fixture: fixture,
    Batters: [],
    Bowlers: [],
    Scorecards: [],
    LastOvers: [],
    PlayerPoints: [],
    Leaders: [],
    LastEventID: eventId,
    League: null,
    Lineup: (await fixtureLineups(db, [fixtureId])).get(fixtureId) ?? null,
  };
  if (live) await scorecard(db, live, out);
  else if (innings.length > 0) out.Scorecards = await importedScorecards(db, fixtureId, innings);
  const lines = live
    ? await db.selectFrom('live_player_lines').selectAll().where('fixture_id', '=', fixtureId).execute()
    : [];
  if (provisional) {
    out.PlayerPoints = lines
      .filter((l) => l.did_play)
      .sort((a, b) => b.points - a.points || a.name.localeCompare(b.name))
      .map((l) => ({
        PlayerID: l.player_id,
        CricsheetID: l.cricsheet_id,
        Name: l.name,
        Team: l.team,
        Points: l.points,
        Provisional: true,
      }));
    out.Leaders = await describeLeaders(db, parseJson<FeatureWinners[]>(live!.leaders), lines);
  } else if (fixture.State === 'completed') {
    const { rows: pts } = await sql<{
      player_id: number;
      cricsheet_id: string | null;
      name: string;
      team: string;
      points: number;
    }>`
      SELECT s.player_id, p.cricsheet_id, p.full_name AS name, t.name AS team, coalesce(sum(pp.points), 0)::int AS points
      FROM player_fixture_stats s JOIN players p ON p.id = s.player_id JOIN teams t ON t.id = s.team_id
      LEFT JOIN player_fixture_points pp ON pp.fixture_id = s.fixture_id AND pp.player_id = s.player_id
      WHERE s.fixture_id = ${fixtureId} AND s.did_play
      GROUP BY s.player_id, p.cricsheet_id, p.full_name, t.name
      ORDER BY points DESC, name`.execute(db);
    out.Leaders = await finalLeaders(db, fixtureId);
    out.PlayerPoints = pts.map((r) => ({
      PlayerID: r.player_id,
      CricsheetID: r.cricsheet_id ?? '',
      Name: r.name,
      Team: r.team,
      Points: Number(r.points),
      Provisional: false,
    }));
  }
  if (league) out.League = await leagueMembers(db, league, fixtureId, userId, f, live, lines, now);
  return out;
}

/** The final winners of the features the stats decide, as leaders (from the derived scoring tables). */
async function finalLeaders(db: Kysely<DB>, fixtureId: number): Promise<MatchCentre['Leaders']> {
  const features = [...LIVE_MP_FEATURES];
  const { rows } = await sql<{
    feature_id: number;
    entity_type: string;
    entity_id: number;
    name: string | null;
    value: number | null;
  }>`
    SELECT w.feature_id, w.entity_type, w.entity_id, coalesce(p.full_name, b.label) AS name,
           CASE w.feature_id WHEN ${features[0]} THEN s.runs WHEN ${features[1]} THEN s.wickets
             ELSE (SELECT sum(x.sixes)::int FROM player_fixture_stats x WHERE x.fixture_id = w.fixture_id AND x.did_play) END AS value
    FROM fixture_feature_winners w
    LEFT JOIN players p ON w.entity_type = 'player' AND p.id = w.entity_id
    LEFT JOIN bonus_options b ON w.entity_type = 'bonus' AND b.id = w.entity_id
    LEFT JOIN player_fixture_stats s ON w.entity_type = 'player' AND s.fixture_id = w.fixture_id AND s.player_id = w.entity_id
    WHERE w.fixture_id = ${fixtureId} AND w.feature_id IN (${sql.join(features)})
    ORDER BY w.feature_id, w.entity_id`.execute(db);
  const out: MatchCentre['Leaders'] = [];
  for (const r of rows) {
    let l = out.find((x) => x.FeatureID === r.feature_id);
    if (!l) {
      l = {
        FeatureID: r.feature_id,
        FeatureName: FEATURES_BY_ID.get(r.feature_id)?.name ?? '',
        EntityType: r.entity_type === 'bonus' ? 'bonus' : 'player',
        IDs: [],
        Names: [],
        Value: Number(r.value ?? 0),
      };
      out.push(l);
    }
    l.IDs.push(r.entity_id);
    l.Names.push(r.name ?? String(r.entity_id));
  }
  return out;
}

/** The innings of an imported result (`fixture_innings`), as the live summary gives them. */
async function importedInnings(db: Kysely<DB>, fixtureId: number): Promise<Summary['Innings']> {
  const rows = await db
    .selectFrom('fixture_innings as i')
    .innerJoin('teams as t', 't.id', 'i.team_id')
    .select(['i.innings_number', 't.name', 'i.super_over', 'i.runs', 'i.wickets', 'i.legal_balls', 'i.extras'])
    .where('i.fixture_id', '=', fixtureId)
    .orderBy('i.innings_number')
    .execute();
  return rows.map((r) =>
    inningsOut(r.innings_number - 1, {
      team: r.name,
      superOver: r.super_over,
      runs: r.runs,
      wickets: r.wickets,
      legalBalls: r.legal_balls,
      extras: r.extras,
    }),
  );
}

/**
 * The batting and bowling of an imported result, from the players' figures of the match: each team's
 * batters in batting order under its innings, the other team's bowlers (most overs first). A super
 * over counts for no player's figures, so it has no scorecard.
 */
async function importedScorecards(
  db: Kysely<DB>,
  fixtureId: number,
  innings: Summary['Innings'],
): Promise<MatchCentre['Scorecards']> {
  const stats = await db
    .selectFrom('player_fixture_stats as s')
    .innerJoin('players as p', 'p.id', 's.player_id')
    .innerJoin('teams as t', 't.id', 's.team_id')
    .select([
      's.player_id',
      'p.full_name',
      't.name as team',
      's.batting_position',
      's.runs',
      's.balls',
      's.fours',
      's.sixes',
      's.dismissed',
      's.dismissal_kind',
      's.balls_bowled',
      's.maidens',
      's.runs_conceded',
      's.wickets',
    ])
    .where('s.fixture_id', '=', fixtureId)
    .where('s.did_play', '=', true)
    .execute();
  return innings
    .filter((i) => !i.SuperOver)
    .map((i) => ({
      Innings: i.Innings,
      Team: i.Team,
      SuperOver: false,
      Batters: stats
        .filter((s) => s.team === i.Team && s.batting_position !== null)
        .sort((a, b) => a.batting_position! - b.batting_position!)
        .map((s) => ({
          PlayerID: s.player_id,
          Name: s.full_name,
          Runs: s.runs,
          Balls: s.balls,
          Fours: s.fours,
          Sixes: s.sixes,
          Out: s.dismissed,
          DismissalKind: s.dismissal_kind,
        })),
      Bowlers: stats
        .filter((s) => s.team !== i.Team && (s.balls_bowled > 0 || s.runs_conceded > 0))
        .sort((a, b) => b.balls_bowled - a.balls_bowled || a.full_name.localeCompare(b.full_name))
        .map((s) => ({
          PlayerID: s.player_id,
          Name: s.full_name,
          Overs: `${Math.floor(s.balls_bowled / 6)}.${s.balls_bowled % 6}`,
          Maidens: s.maidens,
          Runs: s.runs_conceded,
          Wickets: s.wickets,
        })),
    }));
}

/** A batter's and a bowler's line of an innings, as the Match Centre shows them. */
type Line = ReturnType<typeof inningsLines>[number];

function battersOf(lines: readonly Line[], team: string, idOf: Map<string | null, number>): MatchCentre['Batters'] {
  return lines
    .filter((l) => l.battingPosition !== null && l.team === team)
    .sort((a, b) => a.battingPosition! - b.battingPosition!)
    .map((l) => ({
      PlayerID: idOf.get(l.cricsheetId) ?? null,
      Name: l.name,
      Runs: l.runs,
      Balls: l.balls,
      Fours: l.fours,
      Sixes: l.sixes,
      Out: l.dismissed,
      DismissalKind: l.dismissalKind,
    }));
}

function bowlersOf(lines: readonly Line[], idOf: Map<string | null, number>): MatchCentre['Bowlers'] {
  return lines
    .filter((l) => l.ballsBowled > 0 || l.runsConceded > 0)
    .map((l) => ({
      PlayerID: idOf.get(l.cricsheetId) ?? null,
      Name: l.name,
      Overs: `${Math.floor(l.ballsBowled / 6)}.${l.ballsBowled % 6}`,
      Maidens: l.maidens,
      Runs: l.runsConceded,
      Wickets: l.wickets,
    }));
}

/**
 * The batting and bowling of every innings so far (the parser's lines of each innings, in order; the
 * last is the current one, also given as Batters and Bowlers), and the last three overs.
 */
async function scorecard(db: Kysely<DB>, live: LiveRow, out: MatchCentre) {
  const rows = await db
    .selectFrom('live_deliveries')
    .select(['innings', 'team', 'super_over', 'over', 'seq', 'delivery'])
    .where('fixture_id', '=', live.fixture_id)
    .orderBy('innings')
    .orderBy('over')
    .orderBy('seq')
    .execute();
  if (rows.length === 0) return;
  const info = parseJson<CricsheetInfo>(live.info);
  const innings = [...new Set(rows.map((r) => r.innings))].map((i) => {
    const balls = rows.filter((r) => r.innings === i);
    const first = balls[0]!;
    const overs = groupOvers(balls);
    return {
      index: i,
      team: first.team,
      superOver: first.super_over,
      overs,
      lines: inningsLines(info, first.team, first.super_over, overs),
    };
  });
  const ids = await db
    .selectFrom('players')
    .select(['id', 'cricsheet_id'])
    .where('cricsheet_id', 'in', [...new Set(innings.flatMap((i) => i.lines.map((l) => l.cricsheetId)))].concat(['']))
    .execute();
  const idOf = new Map<string | null, number>(ids.map((r) => [r.cricsheet_id, r.id]));
  out.Scorecards = innings.map((i) => ({
    Innings: i.index + 1,
    Team: i.team,
    SuperOver: i.superOver,
    Batters: battersOf(i.lines, i.team, idOf),
    Bowlers: bowlersOf(i.lines, idOf),
  }));
  const last = innings.at(-1)!;
  const current = out.Scorecards.at(-1)!;
  out.Batters = current.Batters;
  out.Bowlers = current.Bowlers;
  out.LastOvers = last.overs
    .slice(-3)
    .reverse()
    .map((o) => ({ Innings: last.index + 1, Over: o.over, Balls: o.deliveries.map(ballLabel) }));
}

/** Each member's picks in the fixture with their live points, as the pick visibility rule allows. */
async function leagueMembers(
  db: Kysely<DB>,
  league: Awaited<ReturnType<typeof readableLeague>>,
  fixtureId: number,
  userId: number,
  f: FixtureRow,
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
    }>`
      SELECT x.user_id, m.display_name, x.player_id, p.full_name, pos.name AS position,
             (SELECT sum(c.count * CASE ${sql.join(
               [...points].map(([id, p]) => sql`WHEN c.feature_id = ${sql.lit(id)} THEN ${sql.lit(p)}`),
               sql` `,
             )} ELSE 0 END)::int
                FROM player_fixture_feature_counts c WHERE c.fixture_id = x.fixture_id AND c.player_id = x.player_id) AS final_points
      FROM player_selections x JOIN players p ON p.id = x.player_id JOIN positions pos ON pos.id = x.position_id
      LEFT JOIN league_members m ON m.league_id = x.league_id AND m.user_id = x.user_id
      WHERE x.league_id = ${league.id} AND x.fixture_id = ${fixtureId} AND ${who}
      ORDER BY lower(coalesce(m.display_name, '')), x.user_id, pos.sort_order, x.position_order`.execute(db);
    for (const r of rows) {
      const l = byPlayer.get(r.player_id);
      const pts = final
        ? Number(r.final_points ?? 0)
        : l
          ? provisionalPoints(
              countersOf(l),
              l.did_play,
              isPositionId(l.position_id) ? l.position_id : UNKNOWN_POSITION,
              points,
            )
          : 0;
      const m = member(r.user_id, r.display_name);
      m.Picks.push({
        Label: r.full_name,
        Feature: r.position,
        Selection: r.full_name,
        PlayerID: r.player_id,
        Points: pts,
      });
      m.LivePoints += pts;
    }
  } else {
    const winners = live && !final ? parseJson<FeatureWinners[]>(live.leaders) : [];
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
             coalesce(x.team_id, x.player_id, x.bonus_option_id) AS entity,
             coalesce(t.name, p.full_name, b.label) AS selection,
             EXISTS (SELECT 1 FROM fixture_feature_winners w WHERE w.fixture_id = x.fixture_id AND w.feature_id = lc.feature_id
                       AND w.entity_id = coalesce(x.team_id, x.player_id, x.bonus_option_id)) AS final_win
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
