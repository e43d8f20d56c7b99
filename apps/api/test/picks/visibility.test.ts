import { messages } from '@fantasy-cricket/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '../helpers';
import {
  type LeagueWorld,
  addFixture,
  join,
  makeLeague,
  mpRows,
  person,
  playerAt,
  playersOf,
  saveMp,
  savePs,
  startFixture,
  startLeagueWorld,
} from './setup';

const L = messages.leagueApi;
const DAY = 86_400_000;
let w: LeagueWorld;
let a: SignedIn;
let b: SignedIn;
let c: SignedIn;
let d: SignedIn;

beforeAll(async () => {
  w = await startLeagueWorld();
  a = await person(w.t, 'Asha', 'Patel');
  b = await person(w.t, 'Ben', 'Okafor');
  c = await person(w.t, 'Chen', 'Li');
  d = await person(w.t, 'Dara', 'Quinn');
});
afterAll(async () => {
  await w.t.close();
});

interface Row {
  UserID: number;
  UserDisplayName: string;
  UserFullName: string;
  FeatureID: number;
  Feature: string;
  Selection: string;
  Winner: string;
  IsOwn: boolean;
  IsAutoPick: boolean;
}

const view = async (who: SignedIn, LeagueID: number, FixtureID: number) => {
  const res = await who.client.post('/api/view/selectionsForFixture', { LeagueID, FixtureID });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Row[];
};
const psView = async (who: SignedIn, LeagueID: number, FixtureID: number) => {
  const res = await who.client.post('/api/view/playerSelectionsForFixture', { LeagueID, FixtureID });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as (Row & { PositionName: string; PositionOrder: number; PlayerName: string; TeamCode: string })[];
};

