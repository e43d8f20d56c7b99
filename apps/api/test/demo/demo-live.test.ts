import { TEAM_RULE_DEFAULTS } from '@fantasy-cricket/rules';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PacedReplayFeed } from '../../src/demo/live';
import { announceDemoLineups } from '../../src/demo/lineups';
import { DEMO_MEMBER_MARK, DEMO_MEMBERS, keepDemoMembers } from '../../src/demo/members';
import { DEFAULT_DEMO_PACE, type DemoPace, parseDemoPace } from '../../src/config';
import { pacedSlots } from '../../src/demo/pace';
import { demoMatch, loadDemoLeague, loadDemoSeason } from '../../src/demo/season';
import type { Database } from '../../src/db/database';
import { ballsOf, type Clock } from '../../src/live/feed';
import { runFeed } from '../../src/live/runner';
import { runLeagueJobs } from '../../src/leagues/jobs';
import { rowFromRules } from '../../src/leagues/team-rules';
import { parseIntArray } from '../../src/db/parse';
import { fixturePrices } from '../../src/picks/prices';
import { DB_TARGET, freshDatabase } from '../db';

const MIN = 60_000;

class TestClock implements Clock {
  constructor(public t: number) {}
  now() {
    return new Date(this.t);
  }
  async sleep(ms: number) {
    this.t += Math.max(ms, 1);
    await new Promise((r) => setImmediate(r));
  }
}

describe('DEMO_PACE', () => {
  it('reads <match>/<every> minutes, a lone match length, daily, and refuses gaps over 15 minutes', () => {
    expect(parseDemoPace(undefined)).toEqual(DEFAULT_DEMO_PACE);
    expect(DEFAULT_DEMO_PACE).toEqual({ matchMs: 15 * MIN, everyMs: 25 * MIN });
    expect(parseDemoPace('20/30')).toEqual({ matchMs: 20 * MIN, everyMs: 30 * MIN });
    expect(parseDemoPace('1/1.5')).toEqual({ matchMs: MIN, everyMs: 90_000 });
    expect(parseDemoPace('40')).toEqual({ matchMs: 40 * MIN, everyMs: 50 * MIN });
    expect(parseDemoPace('daily')).toBe('daily');
    expect(() => parseDemoPace('10/30')).toThrow(/15 min/);
    expect(() => parseDemoPace('30/20')).toThrow(/no longer than the step/);
    expect(() => parseDemoPace('fast')).toThrow(/DEMO_PACE/);
  });

  it("keeps the newcomer's promise at the default pace: whenever one signs up, the next fixture to pick starts within 25 min and ends within 40", () => {
    const from = Date.parse('2026-11-22T00:00:00Z');
    for (let now = from; now < from + 3 * 60 * MIN; now += 37_000) {
      const next = pacedSlots(new Date(now), 6, 2, DEFAULT_DEMO_PACE).find((s) => s.getTime() > now)!;
      expect(next.getTime() - now).toBeLessThanOrEqual(25 * MIN);
      expect(next.getTime() + DEFAULT_DEMO_PACE.matchMs - now).toBeLessThanOrEqual(40 * MIN);
    }
  });

  it('lays fixtures on the grid: the latest slot not after now may be live, the next ones follow', () => {
    const slots = pacedSlots(new Date('2026-11-22T12:10:00Z'), 5, 2, { matchMs: 20 * MIN, everyMs: 30 * MIN });
    expect(slots.map((s) => s.toISOString().slice(11, 16))).toEqual(['11:30', '12:00', '12:30', '13:00', '13:30']);
  });
});

