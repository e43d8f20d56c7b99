import { formatCredits, messages, TEAM_RULE_DEFAULTS, TEAM_RULES_OFF, teamMessages } from '@fantasy-cricket/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoPickFixture } from '../../src/autopick/job';
import type { SignedIn } from '../helpers';
import { createLeague } from '../leagues/setup';
import {
  addFixture,
  expectRefused,
  join,
  type LeagueWorld,
  makeLeague,
  type PlayerOption,
  person,
  playersOf,
  psRows,
  savePs,
  startFixture,
  startLeagueWorld,
  type TestFixture,
} from './setup';

/**
 * Player Selection team rules (issue 27, docs/decisions/0046-team-rules.md): the admin's rules per
 * league, every rule enforced on save and on copies, the team's captain, vice-captain and backups,
 * and backups replacing picks outside the announced XI at the lock.
 */

const DAY = 86_400_000;
const BAT = 1;
const BOWL = 2;
const KEEP = 3;
const ALL = 4;
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

type Rules = typeof TEAM_RULE_DEFAULTS;

/** A private PS league by Asha with `rules` set while Draft, then activated; Ben joins. */
async function rulesLeague(name: string, rules: Rules | null) {
  const league = await makeLeague(w, a, { name, type: 2, draft: true });
  if (rules) {
    const res = await a.client.put(`/api/league/${league.LeagueID}/team_rules`, rules);
    expect(res.statusCode, res.body).toBe(200);
  }
  const res = await a.client.post('/api/league/activate', { UserID: a.userId, LeagueID: league.LeagueID });
  expect(res.statusCode, res.body).toBe(200);
  await join(a, b, league, 'Ben');
  return league.LeagueID;
}

const slot = (leagueId: number, f: TestFixture, positionId: number, order: number, p: PlayerOption | number) => ({
  LeagueID: leagueId,
  FixtureID: f.id,
  PositionTypeID: positionId,
  PositionOrder: order,
  PlayerID: typeof p === 'number' ? p : p.PlayerID,
});

const team = (leagueId: number, f: TestFixture, c: number | null, vc: number | null, backups: number[] = []) => ({
  LeagueID: leagueId,
  FixtureID: f.id,
  CaptainPlayerID: c,
  ViceCaptainPlayerID: vc,
  Backups: backups,
});

function saveTeam(who: SignedIn, selection: ReturnType<typeof slot>[], teams: ReturnType<typeof team>[], copy = false) {
  return who.client.put('/api/player_selection/bulk_update', {
    CopyToOtherLeagues: copy,
    Selection: selection.map((s) => ({ UserID: who.userId, IsActive: true, ...s })),
    Teams: teams,
  });
}

async function figures(who: SignedIn, leagueId: number, f: TestFixture) {
  const res = await who.client.get(`/api/player_selection/player_figures/?FixtureID=${f.id}&LeagueID=${leagueId}`);
  expect(res.statusCode, res.body).toBe(200);
  return new Map(
    (res.json() as { PlayerID: number; Price: number; Playing: boolean | null }[]).map((x) => [x.PlayerID, x]),
  );
}