/** A league where A (admin, 'Zed'), B ('Ben') and C ('amy', pending → approved later or not) each pick. */
async function mpLeagueWithPicks(o: { isPrivate: boolean; show: boolean; name: string }) {
  const league = await makeLeague(w, a, {
    name: o.name,
    isPrivate: o.isPrivate,
    showOthersPicks: o.show,
    displayName: 'Zed',
  });
  await join(a, b, league, 'Ben');
  await join(a, c, league, 'amy');
  const f = await addFixture(w, 5 * DAY);
  const rows = await mpRows(a, league.LeagueID, f.id);
  const winner = rows.find((r) => r.FeatureID === 1)!.LeagueFeatureID;
  const sixes = rows.find((r) => r.FeatureID === 6)!.LeagueFeatureID;
  for (const [who, team] of [
    [a, f.localTeamId],
    [b, f.visitorTeamId],
    [c, f.localTeamId],
  ] as const) {
    const res = await saveMp(who, [
      { LeagueID: league.LeagueID, FixtureID: f.id, LeagueFeatureID: winner, TeamID: team },
      { LeagueID: league.LeagueID, FixtureID: f.id, LeagueFeatureID: sixes, BonusOptionID: 602 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
  }
  return { league, f };
}

describe('All Selections (Match Prediction)', () => {
  it('before the start shows only your own picks, even when others are shown', async () => {
    const { league, f } = await mpLeagueWithPicks({ isPrivate: true, show: true, name: 'Before start' });
    const rows = await view(b, league.LeagueID, f.id);
    expect(rows.map((r) => [r.UserID, r.FeatureID, r.IsOwn])).toEqual([
      [b.userId, 1, true],
      [b.userId, 6, true],
    ]);
    expect(rows[0]).toMatchObject({
      UserDisplayName: 'Ben',
      UserFullName: 'Ben Okafor',
      Winner: '',
      IsAutoPick: false,
    });
  });

  it('after the start shows every Approved member in a league that shows picks, names sorted, full names when private', async () => {
    const { league, f } = await mpLeagueWithPicks({ isPrivate: true, show: true, name: 'After start' });
    await join(a, d, league, 'Dara', false); // pending: sees nothing
    await startFixture(w, f.id);
    const teams = (await b.client.get(`/api/team/getTeamsByFixtureID/${f.id}`)).json() as {
      ID: number;
      Name: string;
    }[];
    const name = (id: number) => teams.find((t) => t.ID === id)!.Name;
    const rows = await view(b, league.LeagueID, f.id);
    expect(rows.map((r) => [r.UserDisplayName, r.UserFullName, r.Feature, r.Selection, r.IsOwn])).toEqual([
      ['amy', 'Chen Li', 'Match Winner', name(f.localTeamId), false],
      ['amy', 'Chen Li', 'Total Sixes', '11-15', false],
      ['Ben', 'Ben Okafor', 'Match Winner', name(f.visitorTeamId), true],
      ['Ben', 'Ben Okafor', 'Total Sixes', '11-15', true],
      ['Zed', 'Asha Patel', 'Match Winner', name(f.localTeamId), false],
      ['Zed', 'Asha Patel', 'Total Sixes', '11-15', false],
    ]);
    expect(rows.every((r) => r.Winner === '')).toBe(true);
    const pending = await d.client.post('/api/view/selectionsForFixture', {
      LeagueID: league.LeagueID,
      FixtureID: f.id,
    });
    expect(pending.statusCode).toBe(403);
    expect(pending.json().error.message).toBe(L.notApproved);

    // Once results are in, the winners are named.
    await w.t.db
      .insertInto('fixture_feature_winners')
      .values([
        { fixture_id: f.id, feature_id: 1, entity_type: 'team', entity_id: f.localTeamId },
        { fixture_id: f.id, feature_id: 6, entity_type: 'bonus', entity_id: 602 },
        { fixture_id: f.id, feature_id: 6, entity_type: 'bonus', entity_id: 603 },
      ])
      .execute();
    const withWinners = await view(a, league.LeagueID, f.id);
    expect(withWinners.map((r) => r.Winner)).toEqual([
      name(f.localTeamId),
      '11-15, 16-20',
      name(f.localTeamId),
      '11-15, 16-20',
      name(f.localTeamId),
      '11-15, 16-20',
    ]);
  });

  it('after the start still shows only your own picks when the league hides them', async () => {
    const { league, f } = await mpLeagueWithPicks({ isPrivate: true, show: false, name: 'Hidden picks' });
    await startFixture(w, f.id);
    const rows = await view(c, league.LeagueID, f.id);
    expect(new Set(rows.map((r) => r.UserID))).toEqual(new Set([c.userId]));
    expect(rows).toHaveLength(2);
  });

  it('leaves full names out in public leagues', async () => {
    const { league, f } = await mpLeagueWithPicks({ isPrivate: false, show: true, name: 'Public picks' });
    await startFixture(w, f.id);
    const rows = await view(a, league.LeagueID, f.id);
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.UserFullName === '')).toBe(true);
    expect(rows.filter((r) => r.IsOwn).map((r) => r.UserID)).toEqual([a.userId, a.userId]);
  });

  it('refuses non-members and fixtures outside the league', async () => {
    const { league, f } = await mpLeagueWithPicks({ isPrivate: true, show: true, name: 'Closed view' });
    const res = await d.client.post('/api/view/selectionsForFixture', { LeagueID: league.LeagueID, FixtureID: f.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(L.notMember);
    expect(
      (await a.client.post('/api/view/selectionsForFixture', { LeagueID: league.LeagueID, FixtureID: 999_999 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await a.client.post('/api/view/selectionsForFixture', { LeagueID: 999_999, FixtureID: f.id })).statusCode,
    ).toBe(404);
  });
});

describe('All Selections (Player Selection)', () => {
  it('follows the same visibility, with positions in team-sheet order', async () => {
    const league = await makeLeague(w, a, { name: 'PS view', type: 2, showOthersPicks: true, displayName: 'Zed' });
    await join(a, b, league, 'Ben');
    const f = await addFixture(w, 5 * DAY);
    const players = await playersOf(a, f.id);
    const keeper = playerAt(players, 3);
    const batter = playerAt(players, 1);
    for (const who of [a, b]) {
      const res = await savePs(who, [
        { LeagueID: league.LeagueID, FixtureID: f.id, PositionTypeID: 1, PositionOrder: 2, PlayerID: batter.PlayerID },
        { LeagueID: league.LeagueID, FixtureID: f.id, PositionTypeID: 3, PositionOrder: 1, PlayerID: keeper.PlayerID },
      ]);
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = await psView(a, league.LeagueID, f.id);
    expect(before.map((r) => [r.UserID, r.PositionName, r.PositionOrder, r.PlayerName, r.TeamCode, r.IsOwn])).toEqual([
      [a.userId, 'Wicketkeeper', 1, keeper.PlayerFullName, keeper.TeamCode, true],
      [a.userId, 'Batsman', 2, batter.PlayerFullName, batter.TeamCode, true],
    ]);
    expect(before[0]!.UserFullName).toBe('Asha Patel');
    await startFixture(w, f.id);
    const after = await psView(a, league.LeagueID, f.id);
    expect(after.map((r) => [r.UserDisplayName, r.PositionName])).toEqual([
      ['Ben', 'Wicketkeeper'],
      ['Ben', 'Batsman'],
      ['Zed', 'Wicketkeeper'],
      ['Zed', 'Batsman'],
    ]);
    await w.t.db.updateTable('leagues').set({ show_others_picks: false }).where('id', '=', league.LeagueID).execute();
    expect((await psView(b, league.LeagueID, f.id)).map((r) => r.UserID)).toEqual([b.userId, b.userId]);
  });
});
