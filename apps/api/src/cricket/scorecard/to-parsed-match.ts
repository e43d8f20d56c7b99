import { importedName } from '../import/names';
import {
  BOWLER_KINDS,
  matchChecksum,
  NOT_OUT_KINDS,
  type ParsedInnings,
  type ParsedMatch,
  type ParsedResult,
  type PlayerLine,
  superOverWinnerFromInnings,
} from '../import/parse';
import type { HowOut, Scorecard, ScorecardPlayer } from './model';

/**
 * A scorecard as the importer's `ParsedMatch` (../import/parse.ts), so that it is written
 * (`writeMatch`) and scored by exactly the code that writes and scores a Cricsheet file. The figures
 * are taken as the scorecard gives them: check it first (./validate.ts), which is what makes them add up.
 */

/** What a scorecard does not say about its match: the fixture it is filed under (season, slot, date, place). */
export type ScorecardMatchInfo = Pick<
  ParsedMatch,
  | 'source'
  | 'matchId'
  | 'competition'
  | 'season'
  | 'seasonName'
  | 'year'
  | 'matchNumber'
  | 'stageName'
  | 'fixtureName'
  | 'date'
  | 'startTime'
  | 'venue'
  | 'city'
>;

/** A scorecard that cannot be turned into a match (validate.ts reports each of these first); `path` is its field. */
export class ScorecardError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
    this.name = 'ScorecardError';
  }
}

/** Whether a batter with this `howOut` is out (a wicket): neither not out nor retired hurt / not out. */
export function isOut(howOut: HowOut): boolean {
  return howOut !== 'not out' && !NOT_OUT_KINDS.has(howOut);
}

/** Whether the dismissal is credited to the bowler (bowled, caught, c&b, lbw, stumped, hit wicket). */
export function isBowlersWicket(howOut: HowOut): boolean {
  return BOWLER_KINDS.has(howOut);
}

/**
 * The scorecard as a parsed match: one line per player who took part (the `playing` lists, in fixture
 * team order, then substitute fielders as they appear), super overs in the innings totals only, the
 * result, toss and player of the match; names by the one name rule (../import/names.ts), players keyed
 * by their id (a Cricsheet registry id, or `<source>:<id>`).
 */
