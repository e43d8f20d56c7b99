import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPairings, demoSlots, loadDemoLeague, loadDemoSeason, slotsAfter } from '../../src/demo/season';
import { simulateMatch } from '../../src/demo/simulate';
import { parseCricsheetMatch } from '../../src/cricket/import/parse';
import { activeSeries, fixturePlayers, fixtureTeams, listFixtures } from '../../src/cricket/queries';
import type { Database } from '../../src/db/database';
import { DB_TARGET, freshDatabase } from '../db';
import { derivedBySql, derivedByTypescript, tableDigests } from '../cricket/helpers';

const league = loadDemoLeague();
const sim = (seed: string, n = 1) =>
  simulateMatch({
    competition: league.competition,
    season: '2026',
    matchNumber: n,
    date: '2026-11-20',
    home: league.teams[0]!,
    away: league.teams[1]!,
    seed,
  });

describe('demo league data and simulator', () => {
  it('ships 8 fictional teams of 15 with every position', () => {
    expect(league.teams).toHaveLength(8);
    for (const t of league.teams) {
      expect(t.players).toHaveLength(15);
      expect(new Set(t.players.map((p) => p.position))).toEqual(
        new Set(['Batsman', 'Bowler', 'Wicketkeeper', 'Allrounder']),
      );
    }
    const ids = league.teams.flatMap((t) => t.players.map((p) => p.id));
    expect(new Set(ids).size).toBe(120);
  });

  it('never reads the shared real-data folder', () => {
    const dir = fileURLToPath(new URL('../../src/demo/', import.meta.url));
    for (const f of readdirSync(dir))
      expect(readFileSync(`${dir}${f}`, 'utf8'), f).not.toMatch(/shared|cricsheet\/ipl/);
  });

  it('is deterministic: the same seed gives the same match, another seed another', () => {
    expect(JSON.stringify(sim('a'))).toBe(JSON.stringify(sim('a')));
    expect(JSON.stringify(sim('a'))).not.toBe(JSON.stringify(sim('b')));
  });

  it('writes valid Cricsheet JSON with realistic T20 scores', () => {
    const totals: number[] = [];
    for (let i = 0; i < 60; i++) {
      const p = parseCricsheetMatch(sim(`seed-${i}`, i + 1), `demo-${i}.json`);
      const [first, second] = p.innings;
      totals.push(first!.runs);
      expect(first!.legalBalls).toBeLessThanOrEqual(120);
      expect(p.lines.filter((l) => l.didPlay)).toHaveLength(22);
      if (p.result.type === 'normal') {
        const winnerBattedFirst = p.result.winner === first!.team;
        expect(winnerBattedFirst ? p.result.byRuns : p.result.byWickets).toBeGreaterThan(0);
        if (!winnerBattedFirst) expect(second!.runs).toBeGreaterThan(first!.runs);
      } else {
        expect(p.result.type).toBe('tie');
        expect(p.result.superOverWinner).not.toBeNull();
      }
      expect(p.playerOfMatch).toHaveLength(1);
    }
    const mean = totals.reduce((a, b) => a + b, 0) / totals.length;
    expect(mean).toBeGreaterThan(120);
    expect(mean).toBeLessThan(210);
  });

  it('lays out slots around now and pairs every team', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const slots = demoSlots(now, 30, 12, [10, 14]);
    expect(slots).toHaveLength(30);
    expect(slots.filter((s) => s <= now)).toHaveLength(12);
    expect(slots[11]!.toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(slots[12]!.toISOString()).toBe('2026-11-22T14:00:00.000Z');
    const pairs = demoPairings(8, 30);
    expect(pairs.every(([a, b]) => a !== b)).toBe(true);
    const games = new Map<number, number>();
    for (const [a, b] of pairs) for (const t of [a, b]) games.set(t, (games.get(t) ?? 0) + 1);
    expect([...games.values()].every((n) => n >= 7 && n <= 8)).toBe(true);
    expect(slotsAfter(new Date('2026-11-22T10:00:00Z'), 3, [14, 10]).map((d) => d.toISOString())).toEqual([
      '2026-11-22T14:00:00.000Z',
      '2026-11-23T10:00:00.000Z',
      '2026-11-23T14:00:00.000Z',
    ]);
  });
});

