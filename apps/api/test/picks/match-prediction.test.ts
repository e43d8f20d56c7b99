import { messages, startedMessage } from '@fantasy-cricket/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../src/http/errors';
import type { SignedIn } from '../helpers';
import {
  type FeatureRow,
  type LeagueWorld,
  addFixture,
  expectRefused,
  join,
  makeLeague,
  mpRows,
  outsider,
  person,
  pickTables,
  playerAt,
  playersOf,
  saveMp,
  sleep,
  startLeagueWorld,
} from './setup';

const P = messages.picksApi;
const L = messages.leagueApi;
const DAY = 86_400_000;
let w: LeagueWorld;
let a: SignedIn;
let b: SignedIn;
let c: SignedIn;

beforeAll(async () => {
  w = await startLeagueWorld();
  a = await person(w.t, 'Asha', 'Patel');
  b = await person(w.t, 'Ben', 'Okafor');
  c = await person(w.t, 'Chen', 'Li');
});
afterAll(async () => {
  await w.t.close();
});

const byFeature = (rows: FeatureRow[], featureId: number) => rows.find((r) => r.FeatureID === featureId)!;
const rowsOf = async (leagueId: number, userId: number, fixtureId: number) =>
  w.t.db
    .selectFrom('league_selections')
    .selectAll()
    .where('league_id', '=', leagueId)
    .where('user_id', '=', userId)
    .where('fixture_id', '=', fixtureId)
    .orderBy('league_configuration_id')
    .execute();

