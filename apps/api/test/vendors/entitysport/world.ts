import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CricsheetDelivery, CricsheetMatch } from '../../../src/cricket/import/cricsheet-format';
import { validateCricsheetMatch } from '../../../src/cricket/import/cricsheet-format';
import { IPL_2024_DIR } from '../../cricket/builder';
import { TEAM_CODES } from '../../../src/cricket/teams';

/**
 * The world the local Entity Sport server answers from: a season of Cricsheet matches, with the ids
 * Entity Sport would give them. A player's `pid` is their Cricsheet registry id read as a hex number
 * (so a test can map back), a match's `match_id` is its Cricsheet id, team ids are those the
 * documentation lists for the IPL ("T20 Cricket League Teams ID") where the team is there.
 *
 * Each match can be played out ball by ball (`revealed`), its playing XI changed, a ball corrected;
 * the documents themselves are written by ./documents.ts.
 */

/** "T20 Cricket League Teams ID" → "Indian Premier League Teams (India)", by today's names; the rest get new ids. */
const TEAM_IDS: Record<string, number> = {
  'Chennai Super Kings': 610,
  'Delhi Capitals': 612,
  'Punjab Kings': 627,
  'Kolkata Knight Riders': 591,
  'Mumbai Indians': 593,
  'Rajasthan Royals': 629,
  'Royal Challengers Bengaluru': 646,
  'Sunrisers Hyderabad': 658,
  'Gujarat Titans': 900101,
  'Lucknow Super Giants': 900102,
};

export interface WorldTeam {
  tid: number;
  title: string;
  abbr: string;
}

export interface WorldBall {
  /** Index of the innings in the Cricsheet file. */
  innings: number;
  over: number;
  delivery: CricsheetDelivery;
}

export interface WorldMatch {
  mid: number;
  /** The Cricsheet match (after any change a scenario made). */
  match: CricsheetMatch;
  teama: WorldTeam;
  teamb: WorldTeam;
  /** Name in this match → pid. */
  pid: Map<string, number>;
  /** The squad of each team (tid → names): the listed players, then substitute fielders. */
  squad: Map<number, string[]>;
  /** The announced XI of each team (tid → names): the first eleven listed. */
  xi: Map<number, string[]>;
  balls: WorldBall[];
  /** Balls the vendor has published (all once the match is over). */
  revealed: number;
  /** Status code ("Match status Codes"); by default 2 when every ball is out, 3 while some are, 1 before. */
  statusOverride?: 1 | 2 | 3 | 4;
  /** Start (unix seconds). */
  start: number;
  /** Bumped on every change, for the documents' `modified`. */
  version: number;
}

export interface World {
  cid: number;
  title: string;
  season: string;
  teams: Map<string, WorldTeam>;
  matches: Map<number, WorldMatch>;
}

/** The vendor's short name: the franchise's usual code (Entity Sport answers "PBKS", not "PK"), else initials. */
function abbr(name: string): string {
  const known = TEAM_CODES[name];
  if (known) return known;
  return name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .toUpperCase();
}

/** A Cricsheet registry id ("ba607b88") as an Entity Sport pid. */
export function pidOf(registryId: string): number {
  return Number.parseInt(registryId, 16);
}

export function teamOf(world: World, name: string): WorldTeam {
  let t = world.teams.get(name);
  if (!t) {
    t = { tid: TEAM_IDS[name] ?? 900000 + world.teams.size, title: name, abbr: abbr(name) };
    world.teams.set(name, t);
  }
  return t;
}

export function emptyWorld(): World {
  return { cid: 128471, title: 'Indian Premier League', season: '2024', teams: new Map(), matches: new Map() };
}

/** Adds (or replaces) a match from its Cricsheet JSON. */
export function addMatch(world: World, mid: number, json: unknown): WorldMatch {
  const match = validateCricsheetMatch(json, `${mid}.json`);
  const info = match.info;
  const [a, b] = [teamOf(world, info.teams[0]!), teamOf(world, info.teams[1]!)];
  const pid = new Map(Object.entries(info.registry.people).map(([name, id]) => [name, pidOf(id)]));
  const squad = new Map<number, string[]>();
  const xi = new Map<number, string[]>();
  for (const t of [a, b]) {
    const listed = info.players[t.title] ?? [];
    squad.set(t.tid, [...listed]);
    xi.set(t.tid, listed.slice(0, 11));
  }
  const balls: WorldBall[] = [];
  match.innings.forEach((inn, ii) => {
    const fielding = inn.team === a.title ? b : a;
    for (const o of inn.overs) {
      for (const d of o.deliveries) {
        balls.push({ innings: ii, over: o.over, delivery: d });
        for (const w of d.wickets ?? []) {
          for (const f of w.fielders ?? []) {
            const list = squad.get(fielding.tid)!;
            if (!list.includes(f.name)) list.push(f.name);
          }
        }
      }
    }
  });
  const start = Math.floor(Date.parse(`${info.dates[0]}T14:00:00Z`) / 1000);
  const m: WorldMatch = {
    mid,
    match,
    teama: a,
    teamb: b,
    pid,
    squad,
    xi,
    balls,
    revealed: balls.length,
    start,
    version: 1,
  };
  world.matches.set(mid, m);
  return m;
}

/** The Cricsheet files of the season (or the first `limit`), by match id. */
export function cricsheetFiles(limit?: number): { mid: number; json: unknown }[] {
  const names = readdirSync(IPL_2024_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort();
  return names.slice(0, limit ?? names.length).map((f) => ({
    mid: Number(f.replace(/\.json$/, '')),
    json: JSON.parse(readFileSync(join(IPL_2024_DIR, f), 'utf8')) as unknown,
  }));
}

export function seasonWorld(limit?: number): World {
  const world = emptyWorld();
  for (const { mid, json } of cricsheetFiles(limit)) addMatch(world, mid, json);
  return world;
}

/** A match's status code now. */
export function statusCode(m: WorldMatch): 1 | 2 | 3 | 4 {
  if (m.statusOverride !== undefined) return m.statusOverride;
  if (m.revealed === 0) return 1;
  return m.revealed >= m.balls.length ? 2 : 3;
}

export function cricsheetPath(mid: number): string {
  return join(IPL_2024_DIR, `${mid}.json`);
}
