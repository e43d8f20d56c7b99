import type {
  CricsheetDelivery,
  CricsheetInnings,
  CricsheetMatch,
  CricsheetOutcome,
  CricsheetWicket,
} from '../cricket/import/cricsheet-format';
import { Rng } from './prng';

/**
 * A deterministic ball-by-ball T20 simulator that writes Cricsheet JSON, so demo results go through
 * the same importer as real data. Same input and seed, same match.
 */

export interface DemoPlayer {
  id: string;
  name: string;
  position: 'Batsman' | 'Bowler' | 'Wicketkeeper' | 'Allrounder';
  /** 0-100 skill ratings. */
  batting: number;
  bowling: number;
  style?: 'pace' | 'spin';
}
export interface DemoTeam {
  name: string;
  code: string;
  city: string;
  venue: string;
  players: DemoPlayer[];
}
export interface SimulateInput {
  competition: string;
  season: string;
  matchNumber: number;
  /** UTC date of the start, YYYY-MM-DD. */
  date: string;
  home: DemoTeam;
  away: DemoTeam;
  seed: string;
}

type Phase = 'powerplay' | 'middle' | 'death';

interface Side {
  team: DemoTeam;
  /** Batting order. */
  xi: DemoPlayer[];
  keeper: DemoPlayer;
}

export function simulateMatch(input: SimulateInput): CricsheetMatch {
  const rng = new Rng(input.seed);
  const home = pickSide(input.home, rng);
  const away = pickSide(input.away, rng);
  const tossWinner = rng.chance(0.5) ? home : away;
  const decision = rng.chance(0.65) ? 'field' : 'bat';
  const first = decision === 'bat' ? tossWinner : tossWinner === home ? away : home;
  const second = first === home ? away : home;

  const inn1 = playInnings(first, second, rng, { overs: 20, maxWickets: 10, target: null });
  const inn2 = playInnings(second, first, rng, { overs: 20, maxWickets: 10, target: inn1.runs + 1 });
  const innings: CricsheetInnings[] = [inn1.json, inn2.json];

  let outcome: CricsheetOutcome;
  let winner: Side | null;
  if (inn1.runs > inn2.runs) {
    winner = first;
    outcome = { winner: first.team.name, by: { runs: inn1.runs - inn2.runs } };
  } else if (inn2.runs > inn1.runs) {
    winner = second;
    outcome = { winner: second.team.name, by: { wickets: 10 - inn2.wickets } };
  } else {
    // Tie: super overs until one is won; the side batting second bats first in the super over.
    winner = null;
    for (let round = 0; round < 10 && !winner; round++) {
      const a = round % 2 === 0 ? second : first;
      const b = a === first ? second : first;
      const soA = playInnings(superOverSide(a), b, rng, { overs: 1, maxWickets: 2, target: null, superOver: true });
      const soB = playInnings(superOverSide(b), a, rng, {
        overs: 1,
        maxWickets: 2,
        target: soA.runs + 1,
        superOver: true,
      });
      innings.push(soA.json, soB.json);
      if (soA.runs !== soB.runs) winner = soA.runs > soB.runs ? a : b;
    }
    winner ??= rng.chance(0.5) ? first : second;
    outcome = { result: 'tie', eliminator: winner.team.name };
  }

  const pom = playerOfTheMatch(winner, innings);
  const people: Record<string, string> = {};
  for (const p of [...home.xi, ...away.xi]) people[p.name] = p.id;
  return {
    meta: { data_version: '1.1.0', created: input.date, revision: 1 },
    info: {
      balls_per_over: 6,
      city: input.home.city,
      dates: [input.date],
      event: { name: input.competition, match_number: input.matchNumber },
      outcome,
      player_of_match: [pom],
      players: { [home.team.name]: home.xi.map((p) => p.name), [away.team.name]: away.xi.map((p) => p.name) },
      registry: { people },
      season: input.season,
      teams: [home.team.name, away.team.name],
      toss: { winner: tossWinner.team.name, decision },
      venue: input.home.venue,
    },
    innings,
  };
}