describe('the Match Prediction grid', () => {
  it('has one row per active feature in catalogue order, with bonus answers and allowed positions', async () => {
    const league = await makeLeague(w, a, { name: 'Grid league', inactiveFeatures: [6] });
    const f = await addFixture(w, 5 * DAY);
    const rows = await mpRows(a, league.LeagueID, f.id);
    expect(rows.map((r) => r.FeatureID)).toEqual([1, 2, 3, 4, 5]);
    expect(rows.map((r) => r.FeatureTypeName)).toEqual(['team', 'player', 'player', 'player', 'bonus']);
    for (const r of rows) {
      expect(r).toMatchObject({ ID: null, PlayerID: null, TeamID: null, BonusOptionID: null, IsAutoPick: false });
      expect(r.FixtureID).toBe(f.id);
      expect(Date.parse(r.StartTime)).toBeGreaterThan(Date.now());
    }
    expect(byFeature(rows, 2).AllowedPositionIDs).toEqual([1, 3, 4]);
    expect(byFeature(rows, 3).AllowedPositionIDs).toEqual([2, 4]);
    expect(byFeature(rows, 4).AllowedPositionIDs).toEqual([]);
    expect(byFeature(rows, 1).AllowedPositionIDs).toBeUndefined();
    expect(byFeature(rows, 5).BonusOptions.map((o) => o.ID)).toEqual([501, 502, 503, 504, 505, 506, 507]);
    expect(byFeature(rows, 1).BonusOptions).toEqual([]);
    expect(byFeature(rows, 2).Points).toBe(20);
  });

  it('is for Approved members of the league, for the league fixtures only', async () => {
    const league = await makeLeague(w, a, { name: 'Closed grid' });
    const f = await addFixture(w, 5 * DAY);
    const grid = (who: SignedIn, leagueId = league.LeagueID, fixtureId = f.id, userId = who.userId) =>
      who.client.post('/api/league_selection/user/', { UserID: userId, LeagueID: leagueId, FixtureID: fixtureId });
    expect((await grid(b)).statusCode).toBe(403);
    expect((await grid(b)).json().error.message).toBe(L.notMember);
    expect((await grid(b, league.LeagueID, f.id, a.userId)).json().error.message).toBe(apiMessages.notYours);
    await join(a, b, league, 'Benny', false);
    expect((await grid(b)).json().error.message).toBe(L.notApproved);
    expect((await grid(a, 999_999)).statusCode).toBe(404);
    expect((await grid(a, league.LeagueID, 999_999)).statusCode).toBe(404);
    const other = await w.t.db
      .insertInto('seasons')
      .values({ name: 'Other Cup 2026', competition: 'Other Cup', year: 2026, source: 'test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const outside = await w.t.db
      .insertInto('fixtures')
      .values({
        season_id: other.id,
        name: 'Elsewhere',
        start_time: new Date(Date.now() + DAY),
        local_team_id: f.localTeamId,
        visitor_team_id: f.visitorTeamId,
        status: 'scheduled',
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await grid(a, league.LeagueID, outside.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(P.fixtureNotInLeague(outside.id));
    const ps = await makeLeague(w, a, { name: 'PS grid', type: 2 });
    expect((await grid(a, ps.LeagueID)).json().error.message).toBe(P.notMatchPrediction);
  });
});

describe('saving Match Prediction picks', () => {
  it('saves team, player and bonus picks, changes and clears them, and reads them back', async () => {
    const league = await makeLeague(w, a, { name: 'Save league' });
    const f = await addFixture(w, 5 * DAY);
    const rows = await mpRows(a, league.LeagueID, f.id);
    const players = await playersOf(a, f.id);
    const batter = playerAt(players, 1);
    const bowler = playerAt(players, 2);
    const item = (featureId: number, choice: Record<string, unknown>) => ({
      LeagueID: league.LeagueID,
      FixtureID: f.id,
      LeagueFeatureID: byFeature(rows, featureId).LeagueFeatureID,
      ...choice,
    });
    const res = await saveMp(a, [
      item(1, { TeamID: f.visitorTeamId }),
      item(2, { PlayerID: batter.PlayerID }),
      item(3, { PlayerID: bowler.PlayerID, TeamID: null, BonusOptionID: 0 }),
      item(5, { BonusOptionID: 503 }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: messages.selections.savedMp, Saved: 4, CopiedTo: [] });

    const after = await mpRows(a, league.LeagueID, f.id);
    expect(byFeature(after, 1)).toMatchObject({ TeamID: f.visitorTeamId, PlayerID: null, IsAutoPick: false });
    expect(byFeature(after, 1).ID).toEqual(expect.any(Number));
    expect(byFeature(after, 2).PlayerID).toBe(batter.PlayerID);
    expect(byFeature(after, 3).PlayerID).toBe(bowler.PlayerID);
    expect(byFeature(after, 5).BonusOptionID).toBe(503);
    expect(byFeature(after, 4).ID).toBeNull();
    expect(await rowsOf(league.LeagueID, a.userId, f.id)).toHaveLength(4);

    // An auto-pick overwritten by the user is the user's pick.
    await w.t.db
      .updateTable('league_selections')
      .set({ is_auto_pick: true })
      .where('league_id', '=', league.LeagueID)
      .execute();
    const changed = await saveMp(a, [
      item(1, { TeamID: f.localTeamId }),
      item(2, { IsActive: false, PlayerID: batter.PlayerID }),
      item(5, { BonusOptionID: null }),
    ]);
    expect(changed.statusCode, changed.body).toBe(200);
    const stored = await rowsOf(league.LeagueID, a.userId, f.id);
    expect(stored.map((r) => [r.team_id, r.player_id, r.bonus_option_id, r.is_auto_pick])).toEqual([
      [f.localTeamId, null, null, false],
      [null, bowler.PlayerID, null, true],
    ]);
  });

  it('refuses options that are not valid for the fixture or the feature, saving nothing', async () => {
    const league = await makeLeague(w, a, { name: 'Strict league', inactiveFeatures: [6] });
    const f = await addFixture(w, 5 * DAY);
    const rows = await mpRows(a, league.LeagueID, f.id);
    const players = await playersOf(a, f.id);
    const bowler = playerAt(players, 2);
    const batter = playerAt(players, 1);
    const stranger = await outsider(w.t.db, f, w.seasonId, 1);
    const strangerTeam = await w.t.db
      .selectFrom('teams')
      .select('id')
      .where('id', 'not in', [f.localTeamId, f.visitorTeamId])
      .executeTakeFirstOrThrow();
    const all = await w.t.db.selectFrom('league_configurations').select(['id', 'league_id']).execute();
    const foreignFeature = all.find((r) => r.league_id !== league.LeagueID)!.id;
    const inactive = (
      await w.t.db
        .selectFrom('league_configurations')
        .select('id')
        .where('league_id', '=', league.LeagueID)
        .where('feature_id', '=', 6)
        .executeTakeFirstOrThrow()
    ).id;
    const good = {
      LeagueID: league.LeagueID,
      FixtureID: f.id,
      LeagueFeatureID: byFeature(rows, 4).LeagueFeatureID,
      PlayerID: batter.PlayerID,
    };
    const one = (featureId: number, choice: Record<string, unknown>) =>
      saveMp(a, [
        good,
        {
          LeagueID: league.LeagueID,
          FixtureID: f.id,
          LeagueFeatureID: byFeature(rows, featureId).LeagueFeatureID,
          ...choice,
        },
      ]);
    const fname = (id: number) => byFeature(rows, id).FeatureName;

    await expectRefused(w.t.db, () => one(1, { TeamID: strangerTeam.id }), 400, P.teamNotInFixture(f.name));
    await expectRefused(w.t.db, () => one(2, { PlayerID: stranger.id }), 400, P.playerNotInFixture(f.name));
    await expectRefused(
      w.t.db,
      () => one(2, { PlayerID: bowler.PlayerID }),
      400,
      P.playerPositionNotAllowed(bowler.PlayerFullName, 'Most Runs'),
    );
    await expectRefused(
      w.t.db,
      () => one(3, { PlayerID: batter.PlayerID }),
      400,
      P.playerPositionNotAllowed(batter.PlayerFullName, 'Most Wickets'),
    );
    await expectRefused(w.t.db, () => one(5, { BonusOptionID: 601 }), 400, P.bonusOptionNotForFeature(fname(5)));
    await expectRefused(w.t.db, () => one(5, { BonusOptionID: 99_999 }), 400, P.bonusOptionNotForFeature(fname(5)));
    await expectRefused(w.t.db, () => one(1, { TeamID: null, PlayerID: batter.PlayerID }), 400, P.needsTeam(fname(1)));
    await expectRefused(w.t.db, () => one(2, { TeamID: f.localTeamId }), 400, P.needsPlayer(fname(2)));
    await expectRefused(w.t.db, () => one(5, { TeamID: f.localTeamId }), 400, P.needsBonusOption(fname(5)));
    await expectRefused(
      w.t.db,
      () => one(2, { PlayerID: batter.PlayerID, BonusOptionID: 501 }),
      400,
      P.oneChoice(fname(2)),
    );
    await expectRefused(
      w.t.db,
      () => saveMp(a, [good, { ...good, LeagueFeatureID: foreignFeature }]),
      400,
      P.unknownLeagueFeature(foreignFeature),
    );
    await expectRefused(
      w.t.db,
      () => saveMp(a, [good, { ...good, LeagueFeatureID: inactive, BonusOptionID: 601, PlayerID: null }]),
      400,
      P.featureInactive('Total Sixes'),
    );
    await expectRefused(w.t.db, () => saveMp(a, [good, { ...good, PlayerID: bowler.PlayerID }]), 400, P.repeatedItem);
    await expectRefused(
      w.t.db,
      () => saveMp(a, [good, { ...good, FixtureID: 999_999 }]),
      400,
      P.fixtureNotInLeague(999_999),
    );
    await expectRefused(w.t.db, () => saveMp(a, [{ ...good, PlayerID: 'x' }]), 400);
    await expectRefused(w.t.db, () => saveMp(a, []), 400);
    expect(await rowsOf(league.LeagueID, a.userId, f.id)).toEqual([]);
  });

  it('refuses other users, non-members, pending members and mixed leagues', async () => {
    const league = await makeLeague(w, a, { name: 'Guarded league' });
    const second = await makeLeague(w, a, { name: 'Second guarded' });
    const f = await addFixture(w, 5 * DAY);
    const rows = await mpRows(a, league.LeagueID, f.id);
    const item = {
      LeagueID: league.LeagueID,
      FixtureID: f.id,
      LeagueFeatureID: rows[0]!.LeagueFeatureID,
      TeamID: f.localTeamId,
    };
    await expectRefused(w.t.db, () => saveMp(b, [{ ...item, UserID: a.userId }]), 403, apiMessages.notYours);
    await expectRefused(w.t.db, () => saveMp(b, [item]), 403, L.notMember);
    await join(a, b, league, 'Benny', false);
    await expectRefused(w.t.db, () => saveMp(b, [item]), 403, L.notApproved);
    await expectRefused(
      w.t.db,
      () => saveMp(a, [item, { ...item, LeagueID: second.LeagueID }]),
      400,
      L.oneLeaguePerRequest,
    );
    await expectRefused(w.t.db, () => saveMp(a, [{ ...item, LeagueID: 999_999 }]), 404, L.notFound);
    const ps = await makeLeague(w, a, { name: 'PS not MP', type: 2 });
    await expectRefused(w.t.db, () => saveMp(a, [{ ...item, LeagueID: ps.LeagueID }]), 400, P.notMatchPrediction);
    const anon = w.t.client();
    const res = await anon.put('/api/league_selection/bulk_update', {
      CopyToOtherLeagues: false,
      Selection: [{ ...item, UserID: a.userId, IsActive: true }],
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses Draft and Finished leagues with 400', async () => {
    const draft = await makeLeague(w, a, { name: 'Draft picks', draft: true });
    const f = await addFixture(w, 5 * DAY);
    const rows = await mpRows(a, draft.LeagueID, f.id);
    const item = {
      LeagueID: draft.LeagueID,
      FixtureID: f.id,
      LeagueFeatureID: rows[0]!.LeagueFeatureID,
      TeamID: f.localTeamId,
    };
    await expectRefused(w.t.db, () => saveMp(a, [item]), 400, P.leagueDraft);

    const active = await makeLeague(w, a, { name: 'Soon finished' });
    const activeRows = await mpRows(a, active.LeagueID, f.id);
    const activeItem = { ...item, LeagueID: active.LeagueID, LeagueFeatureID: activeRows[0]!.LeagueFeatureID };
    await w.t.db.updateTable('leagues').set({ status: 'Finished' }).where('id', '=', active.LeagueID).execute();
    await expectRefused(w.t.db, () => saveMp(a, [activeItem]), 400, P.leagueFinished);
    // Still readable once Finished.
    expect((await mpRows(a, active.LeagueID, f.id)).length).toBe(6);
  });

  it('locks a fixture at its start time by the server clock: before it saves, after it refuses as a whole', async () => {
    const league = await makeLeague(w, a, { name: 'Clock league' });
    const soon = await addFixture(w, 1_500, 'Soon match');
    const later = await addFixture(w, 5 * DAY, 'Later match');
    const rows = await mpRows(a, league.LeagueID, soon.id);
    const feature = rows[0]!.LeagueFeatureID;
    const pick = (f: { id: number; localTeamId: number }) => ({
      LeagueID: league.LeagueID,
      FixtureID: f.id,
      LeagueFeatureID: feature,
      TeamID: f.localTeamId,
    });
    const before = await saveMp(a, [pick(soon)]);
    expect(before.statusCode, before.body).toBe(200);
    const time = (await a.client.get('/api/view/serverTime')).json().currentServerTime as string;
    expect(Math.abs(Date.parse(time) - Date.now())).toBeLessThan(5_000);
    const fixtures = (await a.client.get(`/api/league_fixture/getAllFixturesForLeague/${league.LeagueID}`)).json();
    expect(fixtures.find((x: { FixtureID: number }) => x.FixtureID === soon.id).HasStarted).toBe(false);

    await sleep(1_700);
    const snapshot = await pickTables(w.t.db);
    await expectRefused(
      w.t.db,
      () => saveMp(a, [pick(later), { ...pick(soon), TeamID: soon.visitorTeamId }]),
      400,
      startedMessage(['Soon match']),
    );
    expect(await pickTables(w.t.db)).toEqual(snapshot);
    expect(await rowsOf(league.LeagueID, a.userId, later.id)).toEqual([]);
    expect((await rowsOf(league.LeagueID, a.userId, soon.id)).map((r) => r.team_id)).toEqual([soon.localTeamId]);
    // Clearing a started pick is refused too.
    await expectRefused(
      w.t.db,
      () => saveMp(a, [{ ...pick(soon), IsActive: false }]),
      400,
      startedMessage(['Soon match']),
    );
    const fixturesAfter = (await a.client.get(`/api/league_fixture/getAllFixturesForLeague/${league.LeagueID}`)).json();
    expect(fixturesAfter.find((x: { FixtureID: number }) => x.FixtureID === soon.id).HasStarted).toBe(true);
  });

  it('serialises two identical concurrent saves: one row per pick, no error', async () => {
    const league = await makeLeague(w, a, { name: 'Race league' });
    const f = await addFixture(w, 5 * DAY);
    const rows = await mpRows(a, league.LeagueID, f.id);
    const items = [
      {
        LeagueID: league.LeagueID,
        FixtureID: f.id,
        LeagueFeatureID: byFeature(rows, 1).LeagueFeatureID,
        TeamID: f.localTeamId,
      },
      {
        LeagueID: league.LeagueID,
        FixtureID: f.id,
        LeagueFeatureID: byFeature(rows, 6).LeagueFeatureID,
        BonusOptionID: 602,
      },
    ];
    const results = await Promise.all([saveMp(a, items, true), saveMp(a, items, true), saveMp(a, items)]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect(await rowsOf(league.LeagueID, a.userId, f.id)).toHaveLength(2);
  });
});

describe('copying Match Prediction picks to the other leagues', () => {
  it("maps by feature to each Active league's active features and reports what it skipped", async () => {
    const main = await makeLeague(w, c, { name: 'Main MP' });
    const fewer = await makeLeague(w, c, { name: 'Fewer features', inactiveFeatures: [2, 5] });
    const joined = await makeLeague(w, a, { name: 'Joined MP' });
    await join(a, c, joined, 'Chen');
    const pending = await makeLeague(w, a, { name: 'Pending MP' });
    await join(a, c, pending, 'Chen', false);
    const draft = await makeLeague(w, c, { name: 'Draft MP', draft: true });
    const finished = await makeLeague(w, c, { name: 'Finished MP' });
    await w.t.db.updateTable('leagues').set({ status: 'Finished' }).where('id', '=', finished.LeagueID).execute();
    const psLeague = await makeLeague(w, c, { name: 'PS of Chen', type: 2 });
    const otherSeason = await w.t.db
      .insertInto('seasons')
      .values({ name: 'Copy Cup 2026', competition: 'Copy Cup', year: 2026, source: 'test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const f = await addFixture(w, 5 * DAY);
    // An Active league of another season (it has a fixture to come, but not this one).
    await w.t.db
      .insertInto('fixtures')
      .values({
        season_id: otherSeason.id,
        name: 'Copy Cup final',
        start_time: new Date(Date.now() + 9 * DAY),
        local_team_id: f.localTeamId,
        visitor_team_id: f.visitorTeamId,
        status: 'scheduled',
        updated_at: new Date(),
      })
      .execute();
    const elsewhere = await makeLeague({ ...w, seasonId: otherSeason.id }, c, { name: 'Other season MP' });

    const rows = await mpRows(c, main.LeagueID, f.id);
    const players = await playersOf(c, f.id);
    const item = (featureId: number, choice: Record<string, unknown>) => ({
      LeagueID: main.LeagueID,
      FixtureID: f.id,
      LeagueFeatureID: byFeature(rows, featureId).LeagueFeatureID,
      ...choice,
    });
    const res = await saveMp(
      c,
      [
        item(1, { TeamID: f.localTeamId }),
        item(2, { PlayerID: playerAt(players, 1).PlayerID }),
        item(4, { PlayerID: playerAt(players, 2).PlayerID }),
        item(5, { BonusOptionID: 505 }),
      ],
      true,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: messages.selections.savedMp,
      Saved: 4,
      CopiedTo: [
        { LeagueID: fewer.LeagueID, LeagueName: 'Fewer features', Saved: 2, Skipped: 2 },
        { LeagueID: joined.LeagueID, LeagueName: 'Joined MP', Saved: 4, Skipped: 0 },
      ],
    });
    const fewerRows = await mpRows(c, fewer.LeagueID, f.id);
    expect(fewerRows.map((r) => [r.FeatureID, r.TeamID ?? r.PlayerID ?? r.BonusOptionID])).toEqual([
      [1, f.localTeamId],
      [3, null],
      [4, playerAt(players, 2).PlayerID],
      [6, null],
    ]);
    const joinedRows = await mpRows(c, joined.LeagueID, f.id);
    expect(byFeature(joinedRows, 5).BonusOptionID).toBe(505);
    for (const id of [pending.LeagueID, draft.LeagueID, finished.LeagueID, psLeague.LeagueID, elsewhere.LeagueID]) {
      expect(await rowsOf(id, c.userId, f.id)).toEqual([]);
    }
    expect(await rowsOf(main.LeagueID, c.userId, f.id)).toHaveLength(4);
    // Without the flag, nothing else changes.
    const only = await saveMp(c, [item(1, { TeamID: f.visitorTeamId })]);
    expect(only.json().CopiedTo).toEqual([]);
    expect(byFeature(await mpRows(c, joined.LeagueID, f.id), 1).TeamID).toBe(f.localTeamId);
  });
});

describe('fixtures of a league', () => {
  it('lists every fixture by start time with names and HasStarted, for Approved members only', async () => {
    const league = await makeLeague(w, a, { name: 'Fixture list' });
    const res = await a.client.get(`/api/league_fixture/getAllFixturesForLeague/${league.LeagueID}`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as { FixtureID: number; StartTime: string; HasStarted: boolean; LocalTeamName: string }[];
    const count = await w.t.db
      .selectFrom('fixtures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('season_id', '=', w.seasonId)
      .executeTakeFirstOrThrow();
    expect(list.length).toBe(Number(count.n));
    const times = list.map((x) => Date.parse(x.StartTime));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    for (const x of list) expect(x.HasStarted).toBe(Date.parse(x.StartTime) <= Date.now());
    expect(list.some((x) => x.HasStarted)).toBe(true);
    expect(list.some((x) => !x.HasStarted)).toBe(true);
    expect(list[0]!.LocalTeamName.length).toBeGreaterThan(0);
    expect((await b.client.get(`/api/league_fixture/getAllFixturesForLeague/${league.LeagueID}`)).statusCode).toBe(403);
    expect((await a.client.get('/api/league_fixture/getAllFixturesForLeague/999999')).statusCode).toBe(404);
  });

  it('lists the players and teams of a fixture for any signed-in user', async () => {
    const f = await addFixture(w, 5 * DAY);
    const players = await playersOf(b, f.id);
    expect(players.length).toBeGreaterThan(20);
    const teams = (await b.client.get(`/api/team/getTeamsByFixtureID/${f.id}`)).json() as {
      ID: number;
      Name: string;
      Code: string;
    }[];
    expect(teams.map((t) => t.ID).sort()).toEqual([f.localTeamId, f.visitorTeamId].sort());
    expect([...teams.map((t) => t.Name)].sort()).toEqual(teams.map((t) => t.Name));
    const rank: Record<number, number> = { 3: 1, 1: 2, 4: 3, 2: 4 };
    const keys = players.map((p) => [p.TeamName, rank[p.PositionID], p.PlayerFullName] as const);
    const sorted = [...keys].sort((x, y) => x[0].localeCompare(y[0]) || x[1]! - y[1]! || x[2].localeCompare(y[2]));
    expect(keys).toEqual(sorted);
    for (const p of players) expect([f.localTeamId, f.visitorTeamId]).toContain(p.TeamID);
    expect((await b.client.get('/api/player/getPlayersByFixtureID/999999')).statusCode).toBe(404);
    expect((await b.client.get('/api/team/getTeamsByFixtureID/999999')).statusCode).toBe(404);
    expect((await w.t.client().get(`/api/team/getTeamsByFixtureID/${f.id}`)).statusCode).toBe(401);
  });
});

describe('saving Match Prediction picks again', () => {
  it('leaves picks already holding the choice as they are, in every league; clears and auto-picks follow the save', async () => {
    const g = await person(w.t, 'Gita', 'Rao');
    const main = await makeLeague(w, g, { name: 'Steady MP' });
    const other = await makeLeague(w, g, { name: 'Steady copy MP' });
    const f = await addFixture(w, 5 * DAY);
    const rows = await mpRows(g, main.LeagueID, f.id);
    const players = await playersOf(g, f.id);
    const item = (featureId: number, choice: Record<string, unknown>) => ({
      LeagueID: main.LeagueID,
      FixtureID: f.id,
      LeagueFeatureID: byFeature(rows, featureId).LeagueFeatureID,
      ...choice,
    });
    const first = await saveMp(
      g,
      [
        item(1, { TeamID: f.localTeamId }),
        item(4, { PlayerID: playerAt(players, 2).PlayerID }),
        item(5, { BonusOptionID: 505 }),
        item(6, { BonusOptionID: 601 }),
      ],
      true,
    );
    expect(first.statusCode, first.body).toBe(200);
    const old = new Date('2020-01-01T00:00:00Z');
    await w.t.db.updateTable('league_selections').set({ updated_at: old }).where('user_id', '=', g.userId).execute();
    const otherRows = await mpRows(g, other.LeagueID, f.id);
    await w.t.db
      .updateTable('league_selections')
      .set({ is_auto_pick: true })
      .where('league_configuration_id', '=', byFeature(otherRows, 5).LeagueFeatureID)
      .execute();

    // The same team and bonus, another player of the match, total sixes cleared.
    const res = await saveMp(
      g,
      [
        item(1, { TeamID: f.localTeamId }),
        item(4, { PlayerID: playerAt(players, 1).PlayerID }),
        item(5, { BonusOptionID: 505 }),
        item(6, { IsActive: false }),
      ],
      true,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: messages.selections.savedMp,
      Saved: 4,
      CopiedTo: [{ LeagueID: other.LeagueID, LeagueName: 'Steady copy MP', Saved: 4, Skipped: 0 }],
    });
    const stored = async (leagueId: number) => {
      const grid = await mpRows(g, leagueId, f.id);
      const byConfig = new Map(grid.map((r) => [r.LeagueFeatureID, r.FeatureID]));
      return (await rowsOf(leagueId, g.userId, f.id))
        .map((r) => [
          byConfig.get(r.league_configuration_id),
          r.team_id ?? r.player_id ?? r.bonus_option_id,
          r.is_auto_pick,
          new Date(r.updated_at) > old,
        ])
        .sort((x, y) => Number(x[0]) - Number(y[0]));
    };
    expect(await stored(main.LeagueID)).toEqual([
      [1, f.localTeamId, false, false],
      [4, playerAt(players, 1).PlayerID, false, true],
      [5, 505, false, false],
    ]);
    expect(await stored(other.LeagueID)).toEqual([
      [1, f.localTeamId, false, false],
      [4, playerAt(players, 1).PlayerID, false, true],
      [5, 505, false, true],
    ]);
  });
});
