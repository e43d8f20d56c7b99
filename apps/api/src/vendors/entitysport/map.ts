import type {
  HowOut,
  Scorecard,
  ScorecardBatting,
  ScorecardInnings,
  ScorecardOutcome,
  ScorecardPlayer,
} from '../../cricket/scorecard/model';
import { VendorError } from '../http';
import type {
  VendorCompetition,
  VendorFixture,
  VendorFixtureStatus,
  VendorLineup,
  VendorPlayer,
  VendorPosition,
  VendorSquads,
  VendorTeam,
} from '../provider';
import type * as S from './schemas';

/**
 * Entity Sport's documented answers (./schemas.ts) turned into the provider interface's types. Pure
 * functions; a value the documentation does not list (a match status code, a dismissal) fails as a
 * 'shape' error naming the field. The meaning of each code is cited from the documentation's
 * "Cricket Reference" in the fixture files (apps/api/test/vendors/entitysport/fixtures/).
 */

export const VENDOR = 'entitysport';

function shape(field: string, problem: string): VendorError {
  return new VendorError(VENDOR, 'shape', `field ${field} ${problem}`, { field });
}

/** "Match status Codes": 1 Scheduled, 2 Completed, 3 Live, 4 Abandoned, canceled, no result. */
export function fixtureStatus(code: number, field: string): VendorFixtureStatus {
  switch (code) {
    case 1:
      return 'scheduled';
    case 2:
      return 'finished';
    case 3:
      return 'live';
    case 4:
      return 'abandoned';
    default:
      throw shape(field, `has the undocumented match status ${code}`);
  }
}

/**
 * Overs per innings by "Match Format Codes": one-day formats 50, twenty-over formats 20. Tests,
 * first-class and "Others" have no fixed overs: not supported.
 */
export function oversPerInnings(format: number): number {
  if ([1, 4, 7, 9].includes(format)) return 50;
  if ([3, 6, 8, 10].includes(format)) return 20;
  throw new VendorError(
    VENDOR,
    'not-supported',
    `match format ${format} has no fixed overs per innings (only one-day and T20 formats are supported)`,
  );
}

/** "Playing Role Parameter" / "Match Squad Role Parameter" → the spec's positions. */
export function position(role: string): VendorPosition | null {
  switch (role.toLowerCase()) {
    case 'bat':
      return 'Batsman';
    case 'bowl':
      return 'Bowler';
    case 'all':
      return 'Allrounder';
    case 'wk':
    case 'wkbat':
    case 'wkcap':
      return 'Wicketkeeper';
    default:
      return null;
  }
}

export function toCompetition(c: S.Competition): VendorCompetition {
  return { id: c.cid, name: c.title, season: c.season, format: c.game_format ?? null };
}

function team(t: { team_id: string; name: string; short_name: string }): VendorTeam {
  return { id: t.team_id, name: t.name, code: t.short_name === '' ? null : t.short_name };
}

/** "27th Match" → 27; "Final", "Qualifier 1" → null (the subtitle names the stage instead). */
export function matchNumber(subtitle: string): number | null {
  const m = /^(\d+)(?:st|nd|rd|th) Match\b/i.exec(subtitle.trim());
  return m ? Number(m[1]) : null;
}

export function toFixture(m: S.Match, field: string): VendorFixture {
  const number = matchNumber(m.subtitle);
  return {
    id: m.match_id,
    name: m.subtitle === '' ? null : m.subtitle,
    matchNumber: number,
    stage: number === null && m.subtitle !== '' ? m.subtitle : null,
    startTime: new Date(m.timestamp_start * 1000).toISOString(),
    home: team(m.teama),
    away: team(m.teamb),
    venue: m.venue.name === '' ? null : m.venue.name,
    city: m.venue.location === '' ? null : m.venue.location,
    status: fixtureStatus(m.status, `${field}.status`),
  };
}

/** Competition squads, one entry per team (a per-match squad type lists a team once per group of matches). */
export function toSquads(season: string, squads: S.CompetitionSquads): VendorSquads {
  const byTeam = new Map<string, { team: VendorTeam; players: Map<string, VendorPlayer> }>();
  for (const s of squads.squads) {
    const entry = byTeam.get(s.team_id) ?? {
      team: { id: s.team_id, name: s.team.title, code: s.team.abbr === '' ? null : s.team.abbr },
      players: new Map<string, VendorPlayer>(),
    };
    for (const p of s.players) {
      if (!entry.players.has(p.pid)) {
        entry.players.set(p.pid, { id: p.pid, name: p.title, position: position(p.playing_role) });
      }
    }
    byTeam.set(s.team_id, entry);
  }
  return { season, teams: [...byTeam.values()].map((t) => ({ team: t.team, players: [...t.players.values()] })) };
}

