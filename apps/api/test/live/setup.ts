import { type Kysely, type Selectable, sql } from 'kysely';
import { expect } from 'vitest';
import { loadDemoLeague } from '../../src/demo/season';
import { simulateMatch } from '../../src/demo/simulate';
import type { PositionId } from '../../src/cricket/catalogue';
import type { CricsheetMatch } from '../../src/cricket/import/cricsheet-format';
import { parseCricsheetMatch } from '../../src/cricket/import/parse';
import { playerPoints } from '../../src/cricket/scoring/player-selection';
import type { DB, LivePlayerLinesTable } from '../../src/db/schema';
import { ballsOf, type Clock, type LiveBall } from '../../src/live/feed';
import { countersOf, leadersOf, startLive } from '../../src/live/ingest';
import { provisionalPoints } from '../../src/live/lines';
import { liveMemberPointsSql } from '../../src/live/standings';
import { psFeaturePoints } from '../../src/standings/points';
import type { SignedIn } from '../helpers';
import { type LeagueWorld, person, startLeagueWorld } from '../leagues/setup';
import { joinAs, mpPick, psPicks, setUpLeague } from '../standings/setup';

export { startLeagueWorld, type LeagueWorld };

/** A clock for feeds and runners that never waits: `sleep` moves it on. */
export class TestClock implements Clock {
  constructor(public t = Date.now()) {}
  now() {
    return new Date(this.t);
  }
  async sleep(ms: number) {
    this.t += ms;
    await new Promise((r) => setImmediate(r));
  }
}

export interface LiveFixture {
  fixtureId: number;
  matchId: string;
  match: CricsheetMatch;
  balls: LiveBall[];
  startTime: Date;
  /** Player ids by Cricsheet id. */
  players: Map<string, { id: number; position: number; team: string }>;
}

/**
 * The next scheduled demo fixture (or the `skip`-th one) and the match the demo simulator would
 * write for it, under the id the demo season uses.
 */
export async function nextFixture(w: LeagueWorld, skip = 0, seed = 'live'): Promise<LiveFixture> {
  const db = w.t.db;
  const { rows } = await sql<{
    id: number;
    match_number: number;
    start_time: Date;
    home: string;
    away: string;
    year: number;
  }>`
    SELECT f.id, f.match_number, f.start_time, h.name AS home, v.name AS away, s.year
    FROM fixtures f JOIN teams h ON h.id = f.local_team_id JOIN teams v ON v.id = f.visitor_team_id
    JOIN seasons s ON s.id = f.season_id
    WHERE f.season_id = ${w.seasonId} AND f.status = 'scheduled' AND f.start_time > now()
    ORDER BY f.start_time, f.id OFFSET ${skip} LIMIT 1`.execute(db);
  const f = rows[0]!;
  const league = loadDemoLeague();
  const team = (name: string) => league.teams.find((t) => t.name === name)!;
  const start = new Date(f.start_time);
  const match = simulateMatch({
    competition: league.competition,
    season: String(f.year),
    matchNumber: f.match_number,
    date: start.toISOString().slice(0, 10),
    home: team(f.home),
    away: team(f.away),
    seed: `${seed}#${f.match_number}`,
  });
  const matchId = `demo-${f.year}-${String(f.match_number).padStart(3, '0')}`;
  const { rows: players } = await sql<{ id: number; cricsheet_id: string; position_id: number; team: string }>`
    SELECT p.id, p.cricsheet_id, p.position_id, t.name AS team FROM squads q JOIN players p ON p.id = q.player_id
    JOIN teams t ON t.id = q.team_id JOIN fixtures f ON f.season_id = q.season_id AND q.team_id IN (f.local_team_id, f.visitor_team_id)
    WHERE f.id = ${f.id}`.execute(db);
  return {
    fixtureId: f.id,
    matchId,
    match,
    balls: ballsOf(match),
    startTime: start,
    players: new Map(players.map((p) => [p.cricsheet_id, { id: p.id, position: p.position_id, team: p.team }])),
  };
}

/** The match's info while in progress (no outcome, no player of the match). */
export function liveInfo(m: CricsheetMatch) {
  const { player_of_match: _p, ...info } = m.info;
  return { ...info, outcome: { result: 'no result' } };
}

export async function beginLive(db: Kysely<DB>, f: LiveFixture) {
  await startLive(db, { fixtureId: f.fixtureId, matchId: f.matchId, source: 'test', info: liveInfo(f.match) });
}

