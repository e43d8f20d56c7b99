import { importedName, type NameField, quoted } from './names';
/**
 * The part of the Cricsheet JSON format (https://cricsheet.org/format/json/) that we read, and a
 * validator that turns unknown JSON into it or throws a CricsheetFormatError naming the file and path.
 */

export interface CricsheetFielder {
  name: string;
  substitute?: boolean;
}
export interface CricsheetWicket {
  player_out: string;
  kind: string;
  fielders?: CricsheetFielder[];
}
export interface CricsheetDelivery {
  batter: string;
  bowler: string;
  non_striker: string;
  runs: { batter: number; extras: number; total: number; non_boundary?: boolean };
  extras?: { wides?: number; noballs?: number; byes?: number; legbyes?: number; penalty?: number };
  wickets?: CricsheetWicket[];
}
export interface CricsheetOver {
  over: number;
  deliveries: CricsheetDelivery[];
}
export interface CricsheetInnings {
  team: string;
  overs: CricsheetOver[];
  super_over?: boolean;
}
export interface CricsheetOutcome {
  winner?: string;
  by?: { runs?: number; wickets?: number; innings?: number };
  method?: string;
  result?: string;
  eliminator?: string;
  bowl_out?: string;
}
export interface CricsheetInfo {
  balls_per_over?: number;
  city?: string;
  dates: string[];
  event?: { name?: string; match_number?: number; stage?: string; group?: string };
  outcome: CricsheetOutcome;
  player_of_match?: string[];
  players: Record<string, string[]>;
  registry: { people: Record<string, string> };
  season: string | number;
  teams: string[];
  toss?: { winner?: string; decision?: string };
  venue?: string;
}
export interface CricsheetMatch {
  meta?: { data_version?: string; created?: string; revision?: number };
  info: CricsheetInfo;
  innings: CricsheetInnings[];
}

