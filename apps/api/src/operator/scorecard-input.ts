import type { components } from '@fantasy-cricket/api-client';
import type { Kysely } from 'kysely';
import { POSITIONS } from '../cricket/catalogue';
import type { Scorecard, ScorecardPlayer } from '../cricket/scorecard/model';
import type { ScorecardMatchInfo } from '../cricket/scorecard/to-parsed-match';
import { type ScorecardProblem, validateScorecard } from '../cricket/scorecard/validate';
import type { DB, FixtureStatus } from '../db/schema';
import { HttpError } from '../http/errors';

/**
 * A scorecard as the console sends it (`ScorecardInput`: teams and players by our ids, overs as `3.4`)
 * turned into the typed `Scorecard` of cricket/scorecard/ with the fixture's teams and squads, and the
 * checks' problems named by the request's own fields (`Innings.0.Batting.3.BowlerID`).
 */

export type ScorecardInput = components['schemas']['ScorecardInput'];
export type ScorecardProblemBody = components['schemas']['ScorecardProblem'];

export interface SheetPlayer {
  id: number;
  name: string;
  /** The stable id the importer keys players by (Cricsheet registry id, or the squads file's id). */
  cricsheetId: string | null;
  positionId: number;
}

export interface SheetTeam {
  id: number;
  name: string;
  code: string;
  /** The team's squad for the fixture's season. */
  players: SheetPlayer[];
}

/** A fixture with what a scorecard for it is checked against. */
export interface FixtureSheet {
  id: number;
  name: string;
  status: FixtureStatus;
  startTime: Date;
  seasonId: number;
  season: string;
  competition: string;
  year: number;
  stage: string | null;
  matchNumber: number | null;
  venue: string | null;
  city: string | null;
  cricsheetMatchId: string | null;
  /** Home, away. */
  teams: [SheetTeam, SheetTeam];
}

export const scorecardMessages = {
  fixtureNotFound: 'There is no fixture with this id.',
  notStarted: (start: Date) =>
    `This fixture has not started yet (it starts at ${start.toISOString().slice(0, 16).replace('T', ' ')} UTC): a scorecard can be typed once it has started.`,
  live: 'This fixture is live from a feed: its figures come with the feed, and its result with the final import.',
  holdsMatch: (matchId: string) =>
    `This fixture holds the figures of imported match ${matchId}, the data of record: correct them with a corrected Cricsheet file (Results), not a typed scorecard.`,
  problems: (problems: readonly ScorecardProblemBody[]) =>
    `The scorecard is not right yet (${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}), nothing was saved: ${problems
      .slice(0, 3)
      .map((p) => p.Message)
      .join(' ')}${problems.length > 3 ? ' …' : ''}`,
  noStableId: (name: string) =>
    `${name} has no stable player id (Cricsheet or squads file id): add them through a squads file first.`,
} as const;

/** The fixture, its teams and their squads for its season; 404 for an unknown fixture. */
export async function loadSheet(db: Kysely<DB>, fixtureId: number): Promise<FixtureSheet> {
  const f = await db
    .selectFrom('fixtures as f')
    .innerJoin('seasons as s', 's.id', 'f.season_id')
    .leftJoin('stages as st', 'st.id', 'f.stage_id')
    .select([
      'f.id',
      'f.name',
      'f.status',
      'f.start_time',
      'f.season_id',
      'f.match_number',
      'f.local_team_id',
      'f.visitor_team_id',
      'f.venue',
      'f.city',
      'f.cricsheet_match_id',
    ])
    .select(['s.name as season', 's.competition', 's.year', 'st.name as stage'])
    .where('f.id', '=', fixtureId)
    .executeTakeFirst();
  if (!f) throw new HttpError(404, scorecardMessages.fixtureNotFound);
  const teamIds = [f.local_team_id, f.visitor_team_id];
  const teams = await db.selectFrom('teams').select(['id', 'name', 'code']).where('id', 'in', teamIds).execute();
  const squads = await db
    .selectFrom('squads as sq')
    .innerJoin('players as p', 'p.id', 'sq.player_id')
    .select(['sq.team_id', 'p.id', 'p.full_name', 'p.cricsheet_id', 'p.position_id'])
    .where('sq.season_id', '=', f.season_id)
    .where('sq.team_id', 'in', teamIds)
    .orderBy('p.full_name')
    .orderBy('p.id')
    .execute();
  const team = (id: number): SheetTeam => {
    const t = teams.find((x) => x.id === id);
    return {
      id,
      name: t?.name ?? '',
      code: t?.code ?? '',
      players: squads
        .filter((s) => s.team_id === id)
        .map((s) => ({ id: s.id, name: s.full_name, cricsheetId: s.cricsheet_id, positionId: s.position_id })),
    };
  };
  return {
    id: f.id,
    name: f.name,
    status: f.status,
    startTime: new Date(f.start_time),
    seasonId: f.season_id,
    season: f.season,
    competition: f.competition,
    year: f.year,
    stage: f.stage,
    matchNumber: f.match_number,
    venue: f.venue,
    city: f.city,
    cricsheetMatchId: f.cricsheet_match_id,
    teams: [team(f.local_team_id), team(f.visitor_team_id)],
  };
}