/** "Match Toss Decision": 1 Batting, 2 Fielding. */
function tossOf(t: { winner: string | null; decision: number | '' } | undefined, field: string) {
  if (!t || t.winner === null || t.decision === '') return null;
  if (t.decision !== 1 && t.decision !== 2)
    throw shape(`${field}.decision`, `has the undocumented value ${t.decision}`);
  return { winnerTeamId: t.winner, decision: t.decision === 1 ? ('bat' as const) : ('field' as const) };
}

/** The toss (match info) and the XIs (match squads: `playing11`), or null while neither is announced. */
export function toLineup(info: S.MatchInfo, squads: S.MatchSquads): VendorLineup | null {
  const toss = tossOf(info.toss, 'response.toss');
  const teams = [squads.teama, squads.teamb].map((t) => ({
    teamId: t.team_id,
    playing: t.squads.filter((p) => p.playing11).map((p) => p.player_id),
    substitutes: t.squads.filter((p) => !p.playing11).map((p) => p.player_id),
  }));
  if (!toss && teams.every((t) => t.playing.length === 0)) return null;
  return { toss, teams };
}

/** Dismissals as the documentation writes them ("bowled", "lbw", "caught", and "cought" in one example). */
const DISMISSALS: Record<string, HowOut> = {
  '': 'not out',
  'not out': 'not out',
  bowled: 'bowled',
  lbw: 'lbw',
  caught: 'caught',
  cought: 'caught',
  stumped: 'stumped',
  'run out': 'run out',
  runout: 'run out',
  'hit wicket': 'hit wicket',
  'retired hurt': 'retired hurt',
  'retired not out': 'retired not out',
  'retired out': 'retired out',
  'obstructing the field': 'obstructing the field',
  'handled the ball': 'handled the ball',
  'hit the ball twice': 'hit the ball twice',
  'timed out': 'timed out',
};
const BOWLER_KINDS = new Set<HowOut>(['bowled', 'caught', 'caught and bowled', 'lbw', 'stumped', 'hit wicket']);

/** The kind of a batter's dismissal; a catch by the bowler is 'caught and bowled'. */
export function howOut(b: S.ScorecardInnings['batsmen'][number], field: string): HowOut {
  const kind = DISMISSALS[b.dismissal.trim().toLowerCase()];
  if (kind === undefined) throw shape(`${field}.dismissal`, `has an undocumented dismissal "${b.dismissal}"`);
  if (kind === 'caught' && b.first_fielder_id !== null && b.first_fielder_id === b.bowler_id)
    return 'caught and bowled';
  return kind;
}

/** Players by pid, from the answer's `players`. */
export type People = Map<string, ScorecardPlayer>;

export function peopleOf(players: { pid: string; title: string }[]): People {
  return new Map(players.map((p) => [p.pid, { name: p.title, id: p.pid }]));
}

function personOf(people: People, pid: string, field: string): ScorecardPlayer {
  const p = people.get(pid);
  if (!p) throw shape(field, `names player ${pid}, who is not in response.players`);
  return p;
}

/** "3.4" overs → 22 balls. */
export function oversToBalls(overs: string, field: string): number {
  const [whole, part = '0'] = overs.split('.');
  const balls = Number(part);
  if (balls > 5) throw shape(field, `has ${overs} overs`);
  return Number(whole) * 6 + balls;
}

/** A regulation innings, or a super over: innings after the second of a limited-overs match. */
export function isSuperOver(index: number): boolean {
  return index >= 2;
}

function battingOf(b: S.ScorecardInnings['batsmen'][number], people: People, field: string): ScorecardBatting {
  const kind = howOut(b, field);
  const line: ScorecardBatting = {
    player: personOf(people, b.batsman_id, `${field}.batsman_id`),
    runs: b.runs,
    balls: b.balls_faced,
    fours: b.fours,
    sixes: b.sixes,
    howOut: kind,
  };
  if (BOWLER_KINDS.has(kind) && b.bowler_id !== null) line.bowler = personOf(people, b.bowler_id, `${field}.bowler_id`);
  const fielders = [b.first_fielder_id, b.second_fielder_id, b.third_fielder_id].flatMap((f, i) =>
    f === null ? [] : [personOf(people, f, `${field}.${['first', 'second', 'third'][i]}_fielder_id`)],
  );
  if (kind === 'caught' || kind === 'stumped') line.fielders = fielders.slice(0, 1);
  else if (kind === 'run out') line.fielders = fielders;
  return line;
}