describe(`demo season on ${DB_TARGET}`, () => {
  let database: Database;
  const now = new Date('2026-11-22T12:00:00Z');
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  async function statusCounts() {
    const { rows } = await sql<{ status: string; n: number }>`
      SELECT status, count(*)::int AS n FROM fixtures GROUP BY status ORDER BY status`.execute(database.db);
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  }

  it('creates 30 fixtures, plays the 12 that have started through the Cricsheet importer', async () => {
    const r = await loadDemoSeason(database.db, { now });
    expect(r).toMatchObject({
      seasonName: 'Demo Premier League 2026',
      created: true,
      added: 0,
      played: 12,
      completed: 12,
      scheduled: 18,
    });
    expect(await statusCounts()).toEqual({ completed: 12, scheduled: 18 });
    const past = await database.db
      .selectFrom('fixtures')
      .select(['status', 'start_time', 'cricsheet_match_id'])
      .execute();
    for (const f of past) {
      expect(f.status).toBe(f.start_time <= now ? 'completed' : 'scheduled');
      expect(f.cricsheet_match_id === null).toBe(f.status === 'scheduled');
    }
    const season = await database.db.selectFrom('seasons').selectAll().executeTakeFirstOrThrow();
    expect(season).toMatchObject({ source: 'demo', is_active: true, year: 2026 });
  });

  it('makes upcoming fixtures pickable: both squads with a keeper, positions from the roster', async () => {
    const { rows } = await sql<{ id: number; players: number; keepers: number }>`
      SELECT f.id, count(*)::int AS players, count(*) FILTER (WHERE p.position_id = 3)::int AS keepers
      FROM fixtures f JOIN squads s ON s.season_id = f.season_id AND s.team_id IN (f.local_team_id, f.visitor_team_id)
      JOIN players p ON p.id = s.player_id
      WHERE f.status = 'scheduled' GROUP BY f.id`.execute(database.db);
    expect(rows).toHaveLength(18);
    for (const r of rows) expect(r).toMatchObject({ players: 30, keepers: 4 });
    const sources = await database.db.selectFrom('players').select('position_source').distinct().execute();
    expect(sources).toEqual([{ position_source: 'data' }]);
  });

  it('is idempotent, and plays the fixtures that started since on a later day', async () => {
    const before = await tableDigests(database.db);
    const again = await loadDemoSeason(database.db, { now });
    expect(again).toMatchObject({ created: false, added: 0, played: 0 });
    expect(await tableDigests(database.db)).toEqual(before);

    const later = await loadDemoSeason(database.db, { now: new Date('2026-11-23T15:00:00Z') });
    // 22 Nov 14:00, 23 Nov 10:00 and 14:00 have started by 23 Nov 15:00; three fixtures are added
    // after the last one (2 Dec 14:00) to keep 18 open for picks.
    expect(later).toMatchObject({ created: false, added: 3, played: 3, completed: 15, scheduled: 18 });
    expect(await derivedBySql(database.db)).toEqual(await derivedByTypescript(database.db));
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM fixture_feature_winners`.execute(
      database.db,
    );
    expect(rows[0]?.n).toBeGreaterThanOrEqual(15 * 5);
  });

  it("serves series, fixtures, players and teams in the spec's shapes", async () => {
    const { db } = database;
    const series = await activeSeries(db);
    expect(series).toEqual([
      { StageID: null, StageName: null, SeasonID: 1, SeasonName: 'Demo Premier League 2026' },
      { StageID: 1, StageName: 'League', SeasonID: 1, SeasonName: 'Demo Premier League 2026' },
    ]);
    const fixtures = await listFixtures(db, { seasonId: 1 });
    expect(fixtures).toHaveLength(33);
    expect(fixtures[0]).toMatchObject({
      FixtureName: 'Match 1',
      StartTime: '2026-11-16T14:00:00.000Z',
      Status: 'completed',
    });
    expect(fixtures.map((f) => f.StartTime)).toEqual([...fixtures.map((f) => f.StartTime)].sort());
    const next = fixtures.find((f) => f.Status === 'scheduled')!;
    const teams = await fixtureTeams(db, next.FixtureID);
    expect(teams).toHaveLength(2);
    expect(teams.map((t) => t.Name)).toEqual([...teams.map((t) => t.Name)].sort());
    const players = await fixturePlayers(db, next.FixtureID);
    expect(players).toHaveLength(30);
    expect(new Set(players.map((p) => p.TeamCode))).toEqual(new Set([next.LocalTeamCode, next.VisitorTeamCode]));
    expect(players[0]).toMatchObject({ PositionName: 'Wicketkeeper', PositionID: 3, TeamName: teams[0]!.Name });
    const order = players.map((p) => `${p.TeamName}|${[3, 1, 4, 2].indexOf(p.PositionID)}|${p.PlayerFullName}`);
    expect(order).toEqual([...order].sort());
  });

  it('stays alive after a long pause: plays what was missed and schedules 18 fixtures ahead', async () => {
    const { db } = database;
    // Nothing ran for a month: every fixture (the last one on 4 Dec) is now in the past.
    const monthLater = new Date('2026-12-23T12:00:00Z');
    const r = await loadDemoSeason(db, { now: monthLater });
    expect(r).toMatchObject({ created: false, added: 18, played: 18, completed: 33, scheduled: 18 });
    const fixtures = await db
      .selectFrom('fixtures')
      .select(['match_number', 'start_time', 'status', 'local_team_id', 'visitor_team_id'])
      .orderBy('match_number')
      .execute();
    expect(fixtures.map((f) => f.match_number)).toEqual(Array.from({ length: 51 }, (_, i) => i + 1));
    for (const f of fixtures) expect(f.status).toBe(f.start_time <= monthLater ? 'completed' : 'scheduled');
    // The new fixtures take the next slots after now (no backlog of past ones), and continue the round robin.
    const added = fixtures.slice(33);
    expect(added[0]!.start_time.toISOString()).toBe('2026-12-23T14:00:00.000Z');
    expect(added[17]!.start_time.toISOString()).toBe('2027-01-01T10:00:00.000Z');
    const teams = new Map((await db.selectFrom('teams').select(['id', 'name']).execute()).map((t) => [t.id, t.name]));
    const pairs = demoPairings(8, 51).map(([h, a]) => [league.teams[h]!.name, league.teams[a]!.name]);
    expect(fixtures.map((f) => [teams.get(f.local_team_id), teams.get(f.visitor_team_id)])).toEqual(pairs);

    // Idempotent at the same time; nothing to add while 18 are still ahead.
    const before = await tableDigests(db);
    expect(await loadDemoSeason(db, { now: monthLater })).toMatchObject({ added: 0, played: 0 });
    expect(await tableDigests(db)).toEqual(before);
    expect(await derivedBySql(db)).toEqual(await derivedByTypescript(db));
  });
});

describe(`demo season with two processes on ${DB_TARGET}`, () => {
  it('creates and plays it once when two start together', async () => {
    const database = await freshDatabase();
    try {
      const now = new Date('2026-11-22T12:00:00Z');
      const both = await Promise.all([loadDemoSeason(database.db, { now }), loadDemoSeason(database.db, { now })]);
      expect(both.map((r) => r.created).sort()).toEqual([false, true]);
      expect(both.map((r) => r.played).sort()).toEqual([0, 12]);
      const { rows } = await sql<{ n: number; numbers: number }>`
        SELECT count(*)::int AS n, count(DISTINCT match_number)::int AS numbers FROM fixtures`.execute(database.db);
      expect(rows[0]).toEqual({ n: 30, numbers: 30 });
    } finally {
      await database.close();
    }
  });
});
