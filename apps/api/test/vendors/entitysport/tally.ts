import type { CricsheetDelivery } from '../../../src/cricket/import/cricsheet-format';
import type { WorldBall, WorldMatch, WorldTeam } from './world';

/**
 * The balls of a match published so far, tallied the way Entity Sport's scorecard and commentary show
 * them (./documents.ts writes the answers from these): batting order, figures, how out, fielders,
 * fall of wickets, extras, and the commentary events ball by ball.
 *
 * A ball's `score` is written as the documentation's examples do (an integer, "w", "1lb") and, for
 * the extras they do not show, by the same pattern ("1wd", "1nb+4", "2b"): the provider's reading of
 * that field (src/vendors/entitysport/balls.ts).
 */

export const oversText = (legal: number) =>
  legal % 6 === 0 ? String(legal / 6) : `${Math.floor(legal / 6)}.${legal % 6}`;

const BOWLER_KINDS = new Set(['bowled', 'caught', 'caught and bowled', 'lbw', 'stumped', 'hit wicket']);
const NOT_OUT = new Set(['retired hurt', 'retired not out']);

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

export interface Bat {
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
export interface Bowl {
  id: number;
  legal: number;
  maidens: number;
  runs: number;
  wickets: number;
  noballs: number;
  wides: number;
  dots: number;
}
export interface Field {
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