function inningsOf(
  inn: S.ScorecardInnings,
  index: number,
  names: Map<string, string>,
  people: People,
): ScorecardInnings {
  const p = `response.innings[${index}]`;
  const teamName = names.get(inn.batting_team_id);
  if (teamName === undefined) throw shape(`${p}.batting_team_id`, `is neither teama nor teamb`);
  const e = inn.extra_runs;
  return {
    team: teamName,
    superOver: isSuperOver(index),
    batting: inn.batsmen.map((b, i) => battingOf(b, people, `${p}.batsmen[${i}]`)),
    bowling: inn.bowlers.map((b, i) => ({
      player: personOf(people, b.bowler_id, `${p}.bowlers[${i}].bowler_id`),
      balls: oversToBalls(b.overs, `${p}.bowlers[${i}].overs`),
      maidens: b.maidens,
      runs: b.runs_conceded,
      wickets: b.wickets,
      wides: b.wides,
      noBalls: b.noballs,
    })),
    extras: { byes: e.byes, legByes: e.legbyes, wides: e.wides, noBalls: e.noballs, penalty: e.penalty },
    total: {
      runs: inn.equations.runs,
      wickets: inn.equations.wickets,
      legalBalls: oversToBalls(inn.equations.overs, `${p}.equations.overs`),
    },
  };
}

/** "D/L" when the result note names a rain rule (the documentation has no method field). */
export function methodOf(...notes: string[]): string | undefined {
  return notes.some((n) => /\b(DLS|D\/L|DL method|Duckworth)/i.test(n)) ? 'D/L' : undefined;
}

/** "168 runs", "4 wickets" (win_margin). */
function margin(text: string): { byRuns?: number; byWickets?: number } {
  const m = /^\s*(\d+)\s+(run|wicket)s?\b/i.exec(text);
  if (!m) return {};
  return m[2]!.toLowerCase() === 'run' ? { byRuns: Number(m[1]) } : { byWickets: Number(m[1]) };
}

function outcomeOf(sc: S.Scorecard, names: Map<string, string>): ScorecardOutcome {
  if (sc.status === 4) return { kind: 'no result' };
  const hasSuperOver = sc.innings.some((_, i) => isSuperOver(i));
  const winner = sc.winning_team_id === null ? undefined : names.get(sc.winning_team_id);
  if (sc.winning_team_id !== null && winner === undefined) {
    throw shape('response.winning_team_id', 'is neither teama nor teamb');
  }
  if (hasSuperOver) return { kind: 'tie', superOverWinner: winner };
  if (winner !== undefined) {
    const method = methodOf(sc.result, sc.status_note);
    return { kind: 'win', winner, ...margin(sc.win_margin), ...(method ? { method } : {}) };
  }
  if (/\btie[ds]?\b/i.test(`${sc.result} ${sc.status_note}`)) return { kind: 'tie' };
  return { kind: 'no result' };
}

/**
 * The players who took part for each team: the announced XI (match squads, `playing11`), and anyone
 * else with a figure for the team on the scorecard (an Impact Player or a concussion substitute who
 * batted or bowled, or fielded while not marked a substitute).
 */
function playingOf(sc: S.Scorecard, squads: S.MatchSquads, people: People): Scorecard['playing'] {
  return [sc.teama, sc.teamb].map((t) => {
    const squad = [squads.teama, squads.teamb].find((x) => x.team_id === t.team_id);
    const ids: string[] = squad ? squad.squads.filter((p) => p.playing11).map((p) => p.player_id) : [];
    for (const inn of sc.innings) {
      if (inn.batting_team_id === t.team_id) ids.push(...inn.batsmen.map((b) => b.batsman_id));
      if (inn.fielding_team_id === t.team_id) {
        ids.push(...inn.bowlers.map((b) => b.bowler_id));
        ids.push(...inn.fielder.filter((f) => !f.is_substitute).map((f) => f.fielder_id));
      }
    }
    return {
      team: t.name,
      players: [...new Set(ids)].map((id) =>
        personOf(people, id, `response.players (player ${id} of team ${t.team_id})`),
      ),
    };
  });
}

/** The match's scorecard as the provider interface has it. */
export function toScorecard(sc: S.Scorecard, squads: S.MatchSquads): Scorecard {
  const overs = oversPerInnings(sc.format);
  const names = new Map([
    [sc.teama.team_id, sc.teama.name],
    [sc.teamb.team_id, sc.teamb.name],
  ]);
  const people = peopleOf(sc.players);
  for (const p of squads.players) if (!people.has(p.pid)) people.set(p.pid, { name: p.title, id: p.pid });
  const toss = tossOf(sc.toss, 'response.toss');
  const tossWinner = toss ? names.get(toss.winnerTeamId) : undefined;
  if (toss && tossWinner === undefined) throw shape('response.toss.winner', 'is neither teama nor teamb');
  return {
    teams: [sc.teama.name, sc.teamb.name],
    toss: toss && tossWinner ? { winner: tossWinner, decision: toss.decision } : undefined,
    outcome: outcomeOf(sc, names),
    playerOfMatch:
      sc.man_of_the_match === '' ? [] : [personOf(people, sc.man_of_the_match.pid, 'response.man_of_the_match.pid')],
    playing: playingOf(sc, squads, people),
    innings: sc.innings.map((inn, i) => inningsOf(inn, i, names, people)),
    oversPerInnings: overs,
  };
}
