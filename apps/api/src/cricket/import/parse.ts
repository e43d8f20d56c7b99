import { createHash } from 'node:crypto';
import type { StatLine } from '../scoring/player-selection';
import { seasonName } from '../teams';
import {
  type CricsheetDelivery,
  CricsheetFormatError,
  type CricsheetInnings,
  type CricsheetMatch,
  validateCricsheetMatch,
} from './cricsheet-format';
import { importedName } from './names';

/** Bump when the parser's output changes meaning, so that re-imports report 'updated'. */
export const PARSER_VERSION = 1;

export type ParsedResultType = 'normal' | 'tie' | 'no_result';

/** One player's numbers in one match (super overs excluded): the scored StatLine and who it is. */
export interface PlayerLine extends StatLine {
  cricsheetId: string;
  name: string;
  team: string;
  /** In the team's listed players (playing XI plus impact player); false for a substitute fielder. */
  didPlay: boolean;
  battingPosition: number | null;
  dismissalKind: string | null;
}

export interface ParsedInnings {
  number: number;
  team: string;
  superOver: boolean;
  runs: number;
  wickets: number;
  legalBalls: number;
  extras: number;
}

export interface ParsedResult {
  type: ParsedResultType;
  winner: string | null;
  byRuns: number | null;
  byWickets: number | null;
  /** e.g. 'D/L' for a rain-affected result. */
  method: string | null;
  /** A tie decided by a super over (or bowl-out): the team that won it. */
  superOverWinner: string | null;
}

export interface ParsedMatch {
  /** Where it came from, for messages (usually the file name). */
  source: string;
  /** Cricsheet's match id: the file name without `.json` (the JSON itself does not carry it). */
  matchId: string;
  competition: string;
  season: string;
  seasonName: string;
  year: number;
  matchNumber: number | null;
  /** 'League' for numbered matches, 'Playoffs' for staged ones (Final, Qualifier 1...). */
  stageName: string;
  fixtureName: string;
  date: string;
  /** Default start time (UTC) for a fixture created by this import: Cricsheet has no times. */
  startTime: string;
  /** info.teams order: [0] is the local (home) team, [1] the visitor. */
  teams: [string, string];
  venue: string | null;
  city: string | null;
  toss: { winner: string | null; decision: string | null };
  result: ParsedResult;
  /** Cricsheet ids. */
  playerOfMatch: string[];
  /** Every player with a line, by team and listed order; substitutes at the end. */
  lines: PlayerLine[];
  innings: ParsedInnings[];
  totalSixes: number;
  /** Stable digest of everything above except startTime: equal digests mean nothing to update. */
  checksum: string;
}

/** Dismissals that do not make the batter out. */
export const NOT_OUT_KINDS = new Set(['retired hurt', 'retired not out']);
/** Dismissals credited to the bowler (run out, retired, obstructing, timed out, handled the ball are not). */
export const BOWLER_KINDS = new Set(['bowled', 'caught', 'caught and bowled', 'lbw', 'stumped', 'hit wicket']);

export interface ParseOptions {
  /** The Cricsheet match id; by default the source's file name without `.json`. */
  matchId?: string;
  /** Default start time of day (UTC, 'HH:MM') for new fixtures: 14:00 is 19:30 in India. */
  defaultStartTimeUtc?: string;
}

/**
 * Parses one Cricsheet JSON match into fixture data and per-player stat lines. Pure: throws
 * CricsheetFormatError (naming `source` and the JSON path) on malformed input.
 */
