import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { POSITIONS } from '../../../src/cricket/catalogue';
import type { CricsheetMatch } from '../../../src/cricket/import/cricsheet-format';
import { parseCricsheetMatch } from '../../../src/cricket/import/parse';
import { inferPosition, loadPositionOverrides, type PlayerRecord } from '../../../src/cricket/import/positions';
import type { FixtureStatus } from '../../../src/vendors/sportmonks/schemas';

/**
 * What the local SportMonks server knows, built from the IPL 2024 Cricsheet files: one league, its
 * 2024 season, the ten teams, each team's squad (every player who played for it), and a fixture per
 * match with its lineup (the match's players), status, winner and man of the match. Records carry every field the vendor's
 * documented examples show (apps/api/test/vendors/sportmonks/fixtures/documented.ts), with values of
 * our own where Cricsheet has none (ids, images, countries).
 */

export const IPL_LEAGUE_ID = 1;
export const IPL_SEASON_ID = 1484;
/** A second league of the plan (docs: the free plan's Twenty20 International, id 3), with no teams. */
export const T20I_LEAGUE_ID = 3;
export const T20I_SEASON_ID = 1500;

const UPDATED = '2024-05-27T08:00:00.000000Z';

/** The teams' codes (the documented `code` field: 'PAK', 'MS'). */
const CODES: Record<string, string> = {
  'Chennai Super Kings': 'CSK',
  'Delhi Capitals': 'DC',
  'Gujarat Titans': 'GT',
  'Kolkata Knight Riders': 'KKR',
  'Lucknow Super Giants': 'LSG',
  'Mumbai Indians': 'MI',
  'Punjab Kings': 'PBKS',
  'Rajasthan Royals': 'RR',
  'Royal Challengers Bengaluru': 'RCB',
  'Sunrisers Hyderabad': 'SRH',
};

/** The three league matches washed out without a ball (no Cricsheet file): 63, 66 and 70. */
export const WASHED_OUT = [
  { id: 1426301, home: 'Gujarat Titans', away: 'Kolkata Knight Riders' },
  { id: 1426304, home: 'Sunrisers Hyderabad', away: 'Gujarat Titans' },
  { id: 1426308, home: 'Rajasthan Royals', away: 'Kolkata Knight Riders' },
] as const;

export interface SmPlayerRecord {
  resource: 'players';
  id: number;
  country_id: number;
  firstname: string;
  lastname: string;
  fullname: string;
  image_path: string;
  dateofbirth: string | null;
  gender: string;
  battingstyle: string | null;
  bowlingstyle: string | null;
  position: { resource: 'positions'; id: number; name: string };
  updated_at: string;
}

export interface SmTeamRecord {
  resource: 'teams';
  id: number;
  name: string;
  code: string;
  image_path: string;
  country_id: number;
  national_team: boolean;
  updated_at: string;
}

export interface WorldFixture {
  id: number;
  league_id: number;
  season_id: number;
  localteam_id: number;
  visitorteam_id: number;
  status: FixtureStatus;
  /** Player ids, home team's first. */
  lineup: number[];
  /** The `winnerteam` include's team (the Cricsheet file's outcome.winner), null when none. */
  winnerteam_id: number | null;
  /** The `manofmatch` include's player (the file's info.player_of_match), null when none. */
  manofmatch_id: number | null;
}

export interface World {
  leagues: Record<string, unknown>[];
  seasons: { resource: 'seasons'; id: number; league_id: number; name: string; code: string; updated_at: string }[];
  teams: Map<number, SmTeamRecord>;
  /** Squads by season id, then team id: player ids. */
  squads: Map<number, Map<number, number[]>>;
  players: Map<number, SmPlayerRecord>;
  fixtures: Map<number, WorldFixture>;
  /** Cricsheet registry id → SportMonks player id, and back. */
  playerIdOf: Map<string, number>;
  cricsheetIdOf: Map<number, string>;
  teamIdOf: Map<string, number>;
  /** The Cricsheet matches by fixture id. */
  matches: Map<number, CricsheetMatch>;
}

export function loadMatches(dir: string): Map<number, CricsheetMatch> {
  const out = new Map<number, CricsheetMatch>();
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    out.set(Number(f.replace(/\.json$/, '')), JSON.parse(readFileSync(join(dir, f), 'utf8')) as CricsheetMatch);
  }
  return out;
}

