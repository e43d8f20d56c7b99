import { DAILY_CHALLENGE_MATCH, messages } from '@fantasy-cricket/rules';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_USER_EMAIL } from '../../src/db/migrations/0003_leagues';
import { fixturesRemaining } from '../../src/leagues/fixtures';
import { leagueFixtureList } from '../../src/picks/options';
import { dailyChallengeName, runLeagueJobs, systemUserId } from '../../src/leagues/jobs';
import type { SignedIn } from '../helpers';
import { type LeagueWorld, createLeague, person, startLeagueWorld } from './setup';

let w: LeagueWorld;
let a: SignedIn;
let b: SignedIn;

beforeAll(async () => {
  w = await startLeagueWorld();
  a = await person(w.t, 'Asha', 'Patel');
  b = await person(w.t, 'Ben', 'Okafor');
});
afterAll(async () => {
  await w.t.close();
});

describe('Daily Challenge job', () => {
  it('names the league after the match day and season', () => {
    expect(dailyChallengeName('2026-11-28', 'Demo Premier League 2026')).toBe(
      'Daily Challenge — Sat 28 Nov (Demo Premier League 2026)',
    );
  });

  it('creates each match day league once, even when two runs race', async () => {
    const now = new Date();
    const { rows: expected } = await sql<{ day: string }>`
      SELECT DISTINCT to_char((start_time AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day FROM fixtures
      WHERE status = 'scheduled' AND start_time > now()
        AND (start_time AT TIME ZONE 'UTC')::date <= (now() AT TIME ZONE 'UTC')::date + 7
      ORDER BY 1`.execute(w.t.db);
    expect(expected.length).toBeGreaterThan(0);

    const [r1, r2] = await Promise.all([runLeagueJobs(w.t.db, { now }), runLeagueJobs(w.t.db, { now })]);
    expect(r1.dailyCreated + r2.dailyCreated).toBe(expected.length);
    expect((await runLeagueJobs(w.t.db, { now })).dailyCreated).toBe(0);

    const { rows: daily } = await sql<{
      id: number;
      name: string;
      day: string;
      status: string;
      is_private: boolean;
      league_type: string;
      admin_user_id: number;
    }>`SELECT id, name, to_char(match_day, 'YYYY-MM-DD') AS day, status, is_private, league_type, admin_user_id
       FROM leagues WHERE match_day IS NOT NULL ORDER BY match_day`.execute(w.t.db);
    expect(daily.map((d) => d.day)).toEqual(expected.map((e) => e.day));
    const system = await systemUserId(w.t.db);
    for (const d of daily) {
      expect(d).toMatchObject({ status: 'Active', is_private: false, league_type: 'MP', admin_user_id: system });
      expect(d.name).toBe(dailyChallengeName(d.day, w.seasonName));
      expect(d.name).toContain(DAILY_CHALLENGE_MATCH);
      const fixtures = await leagueFixtureList(w.t.db, d.id, new Date());
      expect(fixtures.length).toBeGreaterThan(0);
      for (const f of fixtures) expect(f.StartTime.slice(0, 10)).toBe(d.day);
    }
    const members = await w.t.db.selectFrom('league_members').select('id').where('user_id', '=', system).execute();
    expect(members).toEqual([]);
    const configs = await w.t.db
      .selectFrom('league_configurations')
      .select(['feature_id', 'points'])
      .where('league_id', '=', daily[0]!.id)
      .orderBy('feature_id')
      .execute();
    expect(configs.map((c) => c.feature_id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('lists daily challenges as public leagues anyone can join at once', async () => {
    const res = await a.client.get(
      `/api/league/publicLeagues/${a.userId}?search=${encodeURIComponent('daily challenge')}`,
    );
    const data = res.json().data as { LeagueID: number; LeagueCode: string; LeagueName: string }[];
    expect(data.length).toBeGreaterThan(0);
    const first = data[0]!;
    const join = await a.client.post('/api/league_member/joinLeague', {
      UserID: a.userId,
      LeagueCode: first.LeagueCode,
      DisplayName: 'Asha',
    });
    expect(join.json()).toMatchObject({ Status: 'Approved', message: messages.join.publicJoined });
    const league = (await a.client.get(`/api/league/${first.LeagueID}`)).json();
    expect(league).toMatchObject({ Status: 'Active', IsPrivate: false, LeagueTypeName: 'Match Prediction' });
    expect(league.FixturesRemaining).toBeGreaterThan(0);
  });

  it('lists the Daily Challenges soonest first, ahead of the other public leagues', async () => {
    await createLeague(w, b, { name: 'Open Sloggers', isPrivate: false, displayName: 'Ben' });
    const data = (await a.client.get(`/api/league/publicLeagues/${a.userId}`)).json().data as {
      LeagueID: number;
      LeagueName: string;
    }[];
    const { rows } = await sql<{ id: number; day: string }>`
      SELECT id, to_char(match_day, 'YYYY-MM-DD') AS day FROM leagues WHERE match_day IS NOT NULL`.execute(w.t.db);
    const day = new Map(rows.map((r) => [r.id, r.day]));
    const daily = data.filter((l) => day.has(l.LeagueID));
    expect(daily.length).toBeGreaterThanOrEqual(2);
    const days = daily.map((l) => day.get(l.LeagueID)!);
    expect(days).toEqual([...days].sort());
    // Created last, so newest: still after every Daily Challenge.
    expect(data.map((l) => l.LeagueName).indexOf('Open Sloggers')).toBe(daily.length);
  });

  it('the system user cannot sign in', async () => {
    const res = await w.t.client().post('/api/user/authenticate_user', { email: SYSTEM_USER_EMAIL, password: '!' });
    expect(res.json().status).not.toBe('success');
  });
});

describe('Finished', () => {
  it('an Active league with no fixtures remaining reads as Finished, the job persists it, nobody joins', async () => {
    const db = w.t.db;
    // A one-fixture season, so finishing it touches nothing else.
    const season = await db
      .insertInto('seasons')
      .values({ name: 'Tiny Cup 2026', competition: 'Tiny Cup', year: 2026, source: 'test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const teams = await db.selectFrom('teams').select('id').orderBy('id').limit(2).execute();
    const fixture = await db
      .insertInto('fixtures')
      .values({
        season_id: season.id,
        name: 'Tiny final',
        start_time: new Date(Date.now() + 30 * 86_400_000),
        local_team_id: teams[0]!.id,
        visitor_team_id: teams[1]!.id,
        status: 'scheduled',
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { LeagueID, LeagueCode } = await createLeague({ ...w, seasonId: season.id }, a, { name: 'Tiny league' });
    expect((await a.client.post('/api/league/activate', { UserID: a.userId, LeagueID })).statusCode).toBe(200);
    expect((await a.client.get(`/api/league/${LeagueID}`)).json()).toMatchObject({
      Status: 'Active',
      FixturesRemaining: 1,
    });
    expect((await leagueFixtureList(db, LeagueID, new Date())).map((f) => f.FixtureID)).toEqual([fixture.id]);

    await db.updateTable('fixtures').set({ status: 'completed' }).where('id', '=', fixture.id).execute();
    expect(await fixturesRemaining(db, LeagueID)).toBe(0);
    expect((await a.client.get(`/api/league/${LeagueID}`)).json()).toMatchObject({
      Status: 'Finished',
      FixturesRemaining: 0,
    });
    const mine = (await a.client.get(`/api/league/userLeagues/${a.userId}`)).json().data;
    expect(mine.find((l: { LeagueID: number }) => l.LeagueID === LeagueID).Status).toBe('Finished');
    const stored = () => db.selectFrom('leagues').select('status').where('id', '=', LeagueID).executeTakeFirstOrThrow();
    expect((await stored()).status).toBe('Active');

    const r = await runLeagueJobs(db);
    expect(r.finished).toBeGreaterThanOrEqual(1);
    expect((await stored()).status).toBe('Finished');

    const join = await b.client.post('/api/league_member/joinLeague', {
      UserID: b.userId,
      LeagueCode,
      DisplayName: 'Ben',
    });
    expect(join.statusCode).toBe(400);
    expect(join.json().error.message).toBe(messages.leagueApi.leagueFinished);
    const edit = await a.client.put(`/api/league/${LeagueID}`, { Description: 'late', ShowOthersPicks: true });
    expect(edit.statusCode).toBe(400);
  });

  it('a Draft league is never Finished, whatever the date', async () => {
    const { LeagueID } = await createLeague(w, b, { name: 'Still drafting' });
    expect((await b.client.get(`/api/league/${LeagueID}`)).json().Status).toBe('Draft');
    await runLeagueJobs(w.t.db, { now: new Date(Date.now() + 365 * 86_400_000) });
    expect((await b.client.get(`/api/league/${LeagueID}`)).json().Status).toBe('Draft');
  });
});