/** Players of the match by how many balls they are in (the busiest first): good picks for tests. */
export function busiest(f: LiveFixture, n: number): number[] {
  const count = new Map<string, number>();
  const people = f.match.info.registry.people;
  for (const b of f.balls) {
    for (const name of [b.delivery.batter, b.delivery.bowler])
      count.set(people[name]!, (count.get(people[name]!) ?? 0) + 1);
  }
  return [...count.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([id]) => f.players.get(id)?.id)
    .filter((id): id is number => id !== undefined)
    .slice(0, n);
}

export interface Leagues {
  admin: SignedIn;
  alice: SignedIn;
  bob: SignedIn;
  outsider: SignedIn;
  ps: { LeagueID: number; LeagueCode: string };
  mp: { LeagueID: number; LeagueCode: string };
}

/** A Player Selection and a Match Prediction league with two members each, and an outsider. */
export async function twoLeagues(w: LeagueWorld): Promise<Leagues> {
  const admin = await person(w.t, 'Admin');
  const alice = await person(w.t, 'Alice');
  const bob = await person(w.t, 'Bob');
  const outsider = await person(w.t, 'Olga');
  const ps = await setUpLeague(w, admin, {
    type: 2,
    name: 'Live PS',
    showOthersPicks: true,
    points: { 101: 2, 108: 30 },
  });
  // Team rules on (issue 27): the captain's and vice-captain's points count 2× and 1.5× live too.
  await w.t.db
    .updateTable('league_team_rules')
    .set({ budget_tenths: null, captain_pct: 200, vice_captain_pct: 150, max_per_side: null, backups: 0 })
    .where('league_id', '=', ps.LeagueID)
    .execute();
  const mp = await setUpLeague(w, admin, { type: 1, name: 'Live MP', showOthersPicks: true });
  for (const l of [ps, mp]) {
    await joinAs(admin, alice, l, 'Alice');
    await joinAs(admin, bob, l, 'Bob');
  }
  return { admin, alice, bob, outsider, ps, mp };
}

/** Picks for the fixture, written before it starts: PS players and MP leaders-to-be. */
export async function pickFor(w: LeagueWorld, l: Leagues, f: LiveFixture) {
  const db = w.t.db;
  const top = busiest(f, 8);
  await psPicks(db, l.ps.LeagueID, l.alice.userId, f.fixtureId, top.slice(0, 4));
  await psPicks(db, l.ps.LeagueID, l.bob.userId, f.fixtureId, top.slice(4, 8));
  // Alice captains the busiest player, Bob names a vice-captain only.
  await db
    .insertInto('player_selection_teams')
    .values([
      {
        league_id: l.ps.LeagueID,
        user_id: l.alice.userId,
        fixture_id: f.fixtureId,
        captain_player_id: top[0]!,
        vice_captain_player_id: top[1]!,
        backups: [],
      },
      {
        league_id: l.ps.LeagueID,
        user_id: l.bob.userId,
        fixture_id: f.fixtureId,
        captain_player_id: null,
        vice_captain_player_id: top[5]!,
        backups: [],
      },
    ])
    .execute();
  const byRuns = [...f.players.values()].filter((p) => [1, 3, 4].includes(p.position)).map((p) => p.id);
  const byWickets = [...f.players.values()].filter((p) => [2, 4].includes(p.position)).map((p) => p.id);
  for (const [who, i] of [
    [l.alice, 0],
    [l.bob, 1],
  ] as const) {
    await mpPick(db, l.mp.LeagueID, who.userId, f.fixtureId, 2, { player: byRuns[i]! });
    await mpPick(db, l.mp.LeagueID, who.userId, f.fixtureId, 3, { player: byWickets[i]! });
    await mpPick(db, l.mp.LeagueID, who.userId, f.fixtureId, 6, { bonus: 601 + i });
  }
}

export async function provisional(db: Kysely<DB>, fixtureId: number) {
  const lines = await db
    .selectFrom('live_player_lines')
    .select(['cricsheet_id', 'player_id', 'points'])
    .where('fixture_id', '=', fixtureId)
    .execute();
  const { rows: members } = await sql<{ league_id: number; user_id: number; points: number }>`
    SELECT league_id, user_id, points FROM (${liveMemberPointsSql(sql`fixture_id = ${fixtureId}`)}) m
    ORDER BY league_id, user_id`.execute(db);
  return {
    points: new Map(lines.filter((l) => l.player_id !== null).map((l) => [l.player_id!, l.points])),
    members: new Map(members.map((m) => [`${m.league_id}:${m.user_id}`, m.points])),
  };
}

