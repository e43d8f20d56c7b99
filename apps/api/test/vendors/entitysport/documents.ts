import { oversText, type Tally, tallies } from './tally';
import { statusCode, type World, type WorldMatch, type WorldTeam } from './world';

/**
 * The answers of Entity Sport's Cricket API v2 for the local server, written as its documentation
 * shows them (entitysport/slate source/index.html.md; the fixtures in ./fixtures/ cite each field):
 * numbers as strings where the examples write them so, ids as the examples give them. Built from
 * the balls of a match published so far, so a match can be followed ball by ball.
 *
 * The balls themselves are tallied by ./tally.ts.
 */

const ordinal = (n: number) => {
  const s =
    n % 100 >= 11 && n % 100 <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${s}`;
};
const stamp = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');

export function subtitleOf(m: WorldMatch): string {
  const ev = m.match.info.event ?? {};
  if (ev.match_number !== undefined) return `${ordinal(ev.match_number)} Match`;
  return ev.stage ?? '';
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