/** A playing XI: a keeper, four batsmen, two allrounders and four bowlers, in batting order. */
function pickSide(team: DemoTeam, rng: Rng): Side {
  const by = (pos: DemoPlayer['position']) => team.players.filter((p) => p.position === pos);
  const choose = (pool: DemoPlayer[], n: number, key: (p: DemoPlayer) => number) => {
    // Mostly the best, sometimes a rotation: drop weaker players with higher probability.
    const ranked = [...pool].sort((a, b) => key(b) - key(a));
    while (ranked.length > n) {
      const weights = ranked.map((_, i) => 1 + i * 2);
      ranked.splice(rng.weighted(weights), 1);
    }
    return ranked;
  };
  const keeper = choose(by('Wicketkeeper'), 1, (p) => p.batting)[0]!;
  const batsmen = choose(by('Batsman'), 4, (p) => p.batting);
  const allrounders = choose(by('Allrounder'), 2, (p) => p.batting + p.bowling);
  const bowlers = choose(by('Bowler'), 4, (p) => p.bowling);
  const top = [keeper, ...batsmen].sort((a, b) => b.batting - a.batting);
  // The keeper often opens or bats at three; shuffle the top order a little.
  if (rng.chance(0.3)) [top[0], top[1]] = [top[1]!, top[0]!];
  const xi = [
    ...top,
    ...allrounders.sort((a, b) => b.batting - a.batting),
    ...bowlers.sort((a, b) => b.batting - a.batting),
  ];
  return { team, xi, keeper };
}

function superOverSide(side: Side): Side {
  const batters = [...side.xi].sort((a, b) => b.batting - a.batting).slice(0, 3);
  return { ...side, xi: batters };
}

interface InningsOptions {
  overs: number;
  maxWickets: number;
  target: number | null;
  superOver?: boolean;
}

interface InningsResult {
  json: CricsheetInnings;
  runs: number;
  wickets: number;
}

function phaseOf(over: number, overs: number): Phase {
  if (overs === 1) return 'death';
  return over < 6 ? 'powerplay' : over < 15 ? 'middle' : 'death';
}

/** Base weights for 0, 1, 2, 3, 4, 6 off the bat. */
const RUN_VALUES = [0, 1, 2, 3, 4, 6] as const;
const RUN_WEIGHTS: Record<Phase, number[]> = {
  powerplay: [44, 28, 6, 0.5, 15, 5],
  middle: [36, 42, 9, 0.5, 8.5, 4.5],
  death: [30, 34, 10, 0.5, 14, 10],
};

function playInnings(batting: Side, fielding: Side, rng: Rng, opt: InningsOptions): InningsResult {
  const order = batting.xi;
  let striker = 0;
  let nonStriker = 1;
  let nextIn = 2;
  const out = new Set<number>();
  let runs = 0;
  let wickets = 0;
  const overs: CricsheetInnings['overs'] = [];

  const bowlerPool = [...fielding.xi].filter((p) => p.bowling > 0).sort((a, b) => b.bowling - a.bowling);
  const main = opt.superOver ? bowlerPool.slice(0, 1) : bowlerPool.slice(0, 6);
  const quota = new Map(main.map((p) => [p.name, opt.superOver ? 1 : 4]));
  let lastBowler: string | null = null;
  const done = () => wickets >= opt.maxWickets || nextIn > order.length || (opt.target !== null && runs >= opt.target);

  for (let o = 0; o < opt.overs && !done(); o++) {
    const phase = phaseOf(o, opt.overs);
    const bowler = chooseBowler(main, quota, lastBowler, phase, rng, bowlerPool);
    quota.set(bowler.name, (quota.get(bowler.name) ?? 1) - 1);
    lastBowler = bowler.name;
    const deliveries: CricsheetDelivery[] = [];
    let legal = 0;
    while (legal < 6 && !done()) {
      const bat = order[striker]!;
      const d: CricsheetDelivery = {
        batter: bat.name,
        bowler: bowler.name,
        non_striker: order[nonStriker]!.name,
        runs: { batter: 0, extras: 0, total: 0 },
      };
      let ran = 0; // runs physically run (decides the strike)
      const r = rng.next();
      if (r < 0.032) {
        const wides = rng.chance(0.04) ? 5 : 1;
        d.extras = { wides };
        d.runs = { batter: 0, extras: wides, total: wides };
      } else if (r < 0.038) {
        const off = RUN_VALUES[rng.weighted(RUN_WEIGHTS[phase])]!;
        d.extras = { noballs: 1 };
        d.runs = { batter: off, extras: 1, total: off + 1 };
        ran = off === 4 || off === 6 ? 0 : off;
      } else {
        legal++;
        const skill = (bat.batting - bowler.bowling + 60) / 100;
        const pw = Math.min(
          0.14,
          Math.max(
            0.012,
            0.04 +
              (bowler.bowling - bat.batting) * 0.0006 +
              (phase === 'death' ? 0.015 : 0) +
              (opt.superOver ? 0.05 : 0),
          ),
        );
        if (rng.chance(pw)) {
          const w = wicketFor(bat, bowler, d, fielding, rng);
          const outIdx = w.player_out === bat.name ? striker : nonStriker;
          if (w.kind === 'run out' && rng.chance(0.5)) {
            d.runs = { batter: 1, extras: 0, total: 1 };
            ran = 1;
          }
          d.wickets = [w];
          out.add(outIdx);
          wickets++;
          if (ran % 2 === 1) [striker, nonStriker] = [nonStriker, striker];
          runs += d.runs.total;
          deliveries.push(d);
          // The new batter takes the dismissed batter's end.
          const incoming = nextIn++;
          if (incoming < order.length && wickets < opt.maxWickets) {
            if (outIdx === striker) striker = incoming;
            else nonStriker = incoming;
          }
          continue;
        }
        const weights = RUN_WEIGHTS[phase].map((wt, i) => {
          const v = RUN_VALUES[i]!;
          if (v === 4 || v === 6) return wt * (0.4 + skill);
          if (v === 0) return wt * (1.5 - skill * 0.6);
          return wt;
        });
        const off = RUN_VALUES[rng.weighted(weights)]!;
        if (off === 0 && rng.chance(0.05)) {
          const kind = rng.chance(0.7) ? 'legbyes' : 'byes';
          const n = rng.chance(0.1) ? 4 : 1;
          d.extras = { [kind]: n };
          d.runs = { batter: 0, extras: n, total: n };
          ran = n === 4 ? 0 : n;
        } else {
          d.runs = { batter: off, extras: 0, total: off };
          ran = off === 4 || off === 6 ? 0 : off;
        }
      }
      runs += d.runs.total;
      deliveries.push(d);
      if (ran % 2 === 1) [striker, nonStriker] = [nonStriker, striker];
    }
    overs.push({ over: o, deliveries });
    [striker, nonStriker] = [nonStriker, striker];
  }
  const json: CricsheetInnings = { team: batting.team.name, overs };
  if (opt.superOver) json.super_over = true;
  return { json, runs, wickets };
}

