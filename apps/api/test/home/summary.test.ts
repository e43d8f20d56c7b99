import type { components } from '@fantasy-cricket/api-client';
import { TEAM_RULE_DEFAULTS } from '@fantasy-cricket/rules';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MP } from '../../src/cricket/catalogue';
import { demoFantasyLeagueName, keepDemoMembers } from '../../src/demo/members';
import { homeOrder } from '../../src/home/summary';
import { DB_TARGET } from '../db';
import type { SignedIn } from '../helpers';
import { createLeague } from '../leagues/setup';
import {
  addFixture,
  join,
  type LeagueWorld,
  makeLeague,
  mpRows,
  person,
  saveMp,
  startFixture,
  startLeagueWorld,
} from '../picks/setup';
import { mpPick } from '../standings/setup';

type HomeSummary = components['schemas']['HomeSummary'];
type HomeLeague = components['schemas']['HomeLeague'];

const HOUR = 3_600_000;

async function summary(who: SignedIn): Promise<HomeSummary> {
  const res = await who.client.get('/api/home/summary');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const leagueIn = (s: HomeSummary, leagueId: number) => s.Leagues.find((l) => l.LeagueID === leagueId);

/**
 * GET /home/summary: the signed-in player's own leagues with their place on each leaderboard, the next
 * fixture to lock with their picks for it, and the league's live fixtures.
 */
describe(`Home summary on ${DB_TARGET}`, () => {
  let w: LeagueWorld;
  let ada: SignedIn;
  let bo: SignedIn;
  let cy: SignedIn;
  let di: SignedIn;
  let main: { LeagueID: number; LeagueCode: string };

  beforeAll(async () => {
    w = await startLeagueWorld();
    ada = await person(w.t, 'Ada');
    bo = await person(w.t, 'Bo');
    cy = await person(w.t, 'Cy');
    di = await person(w.t, 'Di');
    main = await makeLeague(w, ada, { name: 'Office League', type: 1, displayName: 'Captain Ada' });
    await join(ada, bo, main, 'Bobby');
    await join(ada, cy, main, 'Cyril', false); // Pending
  });

  afterAll(async () => {
    await w?.t.close();
  });

  it('needs a session', async () => {
    const res = await w.t.client().get('/api/home/summary');
    expect(res.statusCode).toBe(401);
  });

  it('a newcomer: no leagues, no Gamer Name yet', async () => {
    const s = await summary(di);
    expect(s.Leagues).toEqual([]);
    expect(s.GamerName).toBe('');
    expect(Math.abs(Date.parse(s.ServerTime) - Date.now())).toBeLessThan(60_000);
  });

  it('a member with nothing scored: first with everyone, 0 points, the next lock with no picks made', async () => {
    const { rows } = await sql<{ id: number; name: string; start_time: Date | string }>`
      SELECT id, name, start_time FROM fixtures
      WHERE season_id = ${w.seasonId} AND status = 'scheduled' AND start_time > now()
      ORDER BY start_time, id LIMIT 1`.execute(w.t.db);
    const next = rows[0]!;
    const features = await mpRows(bo, main.LeagueID, next.id);
    const s = await summary(bo);
    expect(s.GamerName).toBe('Bobby');
    expect(leagueIn(s, main.LeagueID)).toEqual({
      LeagueID: main.LeagueID,
      LeagueName: 'Office League',
      LeagueTypeName: 'Match Prediction',
      IsPrivate: true,
      Status: 'Active',
      MemberStatus: 'Approved',
      IsAdmin: false,
      Position: 1,
      Members: 2,
      Points: 0,
      NextFixture: expect.objectContaining({
        FixtureID: next.id,
        FixtureName: next.name,
        StartTime: new Date(next.start_time).toISOString(),
        PicksMade: 0,
        PicksNeeded: features.length,
      }),
      LiveFixtures: [],
    });
    expect(leagueIn(await summary(ada), main.LeagueID)).toMatchObject({ IsAdmin: true, Position: 1, Points: 0 });

    // One pick saved: counted; the other member's picks are not theirs.
    const winner = features.find((r) => r.FeatureID === MP.MatchWinner)!;
    const team = (
      await w.t.db.selectFrom('fixtures').select('local_team_id').where('id', '=', next.id).executeTakeFirstOrThrow()
    ).local_team_id;
    const ok = await saveMp(bo, [
      { LeagueID: main.LeagueID, FixtureID: next.id, LeagueFeatureID: winner.LeagueFeatureID, TeamID: team },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(leagueIn(await summary(bo), main.LeagueID)?.NextFixture?.PicksMade).toBe(1);
    expect(leagueIn(await summary(ada), main.LeagueID)?.NextFixture?.PicksMade).toBe(0);
  });

  it('a Pending membership is shown as waiting for approval: no rank, no points, no fixture', async () => {
    const s = await summary(cy);
    expect(s.GamerName).toBe('Cyril');
    expect(s.Leagues).toEqual([
      expect.objectContaining({
        LeagueID: main.LeagueID,
        MemberStatus: 'Pending',
        Status: 'Active',
        Position: null,
        Points: null,
        NextFixture: null,
        LiveFixtures: [],
      }),
    ]);
  });

  it("only the caller's own leagues: another's never appear, a rejected request neither", async () => {
    const other = await makeLeague(w, di, { name: 'Di only', type: 1, displayName: 'Dido' });
    expect(leagueIn(await summary(bo), other.LeagueID)).toBeUndefined();
    expect(leagueIn(await summary(di), main.LeagueID)).toBeUndefined();
    await join(di, cy, other, 'Cyril again', false);
    const members = (await di.client.get(`/api/league_member/${other.LeagueID}/members`)).json().data as {
      MemberID: number;
      UserID: number;
    }[];
    const rejected = await di.client.post('/api/league_member/update_member_status', {
      LeagueMemberID: members.find((m) => m.UserID === cy.userId)!.MemberID,
      LeagueID: other.LeagueID,
      Status: 'Rejected',
      AdminUserID: di.userId,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(leagueIn(await summary(cy), other.LeagueID)).toBeUndefined();
  });

  it('ranks and points are those of the leaderboard', async () => {
    const league = await makeLeague(w, ada, { name: 'Scored League', type: 1, displayName: 'Captain Ada' });
    await join(ada, bo, league, 'Bobby');
    await join(ada, di, league, 'Dido');
    const played = await w.t.db
      .selectFrom('fixtures as f')
      .innerJoin('fixture_results as r', 'r.fixture_id', 'f.id')
      .select(['f.id', 'r.winner_team_id'])
      .where('f.season_id', '=', w.seasonId)
      .where('f.status', '=', 'completed')
      .where('r.result_type', '=', 'normal')
      .orderBy('f.start_time')
      .executeTakeFirstOrThrow();
    await mpPick(w.t.db, league.LeagueID, bo.userId, played.id, MP.MatchWinner, { team: played.winner_team_id! });
    await mpPick(w.t.db, league.LeagueID, di.userId, played.id, MP.MatchWinner, { team: played.winner_team_id! });
    const board = (await ada.client.get(`/api/view/leaderboard/${league.LeagueID}`)).json() as {
      UserID: number;
      Position: number;
      TotalPoints: number;
    }[];
    const row = (userId: number) => board.find((r) => r.UserID === userId)!;
    expect(row(bo.userId).TotalPoints).toBeGreaterThan(0);
    for (const who of [ada, bo, di]) {
      expect(leagueIn(await summary(who), league.LeagueID)).toMatchObject({
        Position: row(who.userId).Position,
        Points: row(who.userId).TotalPoints,
        Members: 3,
      });
    }
    expect(leagueIn(await summary(bo), league.LeagueID)?.Position).toBe(1);
    expect(leagueIn(await summary(ada), league.LeagueID)?.Position).toBe(3);
  });

  it('a league with no fixture to come is Finished: no next lock, still ranked; its live match is listed', async () => {
    const season = await w.t.db
      .insertInto('seasons')
      .values({ name: 'Short Cup', competition: 'Short Cup', year: 2031, is_active: true, source: 'console' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const short: LeagueWorld = { t: w.t, seasonId: season.id, seasonName: 'Short Cup' };
    const model = await w.t.db
      .selectFrom('fixtures')
      .select(['local_team_id', 'visitor_team_id'])
      .where('season_id', '=', w.seasonId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const fixture = await w.t.db
      .insertInto('fixtures')
      .values({
        season_id: season.id,
        stage_id: null,
        name: 'Short Cup final',
        start_time: new Date(Date.now() + 2 * HOUR),
        local_team_id: model.local_team_id,
        visitor_team_id: model.visitor_team_id,
        status: 'scheduled',
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const league = await makeLeague(short, ada, { name: 'Short League', type: 1, displayName: 'Captain Ada' });
    expect(leagueIn(await summary(ada), league.LeagueID)).toMatchObject({
      Status: 'Active',
      NextFixture: expect.objectContaining({ FixtureID: fixture.id }),
    });

    await startFixture(short, fixture.id);
    const finished = leagueIn(await summary(ada), league.LeagueID)!;
    expect(finished).toMatchObject({ Status: 'Finished', NextFixture: null, Position: 1, Points: 0, LiveFixtures: [] });

    await sql`INSERT INTO live_fixtures (fixture_id, match_id, source, info, scheduled_start)
      VALUES (${fixture.id}, 'short-final', 'test', '{}'::jsonb, now())`.execute(w.t.db);
    const live = leagueIn(await summary(ada), league.LeagueID)!;
    expect(live.LiveFixtures).toEqual([
      expect.objectContaining({ FixtureID: fixture.id, FixtureName: 'Short Cup final' }),
    ]);
    // The league's live match is not another league's.
    expect(leagueIn(await summary(ada), main.LeagueID)?.LiveFixtures).toEqual([]);
  });

  it('a Draft league (its admin, before activation) waits: no rank, no next lock', async () => {
    const draft = await createLeague(w, bo, { name: 'Bo draft', type: 1, displayName: 'Bobby' });
    expect(leagueIn(await summary(bo), draft.LeagueID)).toMatchObject({
      Status: 'Draft',
      IsAdmin: true,
      Position: null,
      Points: null,
      NextFixture: null,
      Members: 1,
    });
  });

  it('lists a brand-new upcoming fixture as the next lock once it is the soonest', async () => {
    const soon = await addFixture(w, 60_000, 'Very soon');
    const s = await summary(bo);
    expect(leagueIn(s, main.LeagueID)?.NextFixture).toMatchObject({ FixtureID: soon.id, PicksMade: 0 });
    // Leagues with picks to make come first.
    expect(s.Leagues[0]?.NextFixture?.FixtureID).toBe(soon.id);
  });
  it("offers the demo season's Player Selection league with team rules, joined by its code at once, until the player is in it", async () => {
    expect((await summary(di)).Showcase).toBeNull();
    await keepDemoMembers(w.t.db, { now: new Date(), aheadMs: 2 * HOUR });
    const offer = (await summary(di)).Showcase;
    expect(offer).toMatchObject({ LeagueName: demoFantasyLeagueName(w.seasonName), LeagueCode: expect.any(String) });
    const res = await di.client.post('/api/league_member/joinLeague', {
      UserID: di.userId,
      LeagueCode: offer!.LeagueCode,
      DisplayName: 'Diana',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Status: 'Approved' });
    const after = await summary(di);
    expect(after.Showcase).toBeNull();
    const league = after.Leagues.find((l) => l.LeagueName === offer!.LeagueName)!;
    expect(league).toMatchObject({ MemberStatus: 'Approved', IsPrivate: true, LeagueTypeName: 'Player Selection' });
    const rules = await di.client.get(`/api/league/${league.LeagueID}/team_rules`);
    expect(rules.json()).toMatchObject({ ...TEAM_RULE_DEFAULTS, IsLocked: true });
    // A private league of a person still asks its admin.
    const other = await makeLeague(w, ada, { name: 'Ada private PS', type: 2 });
    const asked = await di.client.post('/api/league_member/joinLeague', {
      UserID: di.userId,
      LeagueCode: other.LeagueCode,
      DisplayName: 'Diana',
    });
    expect(asked.json()).toMatchObject({ Status: 'Pending' });
  });
});

describe('Home order', () => {
  const league = (id: number, o: Partial<HomeLeague> = {}): HomeLeague => ({
    LeagueID: id,
    LeagueName: `L${id}`,
    LeagueTypeName: 'Match Prediction',
    IsPrivate: true,
    Status: 'Active',
    MemberStatus: 'Approved',
    IsAdmin: false,
    Position: 1,
    Members: 2,
    Points: 0,
    NextFixture: null,
    LiveFixtures: [],
    ...o,
  });
  const next = (at: string, made: number, needed = 5) => ({
    FixtureID: 1,
    FixtureName: 'M',
    StartTime: at,
    LocalTeamCode: 'A',
    VisitorTeamCode: 'B',
    PicksMade: made,
    PicksNeeded: needed,
  });
  const live = [
    { FixtureID: 2, FixtureName: 'N', StartTime: '2030-01-01T00:00:00Z', LocalTeamCode: 'A', VisitorTeamCode: 'B' },
  ];

  it('picks to make (soonest first), then playing (live first), then waiting, then finished', () => {
    const order = homeOrder([
      league(1, { Status: 'Finished', NextFixture: null }),
      league(2, { MemberStatus: 'Pending', Position: null, Points: null }),
      league(3, { NextFixture: next('2030-01-02T10:00:00Z', 5) }),
      league(4, { NextFixture: next('2030-01-03T10:00:00Z', 0) }),
      league(5, { NextFixture: next('2030-01-02T10:00:00Z', 2) }),
      league(6, { Status: 'Draft', Position: null, Points: null, IsAdmin: true }),
      league(7, { NextFixture: next('2030-01-04T10:00:00Z', 5), LiveFixtures: live }),
      league(8, { Status: 'Finished', LiveFixtures: live }),
    ]).map((l) => l.LeagueID);
    expect(order).toEqual([5, 4, 7, 8, 3, 2, 6, 1]);
  });
});