/** Why a scorecard cannot be saved for the fixture now, or null when it can. */
export function notEditableReason(sheet: FixtureSheet, now: Date): string | null {
  if (sheet.cricsheetMatchId !== null) return scorecardMessages.holdsMatch(sheet.cricsheetMatchId);
  if (sheet.status === 'live') return scorecardMessages.live;
  if (sheet.startTime.getTime() > now.getTime()) return scorecardMessages.notStarted(sheet.startTime);
  return null;
}

export const positionName = (id: number) => POSITIONS.find((p) => p.id === id)?.name ?? 'Batsman';

/** Where the typed match is filed: the fixture's own season, slot, date and place. */
export function matchInfoOf(sheet: FixtureSheet): ScorecardMatchInfo {
  return {
    source: `scorecard of fixture ${sheet.id}`,
    matchId: `scorecard-${sheet.id}`,
    competition: sheet.competition,
    season: String(sheet.year),
    seasonName: sheet.season,
    year: sheet.year,
    matchNumber: sheet.matchNumber,
    stageName: sheet.stage ?? 'League',
    fixtureName: sheet.name,
    date: sheet.startTime.toISOString().slice(0, 10),
    startTime: sheet.startTime.toISOString(),
    venue: sheet.venue,
    city: sheet.city,
  };
}

/** `3.4` overs as 22 balls (the contract's pattern has already refused anything else). */
export function ballsOf(overs: string): number {
  const [whole, part] = overs.split('.');
  return Number(whole) * 6 + Number(part ?? 0);
}

/** The request's name of a scorecard field: `innings.0.bowling.2.balls` → `Innings.0.Bowling.2.Overs`. */
export function inputPath(path: string): string {
  const names: Record<string, string> = {
    teams: '',
    oversPerInnings: 'OversPerInnings',
    toss: 'Toss',
    winner: 'WinnerTeamID',
    decision: 'Decision',
    playing: 'Playing',
    players: 'PlayerIDs',
    team: 'TeamID',
    innings: 'Innings',
    superOver: 'SuperOver',
    batting: 'Batting',
    bowling: 'Bowling',
    player: 'PlayerID',
    bowler: 'BowlerID',
    fielders: 'FielderIDs',
    runs: 'Runs',
    balls: 'Balls',
    fours: 'Fours',
    sixes: 'Sixes',
    howOut: 'HowOut',
    maidens: 'Maidens',
    wickets: 'Wickets',
    wides: 'Wides',
    noBalls: 'NoBalls',
    extras: 'Extras',
    byes: 'Byes',
    legByes: 'LegByes',
    penalty: 'Penalty',
    total: 'Total',
    legalBalls: 'Overs',
    outcome: 'Outcome',
    kind: 'Kind',
    byRuns: 'ByRuns',
    byWickets: 'ByWickets',
    method: 'Method',
    superOverWinner: 'SuperOverWinnerTeamID',
    playerOfMatch: 'PlayerOfMatchIDs',
  };
  const parts = path.split('.');
  return parts
    .map((part, i) => {
      if (/^\d+$/.test(part)) return part;
      // A bowler's balls are typed as overs.
      if (part === 'balls' && parts[i - 2] === 'bowling') return 'Overs';
      return names[part] ?? part;
    })
    .filter((part) => part !== '')
    .join('.');
}

/**
 * The request as a `Scorecard` of the fixture, and every problem with it: the mapping's own (a team
 * that is not the fixture's, a win without a winner) and the checks of cricket/scorecard/validate.ts
 * against the squads — all named by the request's fields.
 */