export class CricsheetFormatError extends Error {
  constructor(
    readonly source: string,
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${source}: ${path}: ${problem}`);
    this.name = 'CricsheetFormatError';
  }
}

type Obj = Record<string, unknown>;

class Checker {
  /** Names already checked, by field: a match repeats its few dozen names on every ball. */
  private readonly names = new Set<string>();
  constructor(private readonly source: string) {}

  fail(path: string, problem: string): never {
    throw new CricsheetFormatError(this.source, path, problem);
  }
  obj(v: unknown, path: string): Obj {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) this.fail(path, 'expected an object');
    return v as Obj;
  }
  arr(v: unknown, path: string): unknown[] {
    if (!Array.isArray(v)) this.fail(path, 'expected an array');
    return v;
  }
  str(v: unknown, path: string): string {
    if (typeof v !== 'string' || v.trim() === '') this.fail(path, 'expected a non-empty string');
    return v;
  }
  optStr(v: unknown, path: string): string | undefined {
    return v === undefined ? undefined : this.str(v, path);
  }
  count(v: unknown, path: string): number {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) this.fail(path, 'expected a non-negative integer');
    return v;
  }
  optCount(v: unknown, path: string): number | undefined {
    return v === undefined ? undefined : this.count(v, path);
  }
  strList(v: unknown, path: string): string[] {
    return this.arr(v, path).map((x, i) => this.str(x, `${path}[${i}]`));
  }
  /** A name (team, player, venue…) by the one name rule (./names.ts); returned as written, the parser normalises. */
  name(v: unknown, path: string, field: NameField): string {
    const text = this.str(v, path);
    const key = `${field}\u0000${text}`;
    if (this.names.has(key)) return text;
    try {
      importedName(field, text);
    } catch (e) {
      this.fail(path, (e as Error).message);
    }
    this.names.add(key);
    return text;
  }
  optName(v: unknown, path: string, field: NameField): string | undefined {
    return v === undefined ? undefined : this.name(v, path, field);
  }
  nameList(v: unknown, path: string, field: NameField): string[] {
    return this.arr(v, path).map((x, i) => this.name(x, `${path}[${i}]`, field));
  }
}

/** Validates the shape of a Cricsheet match and returns it typed (only the fields we use are checked). */
export function validateCricsheetMatch(json: unknown, source: string): CricsheetMatch {
  const c = new Checker(source);
  const root = c.obj(json, '$');
  const info = c.obj(root.info, 'info');

  const dates = c.strList(info.dates, 'info.dates');
  if (dates.length === 0) c.fail('info.dates', 'expected at least one date');
  dates.forEach((d, i) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) c.fail(`info.dates[${i}]`, `expected YYYY-MM-DD, got ${quoted(d)}`);
  });
  // Every name is checked (./names.ts) before any message quotes it.
  const teams = c.nameList(info.teams, 'info.teams', 'Team name');
  if (teams.length !== 2 || importedName('Team name', teams[0]!) === importedName('Team name', teams[1]!)) {
    c.fail('info.teams', 'expected two different team names');
  }
  if (typeof info.season !== 'string' && typeof info.season !== 'number') c.fail('info.season', 'expected a string');
  if (typeof info.season === 'string') c.name(info.season, 'info.season', 'Season');

  const playersObj = c.obj(info.players, 'info.players');
  const players: Record<string, string[]> = {};
  for (const team of teams) {
    if (!(team in playersObj)) c.fail(`info.players`, `missing the players of "${team}"`);
    players[team] = c.nameList(playersObj[team], `info.players["${team}"]`, 'Player name');
  }
  const registry = c.obj(info.registry, 'info.registry');
  const peopleObj = c.obj(registry.people, 'info.registry.people');
  const people: Record<string, string> = {};
  for (const [i, [name, id]] of Object.entries(peopleObj).entries()) {
    c.name(name, `info.registry.people (name ${i + 1})`, 'Player name');
    people[name] = c.str(id, `info.registry.people["${name}"]`);
  }
  for (const team of teams) {
    players[team]?.forEach((p, i) => {
      if (!(p in people)) c.fail(`info.players["${team}"][${i}]`, `"${p}" has no id in info.registry.people`);
    });
  }

  const outcomeObj = c.obj(info.outcome, 'info.outcome');
  const outcome: CricsheetOutcome = {};
  if (outcomeObj.winner !== undefined) {
    outcome.winner = c.name(outcomeObj.winner, 'info.outcome.winner', 'Winner');
    if (!teams.includes(outcome.winner)) c.fail('info.outcome.winner', `"${outcome.winner}" is not one of info.teams`);
  }
  if (outcomeObj.by !== undefined) {
    const by = c.obj(outcomeObj.by, 'info.outcome.by');
    outcome.by = {};
    const runs = c.optCount(by.runs, 'info.outcome.by.runs');
    const wickets = c.optCount(by.wickets, 'info.outcome.by.wickets');
    const innings = c.optCount(by.innings, 'info.outcome.by.innings');
    if (runs !== undefined) outcome.by.runs = runs;
    if (wickets !== undefined) outcome.by.wickets = wickets;
    if (innings !== undefined) outcome.by.innings = innings;
  }
  for (const k of ['method', 'result', 'eliminator', 'bowl_out'] as const) {
    const field = k === 'method' ? 'Method' : k === 'result' ? 'Result' : 'Super over winner';
    const v = c.optName(outcomeObj[k], `info.outcome.${k}`, field);
    if (v !== undefined) outcome[k] = v;
  }
  for (const k of ['eliminator', 'bowl_out'] as const) {
    const v = outcome[k];
    if (v !== undefined && !teams.includes(v)) c.fail(`info.outcome.${k}`, `"${v}" is not one of info.teams`);
  }
  if (outcome.winner === undefined && outcome.result === undefined) {
    c.fail('info.outcome', 'expected a winner or a result');
  }

  const eventObj = info.event === undefined ? undefined : c.obj(info.event, 'info.event');
  const event: CricsheetInfo['event'] = {};
  if (eventObj) {
    const name = c.optName(eventObj.name, 'info.event.name', 'Competition');
    if (name !== undefined) event.name = name;
    const mn = c.optCount(eventObj.match_number, 'info.event.match_number');
    if (mn === 0) c.fail('info.event.match_number', 'expected a positive integer');
    if (mn !== undefined) event.match_number = mn;
    const stage = c.optName(eventObj.stage, 'info.event.stage', 'Stage');
    if (stage !== undefined) event.stage = stage;
  }

  const pom =
    info.player_of_match === undefined
      ? []
      : c.nameList(info.player_of_match, 'info.player_of_match', 'Player of the match');
  pom.forEach((p, i) => {
    if (!(p in people)) c.fail(`info.player_of_match[${i}]`, `"${p}" has no id in info.registry.people`);
  });

  const bpo = c.optCount(info.balls_per_over, 'info.balls_per_over');
  if (bpo === 0) c.fail('info.balls_per_over', 'expected a positive integer');
  let toss: CricsheetInfo['toss'];
  if (info.toss !== undefined) {
    const t = c.obj(info.toss, 'info.toss');
    toss = {};
    const winner = c.optName(t.winner, 'info.toss.winner', 'Team name');
    const decision = c.optName(t.decision, 'info.toss.decision', 'Toss decision');
    if (winner !== undefined) toss.winner = winner;
    if (decision !== undefined) toss.decision = decision;
  }

  const innings = c.arr(root.innings, 'innings').map((raw, ii): CricsheetInnings => {
    const p = `innings[${ii}]`;
    const inn = c.obj(raw, p);
    const team = c.name(inn.team, `${p}.team`, 'Team name');
    if (!teams.includes(team)) c.fail(`${p}.team`, `"${team}" is not one of info.teams`);
    const superOver = inn.super_over === undefined ? false : inn.super_over;
    if (typeof superOver !== 'boolean') c.fail(`${p}.super_over`, 'expected true or false');
    const overs = (inn.overs === undefined ? [] : c.arr(inn.overs, `${p}.overs`)).map((rawOver, oi): CricsheetOver => {
      const op = `${p}.overs[${oi}]`;
      const over = c.obj(rawOver, op);
      const deliveries = c
        .arr(over.deliveries, `${op}.deliveries`)
        .map((rawD, di) => validateDelivery(c, rawD, `${op}.deliveries[${di}]`, people));
      return { over: c.count(over.over, `${op}.over`), deliveries };
    });
    return { team, overs, ...(superOver ? { super_over: true } : {}) };
  });

  // Venue and city are optional: an empty one is left out, any other goes by the name rule.
  const place = (v: unknown, path: string, field: NameField) =>
    typeof v === 'string' && v.trim() !== '' ? c.name(v, path, field) : undefined;
  const city = place(info.city, 'info.city', 'City');
  const venue = place(info.venue, 'info.venue', 'Venue');

  return {
    info: {
      ...(bpo !== undefined ? { balls_per_over: bpo } : {}),
      ...(city !== undefined ? { city } : {}),
      dates,
      event,
      outcome,
      player_of_match: pom,
      players,
      registry: { people },
      season: String(info.season),
      teams,
      ...(toss ? { toss } : {}),
      ...(venue !== undefined ? { venue } : {}),
    },
    innings,
  };
}

function validateDelivery(c: Checker, raw: unknown, p: string, people: Record<string, string>): CricsheetDelivery {
  const d = c.obj(raw, p);
  const person = (v: unknown, path: string) => {
    const name = c.name(v, path, 'Player name');
    if (!(name in people)) c.fail(path, `"${name}" has no id in info.registry.people`);
    return name;
  };
  const runsObj = c.obj(d.runs, `${p}.runs`);
  const runs: CricsheetDelivery['runs'] = {
    batter: c.count(runsObj.batter, `${p}.runs.batter`),
    extras: c.count(runsObj.extras, `${p}.runs.extras`),
    total: c.count(runsObj.total, `${p}.runs.total`),
  };
  if (runs.total !== runs.batter + runs.extras) c.fail(`${p}.runs.total`, 'expected batter + extras');
  if (runsObj.non_boundary !== undefined) {
    if (typeof runsObj.non_boundary !== 'boolean') c.fail(`${p}.runs.non_boundary`, 'expected true or false');
    runs.non_boundary = runsObj.non_boundary;
  }
  const out: CricsheetDelivery = {
    batter: person(d.batter, `${p}.batter`),
    bowler: person(d.bowler, `${p}.bowler`),
    non_striker: person(d.non_striker, `${p}.non_striker`),
    runs,
  };
  if (d.extras !== undefined) {
    const e = c.obj(d.extras, `${p}.extras`);
    const extras: NonNullable<CricsheetDelivery['extras']> = {};
    let sum = 0;
    for (const k of ['wides', 'noballs', 'byes', 'legbyes', 'penalty'] as const) {
      const v = c.optCount(e[k], `${p}.extras.${k}`);
      if (v !== undefined) {
        extras[k] = v;
        sum += v;
      }
    }
    if (sum !== runs.extras) c.fail(`${p}.extras`, `extras add up to ${sum} but runs.extras is ${runs.extras}`);
    out.extras = extras;
  } else if (runs.extras !== 0) {
    c.fail(`${p}.runs.extras`, 'extras runs without an extras object');
  }
  if (d.wickets !== undefined) {
    out.wickets = c.arr(d.wickets, `${p}.wickets`).map((rawW, wi) => {
      const wp = `${p}.wickets[${wi}]`;
      const w = c.obj(rawW, wp);
      const wicket: CricsheetWicket = {
        player_out: person(w.player_out, `${wp}.player_out`),
        kind: c.name(w.kind, `${wp}.kind`, 'Dismissal'),
      };
      if (w.fielders !== undefined) {
        wicket.fielders = c.arr(w.fielders, `${wp}.fielders`).map((rawF, fi) => {
          const fp = `${wp}.fielders[${fi}]`;
          const f = c.obj(rawF, fp);
          const fielder: CricsheetFielder = { name: person(f.name, `${fp}.name`) };
          if (f.substitute !== undefined) {
            if (typeof f.substitute !== 'boolean') c.fail(`${fp}.substitute`, 'expected true or false');
            fielder.substitute = f.substitute;
          }
          return fielder;
        });
      }
      return wicket;
    });
  }
  return out;
}

/**
 * The fields of the Cricsheet JSON format (version 1.1.0, https://cricsheet.org/format/json/), read or
 * not: `true` accepts any value there, an object lists the known keys of an object (`'*'`: any key,
 * e.g. team and people names), `'[]'` the items of an array.
 */
type Known = true | { [key: string]: Known };
const ANY = true;
const KNOWN_FIELDS: Known = {
  meta: { data_version: ANY, created: ANY, revision: ANY },
  info: {
    balls_per_over: ANY,
    bowl_out: ANY,
    city: ANY,
    dates: ANY,
    event: { name: ANY, match_number: ANY, group: ANY, stage: ANY, sub_name: ANY },
    gender: ANY,
    match_type: ANY,
    match_type_number: ANY,
    missing: ANY,
    officials: { match_referees: ANY, reserve_umpires: ANY, tv_umpires: ANY, umpires: ANY },
    outcome: {
      by: { runs: ANY, wickets: ANY, innings: ANY },
      bowl_out: ANY,
      eliminator: ANY,
      method: ANY,
      result: ANY,
      winner: ANY,
    },
    overs: ANY,
    player_of_match: ANY,
    players: ANY,
    registry: { people: ANY },
    season: ANY,
    supersubs: ANY,
    team_type: ANY,
    teams: ANY,
    toss: { decision: ANY, winner: ANY, uncontested: ANY },
    venue: ANY,
  },
  innings: {
    '[]': {
      team: ANY,
      overs: {
        '[]': {
          over: ANY,
          deliveries: {
            '[]': {
              batter: ANY,
              bowler: ANY,
              non_striker: ANY,
              runs: { batter: ANY, extras: ANY, total: ANY, non_boundary: ANY },
              extras: { byes: ANY, legbyes: ANY, noballs: ANY, penalty: ANY, wides: ANY },
              wickets: { '[]': { player_out: ANY, kind: ANY, fielders: { '[]': { name: ANY, substitute: ANY } } } },
              replacements: {
                match: { '[]': { in: ANY, out: ANY, reason: ANY, team: ANY } },
                role: { '[]': { in: ANY, out: ANY, reason: ANY, role: ANY } },
              },
              review: { by: ANY, umpire: ANY, batter: ANY, decision: ANY, type: ANY, umpires_call: ANY },
            },
          },
        },
      },
      absent_hurt: ANY,
      penalty_runs: { pre: ANY, post: ANY },
      declared: ANY,
      forfeited: ANY,
      powerplays: { '[]': { from: ANY, to: ANY, type: ANY } },
      miscounted_overs: ANY,
      target: { overs: ANY, runs: ANY },
      super_over: ANY,
    },
  },
};

/**
 * The fields of a Cricsheet file that the format (`KNOWN_FIELDS`) does not have, each path once
 * (`innings[].overs[].deliveries[].spin`, array positions as `[]`), sorted. They are accepted and
 * ignored: the format grows, and the import reports them so that an operator sees it did.
 */
export function unknownCricsheetFields(json: unknown): string[] {
  const found = new Set<string>();
  const walk = (v: unknown, known: Known, path: string) => {
    if (known === true || typeof v !== 'object' || v === null) return;
    if (Array.isArray(v)) {
      const item = Object.hasOwn(known, '[]') ? known['[]'] : undefined;
      if (item !== undefined) for (const x of v) walk(x, item, `${path}[]`);
      return;
    }
    if (Object.hasOwn(known, '[]')) return; // an array expected: the validator reports the mismatch
    for (const [k, x] of Object.entries(v)) {
      const sub = Object.hasOwn(known, k) ? known[k] : Object.hasOwn(known, '*') ? known['*'] : undefined;
      // A key is quoted in reports: control and invisible characters are shown as escapes.
      const shown = k.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (ch) => `\\u{${ch.codePointAt(0)!.toString(16)}}`);
      const p = path ? `${path}.${shown}` : shown;
      if (sub === undefined) found.add(p);
      else walk(x, sub, p);
    }
  };
  walk(json, KNOWN_FIELDS, '');
  return [...found].sort();
}