export function parseCricsheetMatch(json: unknown, source: string, options: ParseOptions = {}): ParsedMatch {
  const m: CricsheetMatch = validateCricsheetMatch(json, source);
  const matchId = options.matchId ?? source.replace(/^.*[\\/]/, '').replace(/\.json$/i, '');
  if (!/^[A-Za-z0-9_.-]+$/.test(matchId)) {
    throw new CricsheetFormatError(source, '$', `cannot tell the match id from "${source}"`);
  }
  const info = m.info;
  const people = info.registry.people;
  const teams: [string, string] = [info.teams[0]!, info.teams[1]!];
  const bpo = info.balls_per_over ?? 6;

  const lines = new Map<string, PlayerLine>();
  const newLine = (name: string, team: string, didPlay: boolean): PlayerLine => ({
    cricsheetId: people[name]!,
    name,
    team,
    didPlay,
    battingPosition: null,
    runs: 0,
    balls: 0,
    fours: 0,
    sixes: 0,
    dismissed: false,
    dismissalKind: null,
    ballsBowled: 0,
    maidens: 0,
    runsConceded: 0,
    wickets: 0,
    bowledLbwWickets: 0,
    catches: 0,
    stumpings: 0,
    runOutsDirect: 0,
    runOutsIndirect: 0,
  });
  const teamOf = new Map<string, string>();
  for (const team of teams) {
    for (const name of info.players[team] ?? []) {
      if (teamOf.has(name)) {
        throw new CricsheetFormatError(source, 'info.players', `"${name}" is listed for both teams`);
      }
      teamOf.set(name, team);
      lines.set(name, newLine(name, team, true));
    }
  }

  const innings: ParsedInnings[] = [];
  let totalSixes = 0;
  m.innings.forEach((inn, ii) => {
    const summary = tallyInnings(inn, ii, teams, bpo, source, {
      line: (name, team, path, allowSubstitute) => {
        const existing = lines.get(name);
        if (existing) {
          if (existing.team !== team) {
            throw new CricsheetFormatError(source, path, `"${name}" plays for ${existing.team}, not ${team}`);
          }
          return existing;
        }
        if (!allowSubstitute) {
          throw new CricsheetFormatError(source, path, `"${name}" is not in info.players["${team}"]`);
        }
        const sub = newLine(name, team, false);
        lines.set(name, sub);
        return sub;
      },
    });
    innings.push(summary.innings);
    totalSixes += summary.sixes;
  });

  const o = info.outcome;
  let result: ParsedResult;
  if (o.result === 'no result' || o.result === 'draw' || (o.result === undefined && !o.winner)) {
    result = {
      type: 'no_result',
      winner: null,
      byRuns: null,
      byWickets: null,
      method: o.method ?? null,
      superOverWinner: null,
    };
  } else if (o.result === 'tie') {
    result = {
      type: 'tie',
      winner: null,
      byRuns: null,
      byWickets: null,
      method: o.method ?? null,
      superOverWinner: o.eliminator ?? o.bowl_out ?? o.winner ?? superOverWinnerFromInnings(innings),
    };
  } else if (o.winner) {
    result = {
      type: 'normal',
      winner: o.winner,
      byRuns: o.by?.runs ?? null,
      byWickets: o.by?.wickets ?? null,
      method: o.method ?? null,
      superOverWinner: null,
    };
  } else {
    throw new CricsheetFormatError(source, 'info.outcome.result', `unknown result "${o.result}"`);
  }

  // Names as they are stored: by the one name rule (./names.ts; the validator has refused the others).
  const team = (name: string) => importedName('Team name', name);
  const optTeam = (name: string | null) => (name === null ? null : team(name));
  const place = (field: 'Venue' | 'City', v: string | undefined) => (v === undefined ? null : importedName(field, v));
  const ev = info.event ?? {};
  const season = importedName('Season', String(info.season));
  const competition = ev.name === undefined ? 'Unknown competition' : importedName('Competition', ev.name);
  const year = Number.parseInt(season.slice(0, 4), 10);
  if (!Number.isInteger(year)) throw new CricsheetFormatError(source, 'info.season', `no year in "${season}"`);
  const matchNumber = ev.match_number ?? null;
  const cleanTeams: [string, string] = [team(teams[0]), team(teams[1])];
  const fixtureName =
    matchNumber != null
      ? `Match ${matchNumber}`
      : ev.stage !== undefined
        ? importedName('Stage', ev.stage)
        : `${cleanTeams[0]} v ${cleanTeams[1]}`;
  const stageName = matchNumber != null || !ev.stage ? 'League' : 'Playoffs';
  const date = info.dates[0]!;
  const time = options.defaultStartTimeUtc ?? '14:00';

  // Insertion order: teams[0]'s listed players, teams[1]'s, then substitutes as they appeared.
  const orderedLines = [...lines.values()].map((l) => ({
    ...l,
    name: importedName('Player name', l.name),
    team: team(l.team),
  }));
  const parsed: Omit<ParsedMatch, 'checksum'> = {
    source,
    matchId,
    competition,
    season,
    seasonName: seasonName(competition, season),
    year,
    matchNumber,
    stageName,
    fixtureName,
    date,
    startTime: `${date}T${time}:00.000Z`,
    teams: cleanTeams,
    venue: place('Venue', info.venue),
    city: place('City', info.city),
    toss: {
      winner: info.toss?.winner === undefined ? null : team(info.toss.winner),
      decision: info.toss?.decision === undefined ? null : importedName('Toss decision', info.toss.decision),
    },
    result: {
      ...result,
      winner: optTeam(result.winner),
      superOverWinner: optTeam(result.superOverWinner),
      method: result.method === null ? null : importedName('Method', result.method),
    },
    playerOfMatch: (info.player_of_match ?? []).map((n) => people[n]!),
    lines: orderedLines,
    innings: innings.map((i) => ({ ...i, team: team(i.team) })),
    totalSixes,
  };
  return { ...parsed, checksum: matchChecksum(parsed) };
}

/**
 * The digest of a parsed match (everything but its start time and source): equal digests mean nothing
 * to update. Every source of a `ParsedMatch` (a Cricsheet file, a typed or a vendor's scorecard) uses it.
 */
export function matchChecksum(parsed: Omit<ParsedMatch, 'checksum'>): string {
  const { startTime: _ignored, source: _source, ...digestable } = parsed;
  return createHash('sha256')
    .update(JSON.stringify({ v: PARSER_VERSION, ...digestable }))
    .digest('hex');
}

