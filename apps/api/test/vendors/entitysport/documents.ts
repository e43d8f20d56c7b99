import type { CricsheetDelivery } from '../../../src/cricket/import/cricsheet-format';
import { statusCode, type World, type WorldBall, type WorldMatch, type WorldTeam } from './world';

/**
 * The answers of Entity Sport's Cricket API v2 for the local server, written as its documentation
 * shows them (entitysport/slate source/index.html.md; the fixtures in ./fixtures/ cite each field):
 * numbers as strings where the examples write them so, ids as the examples give them. Built from
 * the balls of a match published so far, so a match can be followed ball by ball.
 *
 * A ball's `score` is written as the documentation's examples do (an integer, "w", "1lb") and, for
 * the extras they do not show, by the same pattern ("1wd", "1nb+4", "2b"): the provider's reading of
 * that field (src/vendors/entitysport/balls.ts).
 */

const BOWLER_KINDS = new Set(['bowled', 'caught', 'caught and bowled', 'lbw', 'stumped', 'hit wicket']);
const NOT_OUT = new Set(['retired hurt', 'retired not out']);

const ordinal = (n: number) => {
  const s =
    n % 100 >= 11 && n % 100 <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${s}`;
};
const oversText = (legal: number) => (legal % 6 === 0 ? String(legal / 6) : `${Math.floor(legal / 6)}.${legal % 6}`);
const stamp = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');

export function subtitleOf(m: WorldMatch): string {
  const ev = m.match.info.event ?? {};
  if (ev.match_number !== undefined) return `${ordinal(ev.match_number)} Match`;
  return ev.stage ?? '';
}

/** A ball's `score` (see the file comment). */
export function encodeScore(d: CricsheetDelivery): number | string {
  const e = d.extras ?? {};
  if (e.penalty) throw new Error('penalty runs have no documented score');
  const parts: string[] = [];
  if (e.wides) parts.push(`${e.wides}wd`);
  if (e.noballs) parts.push(`${e.noballs}nb`);
  if (e.byes) parts.push(`${e.byes}b`);
  if (e.legbyes) parts.push(`${e.legbyes}lb`);
  if (parts.length === 0) return d.wickets?.length && d.runs.batter === 0 ? 'w' : d.runs.batter;
  if (d.runs.batter > 0) parts.push(String(d.runs.batter));
  return parts.join('+');
}

interface Bat {
  id: number;
  runs: number;
  balls: number;
  fours: number;
  sixes: number;
  dots: number;
  ones: number;
  twos: number;
  threes: number;
  fives: number;
  dismissal: string;
  howOut: string;
  bowler: number | null;
  fielders: number[];
}
interface Bowl {
  id: number;
  legal: number;
  maidens: number;
  runs: number;
  wickets: number;
  noballs: number;
  wides: number;
  dots: number;
}
interface Field {
  id: number;
  name: string;
  catches: number;
  thrower: number;
  catcher: number;
  direct: number;
  stumping: number;
  substitute: boolean;
}

export interface Tally {
  number: number;
  batting: WorldTeam;
  fielding: WorldTeam;
  batsmen: Bat[];
  bowlers: Bowl[];
  fielders: Field[];
  fows: { batsman: Bat; score: number; overs: string; number: number }[];
  extras: { byes: number; legbyes: number; wides: number; noballs: number; penalty: number };
  runs: number;
  wickets: number;
  legal: number;
  events: Record<string, unknown>[];
}

const tallied = new WeakMap<WorldMatch, { key: string; value: Tally[] }>();

/** The published balls of each innings, tallied the way a scorecard shows them. */
export function tallies(m: WorldMatch): Tally[] {
  const key = `${m.revealed}:${m.version}`;
  const hit = tallied.get(m);
  if (hit?.key === key) return hit.value;
  const value = computeTallies(m);
  tallied.set(m, { key, value });
  return value;
}

function computeTallies(m: WorldMatch): Tally[] {
  const byInnings = new Map<number, WorldBall[]>();
  for (const b of m.balls.slice(0, m.revealed)) byInnings.set(b.innings, [...(byInnings.get(b.innings) ?? []), b]);
  return [...byInnings.entries()].map(([ii, balls]) => tally(m, ii, balls));
}

function tally(m: WorldMatch, ii: number, balls: WorldBall[]): Tally {
  const inn = m.match.innings[ii]!;
  const batting = inn.team === m.teama.title ? m.teama : m.teamb;
  const fielding = batting === m.teama ? m.teamb : m.teama;
  const pid = (name: string) => {
    const id = m.pid.get(name);
    if (id === undefined) throw new Error(`no pid for ${name}`);
    return id;
  };
  const t: Tally = {
    number: ii + 1,
    batting,
    fielding,
    batsmen: [],
    bowlers: [],
    fielders: [],
    fows: [],
    extras: { byes: 0, legbyes: 0, wides: 0, noballs: 0, penalty: 0 },
    runs: 0,
    wickets: 0,
    legal: 0,
    events: [],
  };
  const bat = (name: string): Bat => {
    const found = t.batsmen.find((x) => x.id === pid(name));
    if (found) return found;
    const zero = { runs: 0, balls: 0, fours: 0, sixes: 0, dots: 0, ones: 0, twos: 0, threes: 0, fives: 0 };
    const b: Bat = { id: pid(name), ...zero, dismissal: '', howOut: 'not out', bowler: null, fielders: [] };
    t.batsmen.push(b);
    return b;
  };
  const bowl = (name: string) => {
    let b = t.bowlers.find((x) => x.id === pid(name));
    if (!b) {
      b = { id: pid(name), legal: 0, maidens: 0, runs: 0, wickets: 0, noballs: 0, wides: 0, dots: 0 };
      t.bowlers.push(b);
    }
    return b;
  };
  const field = (name: string, substitute: boolean) => {
    let f = t.fielders.find((x) => x.id === pid(name));
    if (!f) {
      f = { id: pid(name), name, catches: 0, thrower: 0, catcher: 0, direct: 0, stumping: 0, substitute };
      t.fielders.push(f);
    }
    return f;
  };
  let over = -1;
  let overLegal = 0;
  let overRuns = 0;
  let overBowlers = new Map<string, { legal: number; conceded: number }>();
  const endOver = () => {
    if (over < 0) return;
    if (overBowlers.size === 1) {
      const [name, o] = [...overBowlers.entries()][0]!;
      if (o.legal === 6 && o.conceded === 0) bowl(name).maidens += 1;
    }
    if (overLegal === 6) {
      t.events.push({
        event: 'overend',
        over: over + 1,
        runs: overRuns,
        score: `${t.runs}/${t.wickets}`,
        bats: [],
        bowls: [],
        commentary: `End of over ${over + 1} (${overRuns} runs), ${batting.title} ${t.runs}/${t.wickets}`,
      });
    }
  };
  for (const { over: o, delivery: d } of balls) {
    if (o !== over) {
      endOver();
      over = o;
      overLegal = 0;
      overRuns = 0;
      overBowlers = new Map();
    }
    const e = d.extras ?? {};
    const wides = e.wides ?? 0;
    const noballs = e.noballs ?? 0;
    const legal = wides === 0 && noballs === 0;
    const striker = bat(d.batter);
    bat(d.non_striker);
    const bowler = bowl(d.bowler);
    const conceded = d.runs.batter + wides + noballs;
    const ob = overBowlers.get(d.bowler) ?? { legal: 0, conceded: 0 };
    ob.legal += legal ? 1 : 0;
    ob.conceded += conceded;
    overBowlers.set(d.bowler, ob);
    const ballNo = overLegal + 1;
    if (legal) {
      overLegal += 1;
      t.legal += 1;
      bowler.legal += 1;
    }
    t.runs += d.runs.total;
    overRuns += d.runs.total;
    t.extras.byes += e.byes ?? 0;
    t.extras.legbyes += e.legbyes ?? 0;
    t.extras.wides += wides;
    t.extras.noballs += noballs;
    t.extras.penalty += e.penalty ?? 0;
    bowler.runs += conceded;
    if (wides > 0) bowler.wides += 1;
    if (noballs > 0) bowler.noballs += 1;
    if (legal && d.runs.total === 0) bowler.dots += 1;
    striker.runs += d.runs.batter;
    if (wides === 0) {
      striker.balls += 1;
      const r = d.runs.batter;
      if (r === 0) striker.dots += 1;
      else if (r === 1) striker.ones += 1;
      else if (r === 2) striker.twos += 1;
      else if (r === 3) striker.threes += 1;
      else if (r === 5) striker.fives += 1;
    }
    const boundary = d.runs.non_boundary !== true;
    if (boundary && d.runs.batter === 4) striker.fours += 1;
    if (boundary && d.runs.batter === 6) striker.sixes += 1;
    const event: Record<string, unknown> = {
      event: d.wickets?.length ? 'wicket' : 'ball',
      batsman_id: striker.id,
      bowler_id: bowler.id,
      over: String(o),
      ball: String(ballNo),
      score: encodeScore(d),
      commentary: `${d.bowler} to ${d.batter}, ${d.runs.total} run${d.runs.total === 1 ? '' : 's'}`,
    };
    for (const w of d.wickets ?? []) {
      const out = bat(w.player_out);
      const names = (w.fielders ?? []).map((f) => f.name);
      const ids = (w.fielders ?? []).map((f) => field(f.name, f.substitute === true).id);
      const caughtAndBowled = w.kind === 'caught and bowled' || (w.kind === 'caught' && names[0] === d.bowler);
      if (BOWLER_KINDS.has(w.kind)) {
        bowler.wickets += 1;
        out.bowler = bowler.id;
      }
      if (caughtAndBowled) {
        out.dismissal = 'caught';
        out.fielders = [bowler.id];
        out.howOut = `c & b ${d.bowler}`;
        field(d.bowler, false).catches += 1;
      } else if (w.kind === 'caught') {
        out.dismissal = 'caught';
        out.fielders = ids.slice(0, 1);
        out.howOut = `c ${names[0]} b ${d.bowler}`;
        field(names[0]!, w.fielders![0]!.substitute === true).catches += 1;
      } else if (w.kind === 'stumped') {
        out.dismissal = 'stumped';
        out.fielders = ids.slice(0, 1);
        out.howOut = `st ${names[0]} b ${d.bowler}`;
        t.fielders.find((f) => f.id === ids[0])!.stumping += 1;
      } else if (w.kind === 'run out') {
        out.dismissal = 'run out';
        out.fielders = [...new Set(ids)];
        out.howOut = `run out (${names.join('/')})`;
        const distinct = [...new Set(ids)];
        distinct.forEach((id, i) => {
          const f = t.fielders.find((x) => x.id === id)!;
          if (distinct.length === 1) f.direct += 1;
          else if (i === 0) f.thrower += 1;
          else f.catcher += 1;
        });
      } else {
        out.dismissal = w.kind;
        out.howOut = w.kind === 'bowled' ? `b ${d.bowler}` : w.kind === 'lbw' ? `lbw b ${d.bowler}` : w.kind;
      }
      if (!NOT_OUT.has(w.kind)) {
        t.wickets += 1;
        t.fows.push({ batsman: out, score: t.runs, overs: oversText(t.legal), number: t.wickets });
      }
      Object.assign(event, {
        wicket_batsman_id: String(out.id),
        how_out: out.howOut,
        batsman_runs: String(out.runs),
        batsman_balls: String(out.balls),
      });
    }
    t.events.push(event);
  }
  endOver();
  return t;
}

function teamCard(team: WorldTeam, tallies: Tally[]) {
  const mine = tallies.filter((t) => t.batting === team && t.number <= 2);
  const scores = mine.map((t) => `${t.runs}/${t.wickets}`).join(' & ');
  const last = mine[mine.length - 1];
  return {
    team_id: team.tid,
    name: team.title,
    short_name: team.abbr,
    logo_url: '',
    scores_full: last ? `${scores} (${oversText(last.legal)} ov)` : '',
    scores: last ? `${last.runs}/${last.wickets}` : '',
    overs: last ? oversText(last.legal) : '',
  };
}

/** The outcome as the documents show it: result text, win margin, winning team id. */
function resultOf(m: WorldMatch) {
  const o = m.match.info.outcome;
  const tid = (name: string | undefined) =>
    name === m.teama.title ? m.teama.tid : name === m.teamb.title ? m.teamb.tid : 0;
  const abbr = (name: string) => (name === m.teama.title ? m.teama.abbr : m.teamb.abbr);
  if (statusCode(m) !== 2) return { result: '', win_margin: '', winning_team_id: 0 };
  if (o.result === 'tie') {
    const so = o.eliminator ?? o.winner;
    return {
      result: so ? `Match tied (${abbr(so)} won the Super Over)` : 'Match tied',
      win_margin: '',
      winning_team_id: tid(so),
    };
  }
  if (!o.winner) return { result: 'No result', win_margin: '', winning_team_id: 0 };
  const margin = o.by?.runs !== undefined ? `${o.by.runs} runs` : `${o.by?.wickets ?? 0} wickets`;
  const method = o.method ? ' (DLS method)' : '';
  return { result: `${abbr(o.winner)} won by ${margin}${method}`, win_margin: margin, winning_team_id: tid(o.winner) };
}

const STATUS = { 1: 'Scheduled', 2: 'Completed', 3: 'Live', 4: 'Abandoned' } as const;

export function competitionDoc(w: World) {
  const dates = [...w.matches.values()].map((m) => m.start).sort((a, b) => a - b);
  return {
    cid: w.cid,
    title: w.title,
    abbr: 'ipl-2024',
    category: 'domestic',
    game_format: 't20',
    status: 'live',
    season: w.season,
    datestart: stamp(dates[0] ?? 0).slice(0, 10),
    dateend: stamp(dates[dates.length - 1] ?? 0).slice(0, 10),
    total_matches: String(w.matches.size),
    total_rounds: '1',
    total_teams: String(w.teams.size),
    country: 'in',
  };
}

/** The match object of "Competition Matches API" / "Match Info API". */
export function matchDoc(w: World, m: WorldMatch) {
  const ts = tallies(m);
  const status = statusCode(m);
  const info = m.match.info;
  const toss = info.toss;
  const tossTeam = toss?.winner === m.teama.title ? m.teama : m.teamb;
  const result = resultOf(m);
  return {
    match_id: m.mid,
    title: `${m.teama.title} vs ${m.teamb.title}`,
    subtitle: subtitleOf(m),
    format: 6,
    format_str: 'T20',
    status,
    status_str: STATUS[status],
    status_note: status === 2 ? result.result : status === 4 ? 'Abandoned' : '',
    verified: status === 2 ? 'true' : 'false',
    pre_squad: 'true',
    game_state: status === 3 ? 3 : 0,
    game_state_str: status === 3 ? 'Play Ongoing' : 'Default',
    domestic: '1',
    competition: { ...competitionDoc(w), type: 'tournament' },
    teama: teamCard(m.teama, ts),
    teamb: teamCard(m.teamb, ts),
    date_start: stamp(m.start),
    date_end: stamp(m.start + 4 * 3600),
    timestamp_start: m.start,
    timestamp_end: m.start + 4 * 3600,
    venue: { name: info.venue ?? '', location: info.city ?? '', timezone: '5.5' },
    umpires: '',
    referee: '',
    equation: '',
    live: '',
    result: result.result,
    win_margin: result.win_margin,
    commentary: 1,
    wagon: 1,
    latest_inning_number: ts.length,
    toss:
      toss?.winner && status !== 1
        ? {
            text: `${tossTeam.title} won the toss & elected to ${toss.decision === 'bat' ? 'bat' : 'field'}`,
            winner: tossTeam.tid,
            decision: toss.decision === 'bat' ? 1 : 2,
          }
        : { text: '', winner: 0, decision: '' },
  };
}

export function playerDoc(m: WorldMatch, name: string, tid: number) {
  const xi = m.xi.get(tid) ?? [];
  const id = m.pid.get(name)!;
  const ts = tallies(m);
  const bowled = ts.some((t) => t.bowlers.some((b) => b.id === id));
  const batted = ts.some((t) => t.batsmen.some((b) => b.id === id && b.balls > 0));
  const keeper = ts.some((t) => t.fielders.some((f) => f.id === id && f.stumping > 0));
  const role = keeper ? 'wk' : bowled && batted ? 'all' : bowled ? 'bowl' : 'bat';
  return {
    pid: id,
    title: name,
    short_name: name,
    first_name: '',
    last_name: '',
    middle_name: '',
    birthdate: '',
    birthplace: '',
    country: 'in',
    primary_team: [],
    thumb_url: '',
    logo_url: '',
    playing_role: role,
    batting_style: '',
    bowling_style: '',
    fielding_position: '',
    recent_match: 0,
    recent_appearance: 0,
    fantasy_player_rating: 8,
    role: xi.includes(name) ? role : 'squad',
  };
}

export function playersDoc(m: WorldMatch) {
  return [m.teama, m.teamb].flatMap((t) => (m.squad.get(t.tid) ?? []).map((n) => playerDoc(m, n, t.tid)));
}

/** "Match Scorecard API". */
export function scorecardDoc(w: World, m: WorldMatch) {
  const ts = tallies(m);
  const result = resultOf(m);
  const pom = statusCode(m) === 2 ? m.match.info.player_of_match?.[0] : undefined;
  return {
    ...matchDoc(w, m),
    winning_team_id: result.winning_team_id,
    current_over: '',
    previous_over: '',
    man_of_the_match: pom ? { pid: m.pid.get(pom), name: pom, thumb_url: '' } : '',
    man_of_the_series: '',
    is_followon: 0,
    team_batting_first: '',
    team_batting_second: '',
    last_five_overs: '',
    live_inning_number: ts.length,
    innings: ts.map((t) => inningsDoc(t)),
    players: playersDoc(m),
  };
}

function inningsDoc(t: Tally) {
  const id = (v: number | null | undefined) => (v == null ? '' : String(v));
  return {
    iid: 90000 + t.number,
    number: t.number,
    name: `${t.batting.title} inning`,
    short_name: `${t.batting.abbr} inn.`,
    status: 2,
    result: t.wickets === 10 ? 1 : 0,
    batting_team_id: t.batting.tid,
    fielding_team_id: t.fielding.tid,
    scores: `${t.runs}/${t.wickets}`,
    scores_full: `${t.runs}/${t.wickets} (${oversText(t.legal)} ov)`,
    batsmen: t.batsmen.map((b) => ({
      batsman_id: String(b.id),
      batting: b.dismissal === '' ? 'true' : 'false',
      position: '',
      role: 'bat',
      role_str: '',
      runs: String(b.runs),
      balls_faced: String(b.balls),
      fours: String(b.fours),
      sixes: String(b.sixes),
      run0: String(b.dots),
      run1: String(b.ones),
      run2: String(b.twos),
      run3: String(b.threes),
      run5: String(b.fives),
      how_out: b.howOut,
      dismissal: b.dismissal,
      strike_rate: b.balls ? ((100 * b.runs) / b.balls).toFixed(2) : '0.00',
      bowler_id: id(b.bowler),
      first_fielder_id: id(b.fielders[0]),
      second_fielder_id: id(b.fielders[1]),
      third_fielder_id: id(b.fielders[2]),
    })),
    bowlers: t.bowlers.map((b) => ({
      bowler_id: String(b.id),
      bowling: 'false',
      position: '',
      overs: oversText(b.legal),
      maidens: String(b.maidens),
      runs_conceded: String(b.runs),
      wickets: String(b.wickets),
      noballs: String(b.noballs),
      wides: String(b.wides),
      econ: b.legal ? ((6 * b.runs) / b.legal).toFixed(2) : '0.00',
      run0: String(b.dots),
    })),
    fielder: t.fielders.map((f) => ({
      fielder_id: String(f.id),
      fielder_name: f.name,
      catches: f.catches,
      runout_thrower: f.thrower,
      runout_catcher: f.catcher,
      runout_direct_hit: f.direct,
      stumping: f.stumping,
      is_substitute: f.substitute ? 'true' : 'false',
    })),
    fows: t.fows.map((f) => ({
      batsman_id: String(f.batsman.id),
      runs: String(f.batsman.runs),
      balls: String(f.batsman.balls),
      how_out: f.batsman.howOut,
      score_at_dismissal: f.score,
      overs_at_dismissal: f.overs,
      bowler_id: id(f.batsman.bowler),
      dismissal: f.batsman.dismissal,
      number: f.number,
    })),
    extra_runs: {
      ...t.extras,
      penalty: t.extras.penalty || '',
      total: Object.values(t.extras).reduce((a, b) => a + b, 0),
    },
    equations: {
      runs: t.runs,
      wickets: t.wickets,
      overs: oversText(t.legal),
      bowlers_used: t.bowlers.length,
      runrate: t.legal ? ((6 * t.runs) / t.legal).toFixed(2) : '0.00',
    },
  };
}

/** "Match Innings Commentary API" for innings `number` (1-based). */
export function commentaryDoc(m: WorldMatch, number: number) {
  const t = tallies(m).find((x) => x.number === number);
  if (!t) return null;
  const inn = inningsDoc(t);
  return {
    match: { status: statusCode(m), game_state: statusCode(m) === 3 ? 3 : 0 },
    inning: {
      ...inn,
      batsmen: inn.batsmen.map(
        ({ batsman_id, role, role_str, runs, balls_faced, fours, sixes, how_out, dismissal, strike_rate }) => ({
          batsman_id,
          role,
          role_str,
          runs,
          balls_faced,
          fours,
          sixes,
          how_out,
          dismissal,
          strike_rate,
        }),
      ),
      bowlers: inn.bowlers.map(({ bowler_id, overs, maidens, runs_conceded, wickets, noballs, wides, econ }) => ({
        bowler_id,
        overs,
        maidens,
        runs_conceded,
        wickets,
        noballs,
        wides,
        econ,
      })),
      fielder: undefined,
      fows: undefined,
      extra_runs: undefined,
      equations: undefined,
    },
    commentaries: t.events,
    teams: [m.teama, m.teamb].map(teamDoc),
    players: playersDoc(m),
  };
}

export function teamDoc(t: WorldTeam) {
  return {
    tid: t.tid,
    title: t.title,
    abbr: t.abbr,
    thumb_url: '',
    logo_url: '',
    type: 'club',
    country: 'in',
    alt_name: t.title,
  };
}

/** "Match Squads API". */
export function matchSquadsDoc(m: WorldMatch) {
  const team = (t: WorldTeam) => ({
    team_id: t.tid,
    squads: (m.squad.get(t.tid) ?? []).map((name) => {
      const p = playerDoc(m, name, t.tid);
      const playing = (m.xi.get(t.tid) ?? []).includes(name);
      return { player_id: String(p.pid), role: p.role, role_str: '', playing11: playing ? 'true' : 'false' };
    }),
  });
  return {
    teama: team(m.teama),
    teamb: team(m.teamb),
    teams: [m.teama, m.teamb].map(teamDoc),
    players: playersDoc(m).map(({ role: _role, ...p }) => p),
  };
}

/** "Competition Squads API" (squad_type per_team: every match's squad of a team, once). */
export function competitionSquadsDoc(w: World) {
  const byTeam = new Map<number, Map<number, ReturnType<typeof playerDoc>>>();
  for (const m of w.matches.values()) {
    for (const t of [m.teama, m.teamb]) {
      const players = byTeam.get(t.tid) ?? new Map();
      for (const name of m.squad.get(t.tid) ?? []) {
        const { role: _role, ...p } = playerDoc(m, name, t.tid);
        players.set(p.pid, p);
      }
      byTeam.set(t.tid, players);
    }
  }
  return {
    squad_type: 'per_team',
    squads: [...w.teams.values()].map((t) => ({
      team_id: String(t.tid),
      title: `${t.title} Squad`,
      mid: '',
      players: [...(byTeam.get(t.tid)?.values() ?? [])],
      team: teamDoc(t),
    })),
  };
}