async function teamOf(who: SignedIn, leagueId: number, f: TestFixture) {
  const res = await who.client.get(`/api/player_selection/team/?FixtureID=${f.id}&LeagueID=${leagueId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    Rules: Rules & { IsLocked: boolean };
    CaptainPlayerID: number | null;
    ViceCaptainPlayerID: number | null;
    Backups: number[];
    Replacements: { PlayerID: number; ReplacedPlayerID: number }[];
    XIAnnounced: boolean;
  };
}

/** The players of a position, from one side first (`teamId`), then the other. */
const byPosition = (players: PlayerOption[], positionId: number, teamId?: number) =>
  players
    .filter((p) => p.PositionID === positionId)
    .sort((x, y) => Number(y.TeamID === teamId) - Number(x.TeamID === teamId) || x.PlayerID - y.PlayerID);

describe('a new Player Selection league', () => {
  it('starts with 100 credits, a captain 2× and a vice-captain 1.5×, 7 from one side and 4 backups', async () => {
    const league = await createLeague(w, a, { name: 'Defaults XI', type: 2, teamRules: 'new' });
    const res = await a.client.get(`/api/league/${league.LeagueID}/team_rules`);
    expect(res.json()).toEqual({ LeagueID: league.LeagueID, ...TEAM_RULE_DEFAULTS, IsLocked: false });
    expect(TEAM_RULE_DEFAULTS).toEqual({
      BudgetCredits: 100,
      CaptainMultiplier: 2,
      ViceCaptainMultiplier: 1.5,
      MaxPerSide: 7,
      Backups: 4,
    });
  });

  it('of before the rules (no rules row) plays without them', async () => {
    const leagueId = await rulesLeague('Before the rules XI', null);
    await w.t.db.deleteFrom('league_team_rules').where('league_id', '=', leagueId).execute();
    expect((await a.client.get(`/api/league/${leagueId}/team_rules`)).json()).toEqual({
      LeagueID: leagueId,
      ...TEAM_RULES_OFF,
      IsLocked: true,
    });
    const f = await addFixture(w, 5 * DAY);
    const [x, y] = byPosition(await playersOf(a, f.id), BAT);
    const saved = await savePs(a, [slot(leagueId, f, BAT, 1, x!), slot(leagueId, f, BAT, 2, y!)]);
    expect(saved.statusCode, saved.body).toBe(200);
  });
});

describe('a league without team rules', () => {
  it('plays as before: every rule off, no captain asked, and a captain refused', async () => {
    const leagueId = await rulesLeague('No rules XI', null);
    const rules = await a.client.get(`/api/league/${leagueId}/team_rules`);
    expect(rules.json()).toEqual({ LeagueID: leagueId, ...TEAM_RULES_OFF, IsLocked: true });
    const f = await addFixture(w, 5 * DAY);
    const players = await playersOf(a, f.id);
    const [x, y] = byPosition(players, BAT);
    const saved = await savePs(a, [slot(leagueId, f, BAT, 1, x!), slot(leagueId, f, BAT, 2, y!)]);
    expect(saved.statusCode, saved.body).toBe(200);
    await expectRefused(
      w.t.db,
      () => saveTeam(a, [slot(leagueId, f, BAT, 1, x!)], [team(leagueId, f, x!.PlayerID, null)]),
      400,
      teamMessages.noRoles,
    );
    expect((await teamOf(a, leagueId, f)).CaptainPlayerID).toBeNull();
  });
});

describe('the admin sets the rules', () => {
  it('while the league is a Draft, each figure within its range, and not after activation', async () => {
    const league = await makeLeague(w, a, { name: 'Rules Draft', type: 2, draft: true });
    const id = league.LeagueID;
    const put = (who: SignedIn, body: Partial<Rules>) =>
      who.client.put(`/api/league/${id}/team_rules`, { ...TEAM_RULE_DEFAULTS, ...body });
    for (const [body, message] of [
      [{ BudgetCredits: 30 }, teamMessages.ruleInvalid('The budget', 50, 200)],
      [{ BudgetCredits: 100.25 }, teamMessages.ruleInvalid('The budget', 50, 200)],
      [{ CaptainMultiplier: 4 }, teamMessages.ruleInvalid("The captain's multiplier", 1, 3)],
      [{ ViceCaptainMultiplier: 1.33 }, teamMessages.ruleInvalid("The vice-captain's multiplier", 1, 3)],
      [{ CaptainMultiplier: null }, teamMessages.multipliersTogether],
      [{ MaxPerSide: 0 }, teamMessages.ruleInvalid('The most players from one side', 1, 10)],
      [{ Backups: 5 }, teamMessages.ruleInvalid('The number of backups', 0, 4)],
    ] as const) {
      const res = await put(a, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await put(b, {})).statusCode).toBe(403);
    const ok = await put(a, {
      BudgetCredits: 90,
      CaptainMultiplier: 3,
      ViceCaptainMultiplier: 1.25,
      MaxPerSide: null,
      Backups: 2,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      LeagueID: id,
      BudgetCredits: 90,
      CaptainMultiplier: 3,
      ViceCaptainMultiplier: 1.25,
      MaxPerSide: null,
      Backups: 2,
      IsLocked: false,
    });
    await a.client.post('/api/league/activate', { UserID: a.userId, LeagueID: id });
    const late = await put(a, {});
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(teamMessages.rulesLocked);
    const read = await a.client.get(`/api/league/${id}/team_rules`);
    expect(read.json()).toMatchObject({ BudgetCredits: 90, CaptainMultiplier: 3, IsLocked: true });

    const mp = await makeLeague(w, a, { name: 'Rules MP', type: 1, draft: true });
    const onMp = await a.client.put(`/api/league/${mp.LeagueID}/team_rules`, TEAM_RULE_DEFAULTS);
    expect(onMp.statusCode).toBe(400);
    expect(onMp.json().error.message).toBe(teamMessages.rulesPlayerSelectionOnly);
  });
});

describe('every rule, on save', () => {
  let leagueId: number;
  let f: TestFixture;
  let players: PlayerOption[];

  beforeAll(async () => {
    leagueId = await rulesLeague('Rules XI', { ...TEAM_RULE_DEFAULTS, MaxPerSide: 3, BudgetCredits: 50 });
    f = await addFixture(w, 5 * DAY);
    players = await playersOf(a, f.id);
  });

  it('asks for a captain and a different vice-captain among the picked players', async () => {
    const [x, y] = byPosition(players, BAT);
    const picks = [slot(leagueId, f, BAT, 1, x!), slot(leagueId, f, BAT, 2, y!)];
    await expectRefused(w.t.db, () => savePs(a, picks), 400, teamMessages.noCaptainAndVice);
    await expectRefused(
      w.t.db,
      () => saveTeam(a, picks, [team(leagueId, f, x!.PlayerID, x!.PlayerID)]),
      400,
      teamMessages.sameCaptainAndVice,
    );
    await expectRefused(
      w.t.db,
      () => saveTeam(a, picks, [team(leagueId, f, x!.PlayerID, null)]),
      400,
      teamMessages.noViceCaptain,
    );
    const other = byPosition(players, BOWL)[0]!;
    await expectRefused(
      w.t.db,
      () => saveTeam(a, picks, [team(leagueId, f, other.PlayerID, y!.PlayerID)]),
      400,
      teamMessages.roleNotPicked('captain'),
    );
    const ok = await saveTeam(a, picks, [team(leagueId, f, x!.PlayerID, y!.PlayerID)]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await teamOf(a, leagueId, f)).toMatchObject({
      CaptainPlayerID: x!.PlayerID,
      ViceCaptainPlayerID: y!.PlayerID,
    });
    // Replacing the captain's slot without naming a new one: the team has no captain any more.
    const z = byPosition(players, BAT)[2]!;
    await expectRefused(w.t.db, () => savePs(a, [slot(leagueId, f, BAT, 1, z)]), 400, teamMessages.noCaptain);
  });

  it('refuses more players from one side than the cap, naming the side', async () => {
    const home = f.localTeamId;
    const bats = byPosition(players, BAT, home);
    const homeName = (await w.t.db.selectFrom('teams').select('name').where('id', '=', home).executeTakeFirstOrThrow())
      .name;
    const four = [...bats.slice(0, 3), byPosition(players, BOWL, home)[0]!];
    expect(four.every((p) => p.TeamID === home)).toBe(true);
    await expectRefused(
      w.t.db,
      () =>
        saveTeam(
          a,
          [...four.slice(0, 3).map((p, i) => slot(leagueId, f, BAT, i + 1, p)), slot(leagueId, f, BOWL, 1, four[3]!)],
          [team(leagueId, f, four[0]!.PlayerID, four[1]!.PlayerID)],
        ),
      400,
      teamMessages.tooManyFromSide(3, homeName, 4),
    );
  });

  it('refuses a team over the budget, saying by how much, at the prices the team sheet shows', async () => {
    const prices = await figures(a, leagueId, f);
    // A full team of 11 from both sides within the side cap of 3 is impossible: lift it for this check.
    await w.t.db
      .updateTable('league_team_rules')
      .set({ max_per_side: null })
      .where('league_id', '=', leagueId)
      .execute();
    const counts = { [BAT]: 4, [BOWL]: 4, [ALL]: 2, [KEEP]: 1 } as Record<number, number>;
    const chosen = Object.entries(counts).flatMap(([pos, n]) => byPosition(players, Number(pos)).slice(0, n));
    expect(chosen).toHaveLength(11);
    const cost = chosen.reduce((s, p) => s + Math.round(prices.get(p.PlayerID)!.Price * 10), 0) / 10;
    expect(cost).toBeGreaterThan(50); // 11 players at 6.0 credits at least
    const order = new Map<number, number>();
    const selection = chosen.map((p) => {
      const n = (order.get(p.PositionID) ?? 0) + 1;
      order.set(p.PositionID, n);
      return slot(leagueId, f, p.PositionID, n, p);
    });
    await expectRefused(
      w.t.db,
      () => saveTeam(a, selection, [team(leagueId, f, chosen[0]!.PlayerID, chosen[1]!.PlayerID)]),
      400,
      teamMessages.overBudget(Math.round((cost - 50) * 10) / 10, 50),
    );
    expect(teamMessages.overBudget(Math.round((cost - 50) * 10) / 10, 50)).toContain(
      `${formatCredits(Math.round((cost - 50) * 10) / 10)} credits more`,
    );
    await w.t.db.updateTable('league_team_rules').set({ max_per_side: 3 }).where('league_id', '=', leagueId).execute();
  });

  it('keeps backups in order, at most the league allows, never a picked player', async () => {
    const [x, y] = byPosition(players, BAT);
    const [b1, b2, b3, b4, b5] = byPosition(players, BOWL);
    const picks = [slot(leagueId, f, BAT, 1, x!), slot(leagueId, f, BAT, 2, y!)];
    await expectRefused(
      w.t.db,
      () =>
        saveTeam(a, picks, [
          team(
            leagueId,
            f,
            x!.PlayerID,
            y!.PlayerID,
            [b1, b2, b3, b4, b5].map((p) => p!.PlayerID),
          ),
        ]),
      400, // the contract and the league allow four at most
    );
    await expectRefused(
      w.t.db,
      () => saveTeam(a, picks, [team(leagueId, f, x!.PlayerID, y!.PlayerID, [b1!.PlayerID, x!.PlayerID])]),
      400,
      teamMessages.backupPicked(x!.PlayerFullName),
    );
    const ok = await saveTeam(a, picks, [team(leagueId, f, x!.PlayerID, y!.PlayerID, [b2!.PlayerID, b1!.PlayerID])]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await teamOf(a, leagueId, f)).Backups).toEqual([b2!.PlayerID, b1!.PlayerID]);
    // Picking a backup into the team drops him from the backups (the entry is not sent again).
    const moved = await savePs(a, [slot(leagueId, f, BOWL, 1, b1!)]);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await teamOf(a, leagueId, f)).Backups).toEqual([b2!.PlayerID]);
  });

  it('copies to another league only a team that keeps its rules, and says why not', async () => {
    const plain = await rulesLeague('Copy from, no rules', null);
    const [, , z, v] = byPosition(players, BAT);
    const before = await psRows(a, leagueId, f.id);
    // Two new batsmen in the captain's and vice-captain's slots: the copied team has neither.
    const res = await savePs(a, [slot(plain, f, BAT, 1, z!), slot(plain, f, BAT, 2, v!)], true);
    expect(res.statusCode, res.body).toBe(200);
    const copied = (res.json() as { CopiedTo: { LeagueID: number; Saved: number; Refused?: string }[] }).CopiedTo;
    const there = copied.find((c) => c.LeagueID === leagueId)!;
    expect(there.Saved).toBe(0);
    expect(there.Refused).toBe(teamMessages.copyRefused('Rules XI', teamMessages.noCaptainAndVice));
    expect(await psRows(a, leagueId, f.id)).toEqual(before);
  });
});

describe('backups at the lock', () => {
  it('replace a pick outside the announced XI with the first backup who plays, passing on the captaincy', async () => {
    const leagueId = await rulesLeague('Backups XI', { ...TEAM_RULE_DEFAULTS, BudgetCredits: null, MaxPerSide: null });
    const f = await addFixture(w, 5 * DAY);
    const players = await playersOf(a, f.id);
    const [x, y, z, v] = byPosition(players, BAT);
    const bowlerBackup = byPosition(players, BOWL)[0]!;
    // Asha: x (captain, left out of the XI) and y; backups: a bowler (wrong position), z (not playing), v.
    const saved = await saveTeam(
      a,
      [slot(leagueId, f, BAT, 1, x!), slot(leagueId, f, BAT, 2, y!)],
      [team(leagueId, f, x!.PlayerID, y!.PlayerID, [bowlerBackup.PlayerID, z!.PlayerID, v!.PlayerID])],
    );
    expect(saved.statusCode, saved.body).toBe(200);
    // Ben: x and y too, no backups — nothing can replace x.
    const bens = await saveTeam(
      b,
      [slot(leagueId, f, BAT, 1, x!), slot(leagueId, f, BAT, 2, y!)],
      [team(leagueId, f, y!.PlayerID, x!.PlayerID, [])],
    );
    expect(bens.statusCode, bens.body).toBe(200);

    // The XIs: everyone of both squads but x and z (bowlerBackup plays, v plays).
    const out = new Set([x!.PlayerID, z!.PlayerID]);
    const lineupTeams = [f.localTeamId, f.visitorTeamId].map((teamId) => ({
      team_id: teamId,
      playing: players.filter((p) => p.TeamID === teamId && !out.has(p.PlayerID)).map((p) => p.PlayerID),
      substitutes: [],
    }));
    await w.t.db
      .insertInto('fixture_lineups')
      .values({
        fixture_id: f.id,
        toss_winner_team_id: null,
        toss_decision: null,
        teams: JSON.stringify(lineupTeams),
        source: 'test',
      })
      .execute();
    expect((await figures(a, leagueId, f)).get(x!.PlayerID)?.Playing).toBe(false);
    expect((await figures(a, leagueId, f)).get(v!.PlayerID)?.Playing).toBe(true);

    await startFixture(w, f.id);
    expect(await autoPickFixture(w.t.db, f.id)).not.toBeNull();

    const rows = await psRows(a, leagueId, f.id);
    const first = rows.find((r) => r.PositionID === BAT && r.PositionOrder === 1)!;
    expect(first).toMatchObject({ PlayerID: v!.PlayerID, ReplacedPlayerID: x!.PlayerID });
    const asha = await teamOf(a, leagueId, f);
    expect(asha).toMatchObject({
      CaptainPlayerID: v!.PlayerID,
      ViceCaptainPlayerID: y!.PlayerID,
      Backups: [bowlerBackup.PlayerID, z!.PlayerID],
      Replacements: [{ PlayerID: v!.PlayerID, ReplacedPlayerID: x!.PlayerID }],
      XIAnnounced: true,
    });
    const ben = await teamOf(b, leagueId, f);
    expect(ben.Replacements).toEqual([]);
    expect((await psRows(b, leagueId, f.id)).find((r) => r.PositionOrder === 1 && r.PositionID === BAT)?.PlayerID).toBe(
      x!.PlayerID,
    );
    // All Selections shows who came in for whom, and the roles.
    const all = await a.client.post('/api/view/playerSelectionsForFixture', { LeagueID: leagueId, FixtureID: f.id });
    const mine = (
      all.json() as { UserID: number; PlayerID: number; Role: string | null; ReplacedPlayerName: string | null }[]
    ).filter((r) => r.UserID === a.userId);
    expect(mine.find((r) => r.PlayerID === v!.PlayerID)).toMatchObject({
      Role: 'C',
      ReplacedPlayerName: x!.PlayerFullName,
    });
  });

  it('replace nothing before the XIs are announced', async () => {
    const leagueId = await rulesLeague('No XI yet', { ...TEAM_RULE_DEFAULTS, BudgetCredits: null, MaxPerSide: null });
    const f = await addFixture(w, 5 * DAY);
    const players = await playersOf(a, f.id);
    const [x, y, z] = byPosition(players, BAT);
    const saved = await saveTeam(
      a,
      [slot(leagueId, f, BAT, 1, x!), slot(leagueId, f, BAT, 2, y!)],
      [team(leagueId, f, x!.PlayerID, y!.PlayerID, [z!.PlayerID])],
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await figures(a, leagueId, f)).get(x!.PlayerID)?.Playing).toBeNull();
    await startFixture(w, f.id);
    await autoPickFixture(w.t.db, f.id);
    expect((await psRows(a, leagueId, f.id)).map((r) => r.PlayerID).slice(0, 2)).toContain(x!.PlayerID);
    expect((await teamOf(a, leagueId, f)).Replacements).toEqual([]);
  });
});

describe('the auto-pick in a league with rules', () => {
  it('builds a full team within the budget and the side cap, from the announced XI, with a captain and a vice-captain', async () => {
    const leagueId = await rulesLeague('Auto XI', { ...TEAM_RULE_DEFAULTS, MaxPerSide: 6 });
    const f = await addFixture(w, 5 * DAY);
    const players = await playersOf(a, f.id);
    // Two of each side's batsmen are left out of the XI: the auto-pick must not take them.
    const out = new Set(
      [...byPosition(players, BAT, f.localTeamId).slice(0, 2), ...byPosition(players, BAT, f.visitorTeamId).slice(0, 2)]
        .filter((p) => p.TeamID === f.localTeamId || p.TeamID === f.visitorTeamId)
        .map((p) => p.PlayerID),
    );
    await w.t.db
      .insertInto('fixture_lineups')
      .values({
        fixture_id: f.id,
        toss_winner_team_id: null,
        toss_decision: null,
        teams: JSON.stringify(
          [f.localTeamId, f.visitorTeamId].map((teamId) => ({
            team_id: teamId,
            playing: players.filter((p) => p.TeamID === teamId && !out.has(p.PlayerID)).map((p) => p.PlayerID),
            substitutes: [],
          })),
        ),
        source: 'test',
      })
      .execute();
    const prices = await figures(a, leagueId, f);
    await w.t.db.updateTable('users').set({ use_ai_auto_pick: true }).where('id', '=', b.userId).execute();
    await startFixture(w, f.id);
    await autoPickFixture(w.t.db, f.id);
    await w.t.db.updateTable('users').set({ use_ai_auto_pick: false }).where('id', '=', b.userId).execute();

    const rows = await psRows(b, leagueId, f.id);
    const picked = rows.map((r) => r.PlayerID).filter((id): id is number => id !== null);
    expect(picked).toHaveLength(11);
    expect(rows.every((r) => r.IsAutoPick)).toBe(true);
    expect(picked.filter((id) => out.has(id))).toEqual([]);
    const cost = picked.reduce((sum, id) => sum + Math.round(prices.get(id)!.Price * 10), 0);
    expect(cost).toBeLessThanOrEqual(1000);
    const side = new Map(players.map((p) => [p.PlayerID, p.TeamID]));
    for (const teamId of [f.localTeamId, f.visitorTeamId])
      expect(picked.filter((id) => side.get(id) === teamId).length).toBeLessThanOrEqual(6);
    const ben = await teamOf(b, leagueId, f);
    expect(picked).toContain(ben.CaptainPlayerID);
    expect(picked).toContain(ben.ViceCaptainPlayerID);
    expect(ben.CaptainPlayerID).not.toBe(ben.ViceCaptainPlayerID);
  });
});