export function checkInput(
  input: ScorecardInput,
  sheet: FixtureSheet,
  knownPlayers: ReadonlyMap<number, { name: string; cricsheetId: string | null }>,
): { card: Scorecard; problems: ScorecardProblemBody[] } {
  const problems: ScorecardProblemBody[] = [];
  const [home, away] = sheet.teams;
  // A team that is not the fixture's keeps a name of its own, which the checks refuse where it is used.
  const teamName = (id: number) => sheet.teams.find((x) => x.id === id)?.name ?? `team ${id}`;
  const squadPlayer = new Map<number, SheetPlayer>();
  for (const t of sheet.teams) for (const p of t.players) squadPlayer.set(p.id, p);
  const noId = new Set<number>();
  const player = (id: number): ScorecardPlayer => {
    const known = squadPlayer.get(id) ?? knownPlayers.get(id);
    const name = known?.name ?? `Player ${id}`;
    const stable = known?.cricsheetId ?? null;
    if (known && stable === null) noId.add(id);
    // A player we have no stable id for is told apart by our id (validation then refuses them).
    return { name, id: stable ?? `#${id}` };
  };
  const o = input.Outcome;
  let outcome: Scorecard['outcome'];
  if (o.Kind === 'win') {
    outcome = {
      kind: 'win',
      winner: o.WinnerTeamID == null ? '' : teamName(o.WinnerTeamID),
      byRuns: o.ByRuns ?? undefined,
      byWickets: o.ByWickets ?? undefined,
      method: o.Method?.trim() ? o.Method.trim() : undefined,
    };
  } else if (o.Kind === 'tie') {
    outcome = {
      kind: 'tie',
      superOverWinner: o.SuperOverWinnerTeamID == null ? undefined : teamName(o.SuperOverWinnerTeamID),
      method: o.Method?.trim() ? o.Method.trim() : undefined,
    };
  } else {
    outcome = { kind: 'no result' };
  }
  const card: Scorecard = {
    teams: [home.name, away.name],
    toss: input.Toss ? { winner: teamName(input.Toss.WinnerTeamID), decision: input.Toss.Decision } : undefined,
    outcome,
    playerOfMatch: input.PlayerOfMatchIDs.map(player),
    playing: input.Playing.map((p) => ({
      team: teamName(p.TeamID),
      players: p.PlayerIDs.map(player),
    })),
    innings: input.Innings.map((inn) => ({
      team: teamName(inn.TeamID),
      superOver: inn.SuperOver,
      batting: inn.Batting.map((b) => ({
        player: player(b.PlayerID),
        runs: b.Runs,
        balls: b.Balls,
        fours: b.Fours,
        sixes: b.Sixes,
        howOut: b.HowOut,
        bowler: b.BowlerID == null ? undefined : player(b.BowlerID),
        fielders: b.FielderIDs.length ? b.FielderIDs.map(player) : undefined,
      })),
      bowling: inn.Bowling.map((b) => ({
        player: player(b.PlayerID),
        balls: ballsOf(b.Overs),
        maidens: b.Maidens,
        runs: b.Runs,
        wickets: b.Wickets,
        wides: b.Wides,
        noBalls: b.NoBalls,
      })),
      extras: {
        byes: inn.Extras.Byes,
        legByes: inn.Extras.LegByes,
        wides: inn.Extras.Wides,
        noBalls: inn.Extras.NoBalls,
        penalty: inn.Extras.Penalty,
      },
      total: { runs: inn.Total.Runs, wickets: inn.Total.Wickets, legalBalls: ballsOf(inn.Total.Overs) },
    })),
    oversPerInnings: input.OversPerInnings,
  };
  const squads = sheet.teams.map((t) => ({ team: t.name, players: t.players.map((p) => player(p.id)) }));
  const checked: ScorecardProblem[] = validateScorecard(card, { squads });
  for (const p of checked) problems.push({ Path: inputPath(p.path), Message: p.message });
  for (const id of noId) {
    const path = input.Playing.flatMap((t, ti) =>
      t.PlayerIDs.flatMap((pid, pi) => (pid === id ? [`Playing.${ti}.PlayerIDs.${pi}`] : [])),
    );
    problems.push({ Path: path[0] ?? 'Playing', Message: scorecardMessages.noStableId(player(id).name) });
  }
  return { card, problems };
}

/** Names of the players a request names that are not in the fixture's squads (for its messages). */
export async function otherPlayers(
  db: Kysely<DB>,
  input: ScorecardInput,
  sheet: FixtureSheet,
): Promise<Map<number, { name: string; cricsheetId: string | null }>> {
  const inSquads = new Set(sheet.teams.flatMap((t) => t.players.map((p) => p.id)));
  const ids = new Set<number>([
    ...input.PlayerOfMatchIDs,
    ...input.Playing.flatMap((p) => p.PlayerIDs),
    ...input.Innings.flatMap((inn) => [
      ...inn.Batting.flatMap((b) => [b.PlayerID, ...(b.BowlerID == null ? [] : [b.BowlerID]), ...b.FielderIDs]),
      ...inn.Bowling.map((b) => b.PlayerID),
    ]),
  ]);
  const missing = [...ids].filter((id) => !inSquads.has(id));
  if (missing.length === 0) return new Map();
  const rows = await db
    .selectFrom('players')
    .select(['id', 'full_name', 'cricsheet_id'])
    .where('id', 'in', missing)
    .execute();
  return new Map(rows.map((r) => [r.id, { name: r.full_name, cricsheetId: r.cricsheet_id }]));
}