function chooseBowler(
  main: DemoPlayer[],
  quota: Map<string, number>,
  last: string | null,
  phase: Phase,
  rng: Rng,
  pool: DemoPlayer[],
): DemoPlayer {
  let candidates = main.filter((p) => (quota.get(p.name) ?? 0) > 0 && p.name !== last);
  if (candidates.length === 0) candidates = pool.filter((p) => p.name !== last);
  if (candidates.length === 0) candidates = pool;
  const weights = candidates.map((p) => {
    const fit =
      p.style === 'spin' ? { powerplay: 0.5, middle: 1.6, death: 0.5 } : { powerplay: 1.4, middle: 0.8, death: 1.4 };
    // Bowlers with many overs left should be used: weight by remaining quota too.
    return (p.bowling / 50) ** 2 * fit[phase] * (quota.get(p.name) ?? 0.3);
  });
  return candidates[rng.weighted(weights)]!;
}

function wicketFor(
  bat: DemoPlayer,
  bowler: DemoPlayer,
  d: CricsheetDelivery,
  fielding: Side,
  rng: Rng,
): CricsheetWicket {
  const spin = bowler.style === 'spin';
  const kinds = ['caught', 'bowled', 'lbw', 'run out', 'stumped', 'caught and bowled', 'hit wicket'] as const;
  const kind = kinds[rng.weighted([60, 15, 11, 6, spin ? 5 : 0, 3, 0.5])]!;
  const others = fielding.xi.filter((p) => p.name !== bowler.name);
  switch (kind) {
    case 'caught': {
      const catcher = !spin && rng.chance(0.2) ? fielding.keeper : rng.pick(others);
      return { player_out: bat.name, kind, fielders: [{ name: catcher.name }] };
    }
    case 'stumped':
      return { player_out: bat.name, kind, fielders: [{ name: fielding.keeper.name }] };
    case 'run out': {
      const victim = rng.chance(0.7) ? bat.name : d.non_striker;
      const first = rng.pick(others);
      const fielders = [{ name: first.name }];
      if (rng.chance(0.35)) {
        const second = rng.chance(0.6) ? fielding.keeper : bowler;
        if (second.name !== first.name) fielders.push({ name: second.name });
      }
      return { player_out: victim, kind, fielders };
    }
    default:
      return { player_out: bat.name, kind };
  }
}

/** The best all-round performance (runs, wickets, catches) on the winning side. */
function playerOfTheMatch(winner: Side, innings: CricsheetInnings[]): string {
  const score = new Map<string, number>();
  const add = (name: string, n: number) => score.set(name, (score.get(name) ?? 0) + n);
  for (const inn of innings) {
    if (inn.super_over) continue;
    for (const o of inn.overs) {
      for (const d of o.deliveries) {
        add(d.batter, d.runs.batter);
        for (const w of d.wickets ?? []) {
          if (w.kind !== 'run out') add(d.bowler, 22);
          for (const f of w.fielders ?? []) add(f.name, 6);
        }
      }
    }
  }
  let best = winner.xi[0]!.name;
  for (const p of winner.xi) if ((score.get(p.name) ?? 0) > (score.get(best) ?? 0)) best = p.name;
  return best;
}
