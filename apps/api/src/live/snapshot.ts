import type { components } from '@fantasy-cricket/api-client';
import { messages } from '@fantasy-cricket/rules';
import { type Kysely, type Selectable, sql } from 'kysely';
import { fixtureLineups } from '../cricket/lineups';
import type { CricsheetInfo } from '../cricket/import/cricsheet-format';
import type { FeatureWinners } from '../cricket/scoring/match-prediction';
import type { DB, LiveFixturesTable } from '../db/schema';
import { HttpError } from '../http/errors';
import { readableLeague } from '../leagues/access';
import { leagueFixtureOr404 } from '../picks/shared';
import { lastEventId } from './events';
import { describeLeaders, groupOvers, inningsOut, readJson } from './ingest';
import { ballLabel, inningsLines, inningsSummary } from './lines';
import { leagueMembers } from './snapshot-members';
import { finalLeaders, finalPlayerPoints, importedInnings, importedScorecards } from './snapshot-result';

/**
 * What the live screens read: the list of fixtures live now and next (`liveFixtureList`) and a
 * fixture's Match Centre (`matchCentre`): its summary and innings, the scorecards and last overs from
 * the stored balls, the players' provisional points and the leaders while live (the final ones from
 * `snapshot-result.ts` after), and with a league its members' picks (`snapshot-members.ts`).
 */

type Summary = components['schemas']['LiveFixtureSummary'];
type MatchCentre = components['schemas']['MatchCentre'];
type LiveRow = Selectable<LiveFixturesTable>;

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
        inningsOut(i, inningsSummary(readJson<CricsheetInfo>(info), first.team, first.super_over, groupOvers(balls))),
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
    out.Leaders = await describeLeaders(db, readJson<FeatureWinners[]>(live!.leaders), lines);
  } else if (fixture.State === 'completed') {
    out.Leaders = await finalLeaders(db, fixtureId);
    out.PlayerPoints = await finalPlayerPoints(db, fixtureId);
  }
  if (league) out.League = await leagueMembers(db, league, fixtureId, userId, f, live, lines, now);
  return out;
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
  const info = readJson<CricsheetInfo>(live.info);
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