export function scorecardToParsedMatch(card: Scorecard, info: ScorecardMatchInfo): ParsedMatch {
  const teams: [string, string] = [importedName('Team name', card.teams[0]), importedName('Team name', card.teams[1])];
  const teamOf = (raw: string, path: string) => {
    const team = importedName('Team name', raw);
    if (!teams.includes(team)) throw new ScorecardError(path, `"${raw}" is not one of the match's teams`);
    return team;
  };
  const other = (team: string) => (team === teams[0] ? teams[1] : teams[0]);
  const idOf = (p: ScorecardPlayer, path: string) => {
    if (!p.id) throw new ScorecardError(path, `${p.name} has no player id`);
    return p.id;
  };

  const lines = new Map<string, PlayerLine>();
  const newLine = (p: ScorecardPlayer, id: string, team: string, didPlay: boolean): PlayerLine => ({
    cricsheetId: id,
    name: importedName('Player name', p.name),
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
  // The listed players, the fixture's first team first (as the parser orders a Cricsheet file's).
  for (const team of teams) {
    card.playing.forEach((entry, ti) => {
      if (teamOf(entry.team, `playing.${ti}.team`) !== team) return;
      entry.players.forEach((p, pi) => {
        const path = `playing.${ti}.players.${pi}`;
        const id = idOf(p, path);
        const existing = lines.get(id);
        if (existing && existing.team !== team) {
          throw new ScorecardError(path, `${p.name} is listed for both teams`);
        }
        if (!existing) lines.set(id, newLine(p, id, team, true));
      });
    });
  }
  /** A player's line: listed for `team`, or (a fielder) a substitute of `team` seen for the first time. */
  const line = (p: ScorecardPlayer | undefined, team: string, path: string, allowSubstitute: boolean) => {
    if (!p) throw new ScorecardError(path, 'a player is missing');
    const id = idOf(p, path);
    const existing = lines.get(id);
    if (existing) {
      if (existing.team !== team) throw new ScorecardError(path, `${p.name} plays for ${existing.team}, not ${team}`);
      return existing;
    }
    if (!allowSubstitute) throw new ScorecardError(path, `${p.name} is not among the players of ${team}`);
    const sub = newLine(p, id, team, false);
    lines.set(id, sub);
    return sub;
  };

  const innings: ParsedInnings[] = [];
  let totalSixes = 0;
  card.innings.forEach((inn, ii) => {
    const p0 = `innings.${ii}`;
    const batting = teamOf(inn.team, `${p0}.team`);
    const fielding = other(batting);
    const e = inn.extras;
    innings.push({
      number: ii + 1,
      team: batting,
      superOver: inn.superOver,
      runs: inn.total.runs,
      wickets: inn.total.wickets,
      legalBalls: inn.total.legalBalls,
      extras: e.byes + e.legByes + e.wides + e.noBalls + e.penalty,
    });
    // A super over counts for the innings totals only, never for the players' figures.
    if (inn.superOver) {
      inn.batting.forEach((b, bi) => {
        line(b.player, batting, `${p0}.batting.${bi}.player`, false);
      });
      inn.bowling.forEach((b, bi) => {
        line(b.player, fielding, `${p0}.bowling.${bi}.player`, false);
      });
      return;
    }
    let nextPosition = 1;
    inn.batting.forEach((b, bi) => {
      const path = `${p0}.batting.${bi}`;
      const batter = line(b.player, batting, `${path}.player`, false);
      if (batter.battingPosition === null) batter.battingPosition = nextPosition++;
      batter.runs += b.runs;
      batter.balls += b.balls;
      batter.fours += b.fours;
      batter.sixes += b.sixes;
      totalSixes += b.sixes;
      if (isOut(b.howOut)) {
        batter.dismissed = true;
        batter.dismissalKind = b.howOut;
      }
      const fielders = (b.fielders ?? []).map((f, fi) => line(f, fielding, `${path}.fielders.${fi}`, true));
      if (isBowlersWicket(b.howOut)) {
        const bowler = line(b.bowler, fielding, `${path}.bowler`, false);
        if (b.howOut === 'bowled' || b.howOut === 'lbw') bowler.bowledLbwWickets += 1;
        if (b.howOut === 'caught and bowled') bowler.catches += 1;
      }
      if (b.howOut === 'caught') {
        const catcher = fielders[0];
        if (!catcher) throw new ScorecardError(`${path}.fielders`, 'a catch without a fielder');
        catcher.catches += 1;
      } else if (b.howOut === 'stumped') {
        const keeper = fielders[0];
        if (!keeper) throw new ScorecardError(`${path}.fielders`, 'a stumping without a wicketkeeper');
        keeper.stumpings += 1;
      } else if (b.howOut === 'run out') {
        const distinct = [...new Set(fielders)];
        if (distinct.length === 1) distinct[0]!.runOutsDirect += 1;
        else for (const f of distinct) f.runOutsIndirect += 1;
      }
    });
    inn.bowling.forEach((b, bi) => {
      const bowler = line(b.player, fielding, `${p0}.bowling.${bi}.player`, false);
      bowler.ballsBowled += b.balls;
      bowler.maidens += b.maidens;
      bowler.runsConceded += b.runs;
      bowler.wickets += b.wickets;
    });
  });

  const o = card.outcome;
  const method = (m: string | undefined) => (m === undefined || m === '' ? null : importedName('Method', m));
  let result: ParsedResult;
  if (o.kind === 'no result') {
    result = {
      type: 'no_result',
      winner: null,
      byRuns: null,
      byWickets: null,
      method: method(o.method),
      superOverWinner: null,
    };
  } else if (o.kind === 'tie') {
    result = {
      type: 'tie',
      winner: null,
      byRuns: null,
      byWickets: null,
      method: method(o.method),
      superOverWinner:
        o.superOverWinner !== undefined
          ? teamOf(o.superOverWinner, 'outcome.superOverWinner')
          : superOverWinnerFromInnings(innings),
    };
  } else {
    result = {
      type: 'normal',
      winner: teamOf(o.winner, 'outcome.winner'),
      byRuns: o.byRuns ?? null,
      byWickets: o.byWickets ?? null,
      method: method(o.method),
      superOverWinner: null,
    };
  }
  const playerOfMatch = card.playerOfMatch.map((p, i) => {
    const id = idOf(p, `playerOfMatch.${i}`);
    if (!lines.has(id)) throw new ScorecardError(`playerOfMatch.${i}`, `${p.name} did not play in the match`);
    return id;
  });

  // The parser's key order: the digest (`matchChecksum`) of the same match is then the file's.
  const parsed: Omit<ParsedMatch, 'checksum'> = {
    source: info.source,
    matchId: info.matchId,
    competition: info.competition,
    season: info.season,
    seasonName: info.seasonName,
    year: info.year,
    matchNumber: info.matchNumber,
    stageName: info.stageName,
    fixtureName: info.fixtureName,
    date: info.date,
    startTime: info.startTime,
    teams,
    venue: info.venue,
    city: info.city,
    toss: {
      winner: card.toss ? teamOf(card.toss.winner, 'toss.winner') : null,
      decision: card.toss ? importedName('Toss decision', card.toss.decision) : null,
    },
    result,
    playerOfMatch,
    lines: [...lines.values()],
    innings,
    totalSixes,
  };
  return { ...parsed, checksum: matchChecksum(parsed) };
}