describe('the paced replay', () => {
  const league = loadDemoLeague();
  const start = Date.parse('2026-11-22T12:00:00Z');
  const m = demoMatch(
    league,
    { name: 'Demo Premier League 2026', year: 2026 },
    { matchNumber: 1, startTime: new Date(start), home: league.teams[0]!, away: league.teams[1]! },
  );
  const n = ballsOf(m.json as never).length;

  it('hands out the balls due by the clock: none before the start, half at half time, the final at the end', async () => {
    const clock = new TestClock(start - 1000);
    const feed = new PacedReplayFeed(m.json, m.id, start, 20 * MIN, clock);
    expect(await feed.next()).toBeNull();
    expect(feed.waitMs()).toBe(1000);
    clock.t = start;
    expect((await feed.next())!.balls).toHaveLength(1);
    clock.t = start + 10 * MIN;
    const half = await feed.next();
    expect(half!.balls.length + 1).toBe(Math.floor(n / 2) + 1);
    expect(half!.final).toBeUndefined();
    expect(feed.waitMs()).toBeGreaterThan(0);
    expect(feed.waitMs()).toBeLessThanOrEqual(Math.ceil((20 * MIN) / n));
    clock.t = start + 20 * MIN;
    const rest = await feed.next();
    expect(rest!.final).toBeDefined();
    expect(feed.done).toBe(true);
  });

  it('resumes where the clock is: a feed created late hands out everything due at once', async () => {
    const clock = new TestClock(start + 5 * MIN);
    const feed = new PacedReplayFeed(m.json, m.id, start, 20 * MIN, clock);
    expect((await feed.next())!.balls).toHaveLength(Math.floor(n / 4) + 1);
    expect(await feed.next()).toBeNull();
  });
});