export function buildWorld(dir: string): World {
  const matches = loadMatches(dir);
  const teamNames = [...new Set([...matches.values()].flatMap((m) => m.info.teams))].sort();
  const teamIdOf = new Map(teamNames.map((n, i) => [n, 10 + i]));
  const teams = new Map<number, SmTeamRecord>();
  for (const [name, id] of teamIdOf) {
    teams.set(id, {
      resource: 'teams',
      id,
      name,
      code: CODES[name] ?? name.slice(0, 3).toUpperCase(),
      image_path: `https://cdn.sportmonks.com/images/cricket/teams/${id}/${id}.png`,
      country_id: 153732,
      national_team: false,
      updated_at: UPDATED,
    });
  }

  // Players: everyone listed for a team in a match, with their records over the season.
  const names = new Map<string, string>();
  const teamOf = new Map<string, string>();
  const records = new Map<string, PlayerRecord>();
  for (const [id, m] of matches) {
    for (const team of m.info.teams) {
      for (const name of m.info.players[team] ?? []) {
        const cid = m.info.registry.people[name]!;
        names.set(cid, name);
        teamOf.set(cid, team);
      }
    }
    for (const l of parseCricsheetMatch(m, `${id}.json`).lines) {
      if (!l.didPlay) continue;
      const r = records.get(l.cricsheetId) ?? emptyRecord();
      r.matches += 1;
      if (l.ballsBowled > 0) r.bowledMatches += 1;
      r.ballsBowled += l.ballsBowled;
      if (l.battingPosition !== null) {
        r.battedMatches += 1;
        r.battingPositionSum += l.battingPosition;
      }
      r.stumpings += l.stumpings;
      records.set(l.cricsheetId, r);
    }
  }
  const cricsheetIds = [...names.keys()].sort();
  const playerIdOf = new Map(cricsheetIds.map((c, i) => [c, 1000 + i]));
  const cricsheetIdOf = new Map(cricsheetIds.map((c, i) => [1000 + i, c]));
  const players = new Map<number, SmPlayerRecord>();
  // Positions as the app infers them from the season, corrected by its overrides (keepers who did not stump).
  const overrides = loadPositionOverrides();
  const squad = new Map<number, number[]>();
  for (const cid of cricsheetIds) {
    const id = playerIdOf.get(cid)!;
    const fullname = names.get(cid)!;
    const positionId = overrides.get(cid)?.position ?? inferPosition(records.get(cid) ?? emptyRecord());
    const [first, ...rest] = fullname.split(' ');
    players.set(id, {
      resource: 'players',
      id,
      country_id: 153732,
      firstname: rest.length > 0 ? first! : '',
      lastname: rest.length > 0 ? rest.join(' ') : first!,
      fullname,
      image_path: `https://cdn.sportmonks.com/images/cricket/players/${id % 32}/${id}.png`,
      dateofbirth: null,
      gender: 'm',
      battingstyle: null,
      bowlingstyle: null,
      position: { resource: 'positions', id: positionId, name: POSITIONS.find((p) => p.id === positionId)!.name },
      updated_at: UPDATED,
    });
    const teamId = teamIdOf.get(teamOf.get(cid)!)!;
    squad.set(teamId, [...(squad.get(teamId) ?? []), id]);
  }

  const fixtures = new Map<number, WorldFixture>();
  for (const [id, m] of matches) {
    const [home, away] = m.info.teams as [string, string];
    const pom = m.info.player_of_match?.[0];
    fixtures.set(id, {
      id,
      league_id: IPL_LEAGUE_ID,
      season_id: IPL_SEASON_ID,
      localteam_id: teamIdOf.get(home)!,
      visitorteam_id: teamIdOf.get(away)!,
      status: 'Finished',
      lineup: [home, away].flatMap((t) =>
        (m.info.players[t] ?? []).map((n) => playerIdOf.get(m.info.registry.people[n]!)!),
      ),
      winnerteam_id: m.info.outcome.winner ? teamIdOf.get(m.info.outcome.winner)! : null,
      manofmatch_id: pom ? playerIdOf.get(m.info.registry.people[pom]!)! : null,
    });
  }
  for (const w of WASHED_OUT) {
    fixtures.set(w.id, {
      id: w.id,
      league_id: IPL_LEAGUE_ID,
      season_id: IPL_SEASON_ID,
      localteam_id: teamIdOf.get(w.home)!,
      visitorteam_id: teamIdOf.get(w.away)!,
      status: 'Aban.',
      lineup: [],
      winnerteam_id: null,
      manofmatch_id: null,
    });
  }

  return {
    leagues: [
      league(IPL_LEAGUE_ID, IPL_SEASON_ID, 'Indian Premier League', 'IPL'),
      league(T20I_LEAGUE_ID, T20I_SEASON_ID, 'Twenty20 International', 'T20I'),
    ],
    seasons: [
      {
        resource: 'seasons',
        id: IPL_SEASON_ID,
        league_id: IPL_LEAGUE_ID,
        name: '2024',
        code: '2024',
        updated_at: UPDATED,
      },
      {
        resource: 'seasons',
        id: T20I_SEASON_ID,
        league_id: T20I_LEAGUE_ID,
        name: '2024',
        code: '2024',
        updated_at: UPDATED,
      },
    ],
    teams,
    squads: new Map([
      [IPL_SEASON_ID, squad],
      [T20I_SEASON_ID, new Map()],
    ]),
    players,
    fixtures,
    playerIdOf,
    cricsheetIdOf,
    teamIdOf,
    matches,
  };
}

function emptyRecord(): PlayerRecord {
  return { matches: 0, bowledMatches: 0, ballsBowled: 0, battedMatches: 0, battingPositionSum: 0, stumpings: 0 };
}

function league(id: number, seasonId: number, name: string, code: string): Record<string, unknown> {
  return {
    resource: 'leagues',
    id,
    season_id: seasonId,
    country_id: 153732,
    name,
    code,
    image_path: `https://cdn.sportmonks.com/images/cricket/leagues/${id}/${id}.png`,
    type: 'phase',
    updated_at: UPDATED,
  };
}