interface LineLookup {
  line(name: string, team: string, path: string, allowSubstitute: boolean): PlayerLine;
}

function tallyInnings(
  inn: CricsheetInnings,
  index: number,
  teams: [string, string],
  bpo: number,
  source: string,
  lookup: LineLookup,
): { innings: ParsedInnings; sixes: number } {
  const batting = inn.team;
  const fielding = teams[0] === batting ? teams[1] : teams[0];
  const superOver = inn.super_over === true;
  const summary: ParsedInnings = {
    number: index + 1,
    team: batting,
    superOver,
    runs: 0,
    wickets: 0,
    legalBalls: 0,
    extras: 0,
  };
  let sixes = 0;
  let nextPosition = 1;
  const p0 = `innings[${index}]`;
  // Super-over deliveries count for the innings totals only, never for player stats.
  const bat = (name: string, path: string) => {
    const line = lookup.line(name, batting, path, false);
    if (!superOver && line.battingPosition === null) line.battingPosition = nextPosition++;
    return line;
  };

  inn.overs.forEach((over, oi) => {
    const perBowler = new Map<string, { legal: number; conceded: number }>();
    over.deliveries.forEach((d: CricsheetDelivery, di) => {
      const p = `${p0}.overs[${oi}].deliveries[${di}]`;
      const wides = d.extras?.wides ?? 0;
      const noballs = d.extras?.noballs ?? 0;
      const legal = wides === 0 && noballs === 0;
      summary.runs += d.runs.total;
      summary.extras += d.runs.extras;
      if (legal) summary.legalBalls += 1;
      const boundary = d.runs.non_boundary !== true;
      if (d.runs.batter === 6 && boundary && !superOver) sixes += 1;

      const striker = bat(d.batter, `${p}.batter`);
      bat(d.non_striker, `${p}.non_striker`);
      const bowler = lookup.line(d.bowler, fielding, `${p}.bowler`, false);
      const conceded = d.runs.batter + wides + noballs;
      const ob = perBowler.get(d.bowler) ?? { legal: 0, conceded: 0 };
      ob.legal += legal ? 1 : 0;
      ob.conceded += conceded;
      perBowler.set(d.bowler, ob);

      if (!superOver) {
        striker.runs += d.runs.batter;
        if (wides === 0) striker.balls += 1;
        if (boundary && d.runs.batter === 4) striker.fours += 1;
        if (boundary && d.runs.batter === 6) striker.sixes += 1;
        if (legal) bowler.ballsBowled += 1;
        bowler.runsConceded += conceded;
      }

      (d.wickets ?? []).forEach((w, wi) => {
        const wp = `${p}.wickets[${wi}]`;
        const outLine = bat(w.player_out, `${wp}.player_out`);
        const out = !NOT_OUT_KINDS.has(w.kind);
        if (out) summary.wickets += 1;
        if (superOver) return;
        if (out) {
          outLine.dismissed = true;
          outLine.dismissalKind = w.kind;
        }
        if (BOWLER_KINDS.has(w.kind)) {
          bowler.wickets += 1;
          if (w.kind === 'bowled' || w.kind === 'lbw') bowler.bowledLbwWickets += 1;
        }
        const fielders = (w.fielders ?? []).map((f, fi) =>
          lookup.line(f.name, fielding, `${wp}.fielders[${fi}].name`, true),
        );
        if (w.kind === 'caught') {
          const catcher = fielders[0];
          if (!catcher) throw new CricsheetFormatError(source, `${wp}.fielders`, 'a catch without a fielder');
          catcher.catches += 1;
        } else if (w.kind === 'caught and bowled') {
          bowler.catches += 1;
        } else if (w.kind === 'stumped') {
          const keeper = fielders[0];
          if (!keeper) throw new CricsheetFormatError(source, `${wp}.fielders`, 'a stumping without a fielder');
          keeper.stumpings += 1;
        } else if (w.kind === 'run out') {
          const distinct = [...new Set(fielders)];
          if (distinct.length === 1) distinct[0]!.runOutsDirect += 1;
          else for (const f of distinct) f.runOutsIndirect += 1;
        }
      });
    });
    if (!superOver && perBowler.size === 1) {
      const [name, o] = [...perBowler.entries()][0]!;
      if (o.legal === bpo && o.conceded === 0) lookup.line(name, fielding, `${p0}.overs[${oi}]`, false).maidens += 1;
    }
  });
  return { innings: summary, sixes };
}

/** When a tie's outcome does not name the super-over winner: the higher score in the last pair of super overs. */
export function superOverWinnerFromInnings(innings: ParsedInnings[]): string | null {
  const so = innings.filter((i) => i.superOver);
  if (so.length < 2) return null;
  const a = so[so.length - 2]!;
  const b = so[so.length - 1]!;
  if (a.runs === b.runs) return null;
  return a.runs > b.runs ? a.team : b.team;
}