describe(`the paced demo season on ${DB_TARGET}`, () => {
  let database: Database;
  const t0 = Date.parse('2026-11-22T12:10:00Z');
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  async function liveOrSoon(now: number, pace: DemoPace) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM fixtures
      WHERE (start_time <= ${new Date(now).toISOString()}::timestamptz
             AND start_time > ${new Date(now - pace.matchMs).toISOString()}::timestamptz)
         OR (start_time > ${new Date(now).toISOString()}::timestamptz
             AND start_time <= ${new Date(now + 15 * MIN).toISOString()}::timestamptz)`.execute(database.db);
    return rows[0]!.n;
  }

  it('always has a fixture live or starting within 15 minutes, at any now (default pace), idempotently', async () => {
    const pace = DEFAULT_DEMO_PACE;
    for (let now = t0; now < t0 + 6 * 60 * MIN; now += 7 * MIN + 13_000) {
      await loadDemoSeason(database.db, { now: new Date(now), pace });
      expect(await liveOrSoon(now, pace), new Date(now).toISOString()).toBeGreaterThan(0);
      const again = await loadDemoSeason(database.db, { now: new Date(now), pace });
      expect(again).toMatchObject({ added: 0, played: 0 });
    }
    // Replays are left to the live feed: a fixture still within its match time is not imported at once.
    const now = t0 + 6 * 60 * MIN;
    const { rows } = await sql<{ status: string; n: number }>`
      SELECT status, count(*)::int AS n FROM fixtures
      WHERE start_time <= ${new Date(now).toISOString()}::timestamptz
        AND start_time > ${new Date(now - pace.matchMs).toISOString()}::timestamptz GROUP BY status`.execute(
      database.db,
    );
    expect(rows.every((r) => r.status === 'scheduled')).toBe(true);
  });

  it('switching to a faster pace fills its grid at once and keeps the promise', async () => {
    const pace = parseDemoPace('1/1.5') as DemoPace;
    const from = t0 + 7 * 60 * MIN;
    for (let now = from; now < from + 12 * MIN; now += 50_000) {
      await loadDemoSeason(database.db, { now: new Date(now), pace });
      expect(await liveOrSoon(now, pace), new Date(now).toISOString()).toBeGreaterThan(0);
    }
  });

  it('plays a fixture live at the pace and makes it final through the importer', async () => {
    const pace = parseDemoPace('1/1.5') as DemoPace;
    const f = await database.db
      .selectFrom('fixtures as f')
      .innerJoin('teams as h', 'h.id', 'f.local_team_id')
      .innerJoin('teams as a', 'a.id', 'f.visitor_team_id')
      .select(['f.id', 'f.match_number', 'f.start_time', 'h.name as home', 'a.name as away'])
      .where('f.status', '=', 'scheduled')
      .orderBy('f.start_time')
      .executeTakeFirstOrThrow();
    const league = loadDemoLeague();
    const team = (name: string) => league.teams.find((t) => t.name === name)!;
    const start = new Date(f.start_time).getTime();
    const m = demoMatch(
      league,
      { name: 'Demo Premier League 2026', year: 2026 },
      { matchNumber: f.match_number!, startTime: new Date(start), home: team(f.home), away: team(f.away) },
    );
    const clock = new TestClock(start);
    const outcome = await runFeed(database.db, f.id, new PacedReplayFeed(m.json, m.id, start, pace.matchMs, clock), {
      clock,
      runnerId: 'test',
    });
    expect(outcome).toBe('completed');
    expect(clock.t - start).toBeGreaterThanOrEqual(pace.matchMs);
    expect(clock.t - start).toBeLessThan(pace.matchMs + 5_000);
    const done = await database.db
      .selectFrom('fixtures')
      .select(['status', 'cricsheet_match_id'])
      .where('id', '=', f.id)
      .executeTakeFirstOrThrow();
    expect(done).toEqual({ status: 'completed', cricsheet_match_id: m.id });
    const live = await database.db
      .selectFrom('live_fixtures')
      .select('state')
      .where('fixture_id', '=', f.id)
      .executeTakeFirstOrThrow();
    expect(live.state).toBe('completed');
  }, 120_000);

  it('fills demo Daily Challenges with labelled demo members who pick by the model — never a real season', async () => {
    const now = new Date(t0 + 7 * 60 * MIN + 12 * MIN);
    await sql`UPDATE seasons SET source = 'cricsheet'`.execute(database.db);
    await runLeagueJobs(database.db, { now });
    expect(await keepDemoMembers(database.db, { now, aheadMs: 2 * 60 * MIN })).toEqual({ joined: 0, picks: 0 });
    const none = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM league_members WHERE display_name LIKE '%(demo)'`.execute(database.db);
    expect(none.rows[0]!.n).toBe(0);

    await sql`UPDATE seasons SET source = 'demo'`.execute(database.db);
    const r = await keepDemoMembers(database.db, { now, aheadMs: 2 * 60 * MIN });
    expect(r.joined).toBeGreaterThan(0);
    expect(r.picks).toBeGreaterThan(0);
    const again = await keepDemoMembers(database.db, { now, aheadMs: 2 * 60 * MIN });
    expect(again).toEqual({ joined: 0, picks: 0 });

    const { rows } = await sql<{ league_id: number; display_name: string; password_hash: string; email: string }>`
      SELECT m.league_id, m.display_name, u.password_hash, u.email FROM league_members m JOIN users u ON u.id = m.user_id
      JOIN leagues l ON l.id = m.league_id
      WHERE l.match_day IS NOT NULL AND m.display_name LIKE '%(demo)' ORDER BY m.league_id, m.display_name`.execute(
      database.db,
    );
    const first = rows.filter((x) => x.league_id === rows[0]!.league_id);
    expect(first.map((x) => x.display_name)).toEqual(DEMO_MEMBERS.map((n) => `${n}${DEMO_MEMBER_MARK}`));
    for (const x of rows) {
      expect(x.password_hash).toBe('!');
      expect(x.email).toMatch(/\.invalid$/);
    }
    // Their picks differ from one another (the table spreads), on the fixtures about to start.
    const { rows: picks } = await sql<{ user_id: number; sig: string }>`
      SELECT s.user_id, string_agg(coalesce(s.team_id, s.player_id, s.bonus_option_id)::text, ',' ORDER BY s.fixture_id, s.league_configuration_id) AS sig
      FROM league_selections s JOIN users u ON u.id = s.user_id
      WHERE u.email LIKE '%@demo-members.fantasycricket.invalid' GROUP BY s.user_id`.execute(database.db);
    expect(picks).toHaveLength(DEMO_MEMBERS.length);
    expect(new Set(picks.map((p) => p.sig)).size).toBeGreaterThan(4);

    // The demo season's Player Selection league with the team rules on: private (public leagues are
    // Match Prediction), the demo members in it, each with a full team within the rules, a captain
    // and a vice-captain, and teams that differ.
    const fantasy = await database.db
      .selectFrom('leagues as l')
      .innerJoin('league_team_rules as r', 'r.league_id', 'l.id')
      .selectAll('r')
      .select(['l.id', 'l.is_private', 'l.league_type', 'l.status'])
      .where('l.league_type', '=', 'PS')
      .executeTakeFirstOrThrow();
    expect(fantasy).toMatchObject({ is_private: true, status: 'Active', ...rowFromRules(TEAM_RULE_DEFAULTS) });
    const { rows: teams } = await sql<{
      user_id: number;
      fixture_id: number;
      players: number[];
      c: number;
      vc: number;
    }>`
      SELECT s.user_id, s.fixture_id, array_agg(s.player_id ORDER BY s.player_id) AS players,
             t.captain_player_id AS c, t.vice_captain_player_id AS vc
      FROM player_selections s
      JOIN player_selection_teams t ON t.league_id = s.league_id AND t.user_id = s.user_id AND t.fixture_id = s.fixture_id
      WHERE s.league_id = ${fantasy.id}
      GROUP BY s.user_id, s.fixture_id, t.captain_player_id, t.vice_captain_player_id`.execute(database.db);
    expect(teams.length).toBeGreaterThanOrEqual(DEMO_MEMBERS.length);
    for (const team of teams) {
      const players = parseIntArray(team.players);
      expect(players).toHaveLength(11);
      expect(players).toContain(team.c);
      expect(players).toContain(team.vc);
      expect(team.c).not.toBe(team.vc);
      const prices = await fixturePrices(database.db, team.fixture_id, now);
      expect(players.reduce((sum, id) => sum + prices.get(id)!, 0)).toBeLessThanOrEqual(1000);
      const { rows: sides } = await sql<{ team_id: number; n: number }>`
        SELECT q.team_id, count(*)::int AS n FROM fixtures f
        JOIN squads q ON q.season_id = f.season_id AND q.team_id IN (f.local_team_id, f.visitor_team_id)
        WHERE f.id = ${team.fixture_id} AND q.player_id IN (${sql.join(players)})
        GROUP BY q.team_id`.execute(database.db);
      for (const side of sides) expect(side.n).toBeLessThanOrEqual(7);
    }
    expect(new Set(teams.map((x) => `${parseIntArray(x.players).join(',')}:${x.c}`)).size).toBeGreaterThan(4);
  });
  it("announces a demo fixture's toss and playing XIs before its start, as the match will be played", async () => {
    const f = await database.db
      .selectFrom('fixtures as f')
      .innerJoin('seasons as s', 's.id', 'f.season_id')
      .innerJoin('teams as h', 'h.id', 'f.local_team_id')
      .innerJoin('teams as a', 'a.id', 'f.visitor_team_id')
      .select([
        'f.id',
        'f.match_number',
        'f.start_time',
        'f.local_team_id',
        's.name as season',
        's.year',
        'h.name as home',
        'a.name as away',
      ])
      .where('f.status', '=', 'scheduled')
      .orderBy('f.start_time', 'desc')
      .executeTakeFirstOrThrow();
    const start = new Date(f.start_time).getTime();
    const announced = () =>
      database.db.selectFrom('fixture_lineups').select('fixture_id').where('fixture_id', '=', f.id).executeTakeFirst();
    // Too early: not yet (fixtures closer to their start may be).
    await announceDemoLineups(database.db, { now: new Date(start - 31 * MIN), leadMs: 30 * MIN });
    expect(await announced()).toBeUndefined();
    expect(
      await announceDemoLineups(database.db, { now: new Date(start - 29 * MIN), leadMs: 30 * MIN }),
    ).toBeGreaterThan(0);
    expect(await announced()).toBeDefined();
    // Once announced, it stays as it is.
    expect(await announceDemoLineups(database.db, { now: new Date(start - 28 * MIN), leadMs: 30 * MIN })).toBe(0);
    const row = await database.db
      .selectFrom('fixture_lineups')
      .selectAll()
      .where('fixture_id', '=', f.id)
      .executeTakeFirstOrThrow();
    const league = loadDemoLeague();
    const team = (name: string) => league.teams.find((t) => t.name === name)!;
    const m = demoMatch(
      league,
      { name: f.season, year: f.year },
      { matchNumber: f.match_number!, startTime: new Date(start), home: team(f.home), away: team(f.away) },
    );
    const info = (
      m.json as {
        info: {
          players: Record<string, string[]>;
          toss: { winner: string; decision: string };
          registry: { people: Record<string, string> };
        };
      }
    ).info;
    expect(row.source).toBe('demo');
    expect(row.toss_decision).toBe(info.toss.decision);
    expect(row.toss_winner_team_id === f.local_team_id).toBe(info.toss.winner === f.home);
    const teams = typeof row.teams === 'string' ? JSON.parse(row.teams) : row.teams;
    const names = await database.db.selectFrom('players').select(['id', 'full_name']).execute();
    const nameOf = new Map(names.map((p) => [p.id, p.full_name]));
    const home = teams.find((t: { team_id: number }) => t.team_id === f.local_team_id);
    expect(home.playing).toHaveLength(11);
    expect(home.playing.map((id: number) => nameOf.get(id))).toEqual(info.players[f.home]);
  });
});