export function expectSame<K, V>(a: Map<K, V>, b: Map<K, V>) {
  expect(Object.fromEntries([...a].sort())).toEqual(Object.fromEntries([...b].sort()));
}

/** Nonzero default points per player id of a complete (or partial) match, by the importer's parser. */
export function parsedPoints(match: CricsheetMatch, players: Map<string, { id: number; position: number }>) {
  const parsed = parseCricsheetMatch(match, 'expected.json', { matchId: 'expected' });
  const out = new Map<number, number>();
  for (const l of parsed.lines) {
    const p = players.get(l.cricsheetId);
    if (!p || !l.didPlay) continue;
    const pts = playerPoints(l, p.position as PositionId).total;
    if (pts !== 0) out.set(p.id, pts);
  }
  return out;
}
export const nonzero = (m: Map<number, number>) => new Map([...m].filter(([, v]) => v !== 0));

/**
 * Every member's provisional points of the fixture computed from scratch (not incrementally): PS
 * picks × the league's points on the stored lines, MP picks against the leaders of the stored lines.
 */
export async function membersFromScratch(
  db: Kysely<DB>,
  fixtureId: number,
  from?: readonly Selectable<LivePlayerLinesTable>[],
) {
  // The stored lines, or lines computed elsewhere (from scratch by the parser).
  const lines =
    from ?? (await db.selectFrom('live_player_lines').selectAll().where('fixture_id', '=', fixtureId).execute());
  const byPlayer = new Map(lines.filter((l) => l.player_id !== null).map((l) => [l.player_id!, l]));
  const out = new Map<string, number>();
  const ps = await db.selectFrom('player_selections').selectAll().where('fixture_id', '=', fixtureId).execute();
  const leaguePoints = new Map<number, Map<number, number>>();
  const rules = new Map((await db.selectFrom('league_team_rules').selectAll().execute()).map((r) => [r.league_id, r]));
  const teams = await db.selectFrom('player_selection_teams').selectAll().where('fixture_id', '=', fixtureId).execute();
  /** The captain's and vice-captain's multiplier, written out here (not the scoring layer's). */
  const multiplier = (leagueId: number, userId: number, playerId: number) => {
    const r = rules.get(leagueId);
    const t = teams.find((x) => x.league_id === leagueId && x.user_id === userId);
    if (!r || r.captain_pct === null || !t) return 1;
    if (t.captain_player_id === playerId) return r.captain_pct / 100;
    if (t.vice_captain_player_id === playerId) return r.vice_captain_pct! / 100;
    return 1;
  };
  for (const p of ps) {
    if (!leaguePoints.has(p.league_id)) leaguePoints.set(p.league_id, await psFeaturePoints(db, p.league_id));
    const l = byPlayer.get(p.player_id);
    const base = l
      ? provisionalPoints(countersOf(l), l.did_play, l.position_id as PositionId, leaguePoints.get(p.league_id)!)
      : 0;
    const exact = base * multiplier(p.league_id, p.user_id, p.player_id);
    const pts = Math.sign(exact) * Math.floor(Math.abs(exact) + 0.5 + 1e-9);
    const key = `${p.league_id}:${p.user_id}`;
    out.set(key, (out.get(key) ?? 0) + pts);
  }
  const winners = leadersOf(lines);
  const mp = await db
    .selectFrom('league_selections as s')
    .innerJoin('league_configurations as c', 'c.id', 's.league_configuration_id')
    .select(['s.league_id', 's.user_id', 'c.feature_id', 'c.points', 'c.is_active', 's.player_id', 's.bonus_option_id'])
    .where('s.fixture_id', '=', fixtureId)
    .execute();
  for (const p of mp) {
    const entity = p.player_id ?? p.bonus_option_id;
    const win = winners.some((w) => w.featureId === p.feature_id && entity !== null && w.ids.includes(entity));
    const key = `${p.league_id}:${p.user_id}`;
    out.set(key, (out.get(key) ?? 0) + (win && p.is_active ? p.points : 0));
  }
  return out;
}
