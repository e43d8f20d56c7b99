import { duplicatesMessage, messages, startedMessage } from '@fantasy-cricket/rules';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../src/http/errors';
import type { SignedIn } from '../helpers';
import {
  type LeagueWorld,
  type PlayerOption,
  addFixture,
  expectRefused,
  join,
  makeLeague,
  outsider,
  person,
  playerAt,
  playersOf,
  psRows,
  savePs,
  sleep,
  startLeagueWorld,
} from './setup';

const P = messages.picksApi;
const L = messages.leagueApi;
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

const slotsOf = async (leagueId: number, userId: number, fixtureId: number) =>
  (
    await w.t.db
      .selectFrom('player_selections')
      .select(['position_id', 'position_order', 'player_id', 'is_auto_pick'])
      .where('league_id', '=', leagueId)
      .where('user_id', '=', userId)
      .where('fixture_id', '=', fixtureId)
      .orderBy('position_id')
      .orderBy('position_order')
      .execute()
  ).map((r) => [r.position_id, r.position_order, r.player_id]);

const slot = (
  leagueId: number,
  fixtureId: number,
  positionId: number,
  order: number,
  player: PlayerOption | number,
) => ({
  LeagueID: leagueId,
  FixtureID: fixtureId,
  PositionTypeID: positionId,
  PositionOrder: order,
  PlayerID: typeof player === 'number' ? player : player.PlayerID,
});

describe('the Player Selection grid', () => {
  it('has one row per configured slot, positions in team-sheet order', async () => {
    const league = await makeLeague(w, a, {
      name: 'Grid XI',
      type: 2,
      counts: { Batsman: 2, Bowler: 1, Allrounder: 0, Wicketkeeper: 1 },
    });
    const f = await addFixture(w, 5 * DAY);
    const rows = await psRows(a, league.LeagueID, f.id);
    expect(rows.map((r) => [r.PositionName, r.PositionOrder])).toEqual([
      ['Wicketkeeper', 1],
      ['Batsman', 1],
      ['Batsman', 2],
      ['Bowler', 1],
    ]);
    for (const r of rows)
      expect(r).toMatchObject({ PlayerSelectionID: null, PlayerID: null, IsAutoPick: false, FixtureID: f.id });
    const mp = await makeLeague(w, a, { name: 'MP for PS grid' });
    const res = await a.client.get(
      `/api/player_selection/fixture/?FixtureID=${f.id}&LeagueID=${mp.LeagueID}&UserID=${a.userId}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(P.notPlayerSelection);
    const other = await a.client.get(
      `/api/player_selection/fixture/?FixtureID=${f.id}&LeagueID=${league.LeagueID}&UserID=${b.userId}`,
    );
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe(apiMessages.notYours);
    const stranger = await b.client.get(
      `/api/player_selection/fixture/?FixtureID=${f.id}&LeagueID=${league.LeagueID}&UserID=${b.userId}`,
    );
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().error.message).toBe(L.notMember);
  });
});

describe('saving Player Selection picks', () => {
  it('fills, swaps and clears slots and reads them back', async () => {
    const league = await makeLeague(w, a, { name: 'Swap XI', type: 2 });
    const f = await addFixture(w, 5 * DAY);
    const players = await playersOf(a, f.id);
    const [b1, b2, b3] = [playerAt(players, BAT, 0), playerAt(players, BAT, 1), playerAt(players, BAT, 2)];
    const k1 = playerAt(players, KEEP);
    const s = (pos: number, order: number, p: PlayerOption | number) => slot(league.LeagueID, f.id, pos, order, p);
    const first = await savePs(a, [s(BAT, 1, b1), s(BAT, 2, b2), s(KEEP, 1, k1)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ message: messages.selections.savedPs, Saved: 3, CopiedTo: [] });
    expect(await slotsOf(league.LeagueID, a.userId, f.id)).toEqual([
      [BAT, 1, b1.PlayerID],
      [BAT, 2, b2.PlayerID],
      [KEEP, 1, k1.PlayerID],
    ]);
    const rows = await psRows(a, league.LeagueID, f.id);
    expect(rows.find((r) => r.PositionID === BAT && r.PositionOrder === 2)).toMatchObject({
      PlayerID: b2.PlayerID,
      PlayerSelectionID: expect.any(Number),
    });

    // Swapping two players between slots in one save (the uniqueness check waits for the commit).
    const swapped = await savePs(a, [s(BAT, 1, b2), s(BAT, 2, b1)]);
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(await slotsOf(league.LeagueID, a.userId, f.id)).toEqual([
      [BAT, 1, b2.PlayerID],
      [BAT, 2, b1.PlayerID],
      [KEEP, 1, k1.PlayerID],
    ]);
    // Moving a player into a slot whose old occupant moves out, and clearing with 0 and IsActive false.
    const moved = await savePs(a, [s(BAT, 1, 0), s(BAT, 3, b2), { ...s(KEEP, 1, k1), IsActive: false }]);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await slotsOf(league.LeagueID, a.userId, f.id)).toEqual([
      [BAT, 2, b1.PlayerID],
      [BAT, 3, b2.PlayerID],
    ]);
    // An auto-pick the user overwrites becomes the user's.
    await w.t.db
      .updateTable('player_selections')
      .set({ is_auto_pick: true })
      .where('league_id', '=', league.LeagueID)
      .execute();
    expect((await savePs(a, [s(BAT, 2, b3)])).statusCode).toBe(200);
    const stored = await w.t.db
      .selectFrom('player_selections')
      .select(['position_order', 'is_auto_pick'])
      .where('league_id', '=', league.LeagueID)
      .orderBy('position_order')
      .execute();
    expect(stored).toEqual([
      { position_order: 2, is_auto_pick: false },
      { position_order: 3, is_auto_pick: true },
    ]);
  });

  it('refuses a player twice in a fixture with the spec message, counting the picks already saved', async () => {
    const league = await makeLeague(w, a, { name: 'Dup XI', type: 2 });
    const f = await addFixture(w, 5 * DAY);
    const players = await playersOf(a, f.id);
    const b1 = playerAt(players, BAT, 0);
    const b2 = playerAt(players, BAT, 1);
    const s = (pos: number, order: number, p: PlayerOption | number) => slot(league.LeagueID, f.id, pos, order, p);
    await expectRefused(
      w.t.db,
      () => savePs(a, [s(BAT, 1, b1), s(BAT, 2, b2), s(BAT, 3, b1)]),
      400,
      duplicatesMessage([{ PositionName: 'Batsman', PlayerID: b1.PlayerID }]),
    );
    expect(duplicatesMessage([{ PositionName: 'Batsman', PlayerID: 7 }])).toBe(
      'Duplicate selections detected for: Batsman: 7 Please select unique players for each position.',
    );
    expect((await savePs(a, [s(BAT, 1, b1)])).statusCode).toBe(200);
    await expectRefused(
      w.t.db,
      () => savePs(a, [s(BAT, 2, b1)]),
      400,
      duplicatesMessage([{ PositionName: 'Batsman', PlayerID: b1.PlayerID }]),
    );
    // Moving b1 out of slot 1 in the same save is fine.
    expect((await savePs(a, [s(BAT, 2, b1), s(BAT, 1, 0)])).statusCode).toBe(200);
    expect(await slotsOf(league.LeagueID, a.userId, f.id)).toEqual([[BAT, 2, b1.PlayerID]]);
  });

  it('refuses players outside the squads, at the wrong position, and slots beyond the counts', async () => {
    const league = await makeLeague(w, a, {
      name: 'Rules XI',
      type: 2,
      counts: { Batsman: 2, Bowler: 2, Allrounder: 0, Wicketkeeper: 1 },
    });
    const f = await addFixture(w, 5 * DAY);
    const players = await playersOf(a, f.id);
    const bowler = playerAt(players, BOWL);
    const batter = playerAt(players, BAT);
    const allrounder = playerAt(players, ALL);
    const stranger = await outsider(w.t.db, f, w.seasonId, BAT);
    const s = (pos: number, order: number, p: PlayerOption | number) => slot(league.LeagueID, f.id, pos, order, p);
    await expectRefused(w.t.db, () => savePs(a, [s(BAT, 1, stranger.id)]), 400, P.playerNotInFixture(f.name));
    await expectRefused(
      w.t.db,
      () => savePs(a, [s(BAT, 1, batter), s(BAT, 2, bowler)]),
      400,
      P.playerWrongPosition(bowler.PlayerFullName, 'Batsman'),
    );
    await expectRefused(w.t.db, () => savePs(a, [s(BAT, 3, batter)]), 400, P.slotOutOfRange('Batsman', 2));
    await expectRefused(w.t.db, () => savePs(a, [s(ALL, 1, allrounder)]), 400, P.slotOutOfRange('Allrounder', 0));
    await expectRefused(w.t.db, () => savePs(a, [s(9, 1, batter)]), 400, P.unknownPosition(9));
    await expectRefused(w.t.db, () => savePs(a, [s(BAT, 1, batter), s(BAT, 1, 0)]), 400, P.repeatedItem);
    await expectRefused(w.t.db, () => savePs(a, [s(BAT, 0, batter)]), 400);
    await expectRefused(w.t.db, () => savePs(a, [s(BAT, 1, -1)]), 400);
    await expectRefused(
      w.t.db,
      () => savePs(a, [{ ...s(BAT, 1, batter), UserID: b.userId }]),
      403,
      apiMessages.notYours,
    );
    await join(a, b, league, 'Benny', false);
    await expectRefused(w.t.db, () => savePs(b, [s(BAT, 1, batter)]), 403, L.notApproved);
    const mp = await makeLeague(w, a, { name: 'MP not PS' });
    await expectRefused(
      w.t.db,
      () => savePs(a, [{ ...s(BAT, 1, batter), LeagueID: mp.LeagueID }]),
      400,
      P.notPlayerSelection,
    );
    const draft = await makeLeague(w, a, { name: 'Draft XI', type: 2, draft: true });
    await expectRefused(
      w.t.db,
      () => savePs(a, [{ ...s(BAT, 1, batter), LeagueID: draft.LeagueID }]),
      400,
      P.leagueDraft,
    );
    expect(await slotsOf(league.LeagueID, a.userId, f.id)).toEqual([]);
  });

  it('locks at the start time: a save just before succeeds, the same save just after is refused', async () => {
    const league = await makeLeague(w, a, { name: 'Clock XI', type: 2 });
    const soon = await addFixture(w, 1_500, 'Soon XI match');
    const players = await playersOf(a, soon.id);
    const s = (order: number, p: PlayerOption) => slot(league.LeagueID, soon.id, BAT, order, p);
    expect((await savePs(a, [s(1, playerAt(players, BAT, 0))])).statusCode).toBe(200);
    await sleep(1_700);
    await expectRefused(
      w.t.db,
      () => savePs(a, [s(2, playerAt(players, BAT, 1))]),
      400,
      startedMessage(['Soon XI match']),
    );
    expect(await slotsOf(league.LeagueID, a.userId, soon.id)).toEqual([[BAT, 1, playerAt(players, BAT, 0).PlayerID]]);
  });

  it('serialises concurrent identical saves (no duplicate rows, no 500)', async () => {
    const league = await makeLeague(w, a, { name: 'Race XI', type: 2 });
    const f = await addFixture(w, 5 * DAY);
    const players = await playersOf(a, f.id);
    const items = [
      slot(league.LeagueID, f.id, BAT, 1, playerAt(players, BAT, 0)),
      slot(league.LeagueID, f.id, BOWL, 1, playerAt(players, BOWL, 0)),
    ];
    const results = await Promise.all([savePs(a, items, true), savePs(a, items, true), savePs(a, items)]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect(await slotsOf(league.LeagueID, a.userId, f.id)).toHaveLength(2);

    // Two concurrent saves putting one player in two different slots: one wins, the other sees its pick.
    const b2 = playerAt(players, BAT, 1);
    const race = await Promise.all([
      savePs(a, [slot(league.LeagueID, f.id, BAT, 2, b2)]),
      savePs(a, [slot(league.LeagueID, f.id, BAT, 3, b2)]),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(race.find((r) => r.statusCode === 400)!.json().error.message).toBe(
      duplicatesMessage([{ PositionName: 'Batsman', PlayerID: b2.PlayerID }]),
    );
    expect((await slotsOf(league.LeagueID, a.userId, f.id)).filter((r) => r[2] === b2.PlayerID)).toHaveLength(1);
  });
});

describe('copying Player Selection picks', () => {
  it("fills the other leagues' slots their counts allow, skips duplicates there, keeps the main save", async () => {
    const c = await person(w.t, 'Chen', 'Li');
    const main = await makeLeague(w, c, { name: 'Main XI', type: 2 }); // Batsman 4, Bowler 4, Allrounder 2, Keeper 1
    const small = await makeLeague(w, c, {
      name: 'Small XI',
      type: 2,
      counts: { Batsman: 1, Bowler: 2, Allrounder: 0, Wicketkeeper: 1 },
    });
    const busy = await makeLeague(w, c, { name: 'Busy XI', type: 2 });
    const mp = await makeLeague(w, c, { name: 'MP of Chen' });
    const f = await addFixture(w, 5 * DAY);
    const players = await playersOf(c, f.id);
    const [b1, b2, b3] = [playerAt(players, BAT, 0), playerAt(players, BAT, 1), playerAt(players, BAT, 2)];
    const bw1 = playerAt(players, BOWL, 0);
    const k1 = playerAt(players, KEEP, 0);
    // In Busy XI, b2 already bats at slot 3 (a slot the copy does not touch).
    expect((await savePs(c, [slot(busy.LeagueID, f.id, BAT, 3, b2)])).statusCode).toBe(200);

    const s = (pos: number, order: number, p: PlayerOption) => slot(main.LeagueID, f.id, pos, order, p);
    const res = await savePs(
      c,
      [s(BAT, 1, b1), s(BAT, 2, b2), s(BOWL, 1, bw1), s(KEEP, 1, k1), s(ALL, 2, playerAt(players, ALL))],
      true,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: messages.selections.savedPs,
      Saved: 5,
      CopiedTo: [
        { LeagueID: small.LeagueID, LeagueName: 'Small XI', Saved: 3, Skipped: 2 },
        { LeagueID: busy.LeagueID, LeagueName: 'Busy XI', Saved: 4, Skipped: 1 },
      ],
    });
    expect(await slotsOf(main.LeagueID, c.userId, f.id)).toHaveLength(5);
    expect(await slotsOf(small.LeagueID, c.userId, f.id)).toEqual([
      [BAT, 1, b1.PlayerID],
      [BOWL, 1, bw1.PlayerID],
      [KEEP, 1, k1.PlayerID],
    ]);
    expect(await slotsOf(busy.LeagueID, c.userId, f.id)).toEqual([
      [BAT, 1, b1.PlayerID],
      [BAT, 3, b2.PlayerID],
      [BOWL, 1, bw1.PlayerID],
      [KEEP, 1, k1.PlayerID],
      [ALL, 2, playerAt(players, ALL).PlayerID],
    ]);
    expect(await slotsOf(mp.LeagueID, c.userId, f.id)).toEqual([]);
    // A later copy overwrites the same slot in the other leagues.
    const cleared = await savePs(c, [s(BAT, 1, b3)], true);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await slotsOf(small.LeagueID, c.userId, f.id))[0]).toEqual([BAT, 1, b3.PlayerID]);
  });

  it('is one transaction with its copies: a copy that fails after the main rows are written leaves nothing', async () => {
    const d = await person(w.t, 'Dana', 'Rao');
    const main = await makeLeague(w, d, { name: 'Atomic XI', type: 2 });
    const other = await makeLeague(w, d, { name: 'Broken XI', type: 2 });
    const f = await addFixture(w, 5 * DAY);
    const players = await playersOf(d, f.id);
    // Fault injection: the database refuses any pick written into the other league — the copy step,
    // which runs after the main league's rows are written.
    await sql
      .raw(
        `ALTER TABLE player_selections ADD CONSTRAINT injected_fault CHECK (league_id <> ${other.LeagueID}) NOT VALID`,
      )
      .execute(w.t.db);
    try {
      const before = await slotsOf(main.LeagueID, d.userId, f.id);
      const res = await savePs(d, [slot(main.LeagueID, f.id, BAT, 1, playerAt(players, BAT, 0))], true);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { message: apiMessages.unexpected } });
      expect(await slotsOf(main.LeagueID, d.userId, f.id)).toEqual(before);
      expect(await slotsOf(other.LeagueID, d.userId, f.id)).toEqual([]);
    } finally {
      await sql.raw('ALTER TABLE player_selections DROP CONSTRAINT injected_fault').execute(w.t.db);
    }
    // With the fault gone, the same save goes through, copy included.
    const ok = await savePs(d, [slot(main.LeagueID, f.id, BAT, 1, playerAt(players, BAT, 0))], true);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await slotsOf(main.LeagueID, d.userId, f.id)).toHaveLength(1);
    expect(await slotsOf(other.LeagueID, d.userId, f.id)).toHaveLength(1);
  });

  it('copies fixture by fixture: a league covering some of the fixtures takes those its counts allow', async () => {
    const e = await person(w.t, 'Esi', 'Mensah');
    const main = await makeLeague(w, e, { name: 'Two-day XI', type: 2 });
    const stageOnly = await makeLeague(w, e, {
      name: 'Stage XI',
      type: 2,
      counts: { Batsman: 1, Bowler: 1, Allrounder: 0, Wicketkeeper: 0 },
    });
    const elsewhere = await makeLeague(w, e, { name: 'Elsewhere XI', type: 2 });
    const [f1, f2, f3] = [await addFixture(w, 5 * DAY), await addFixture(w, 6 * DAY), await addFixture(w, 7 * DAY)];
    // Two stages of the season: Stage XI covers f2's, Elsewhere XI covers f3's (none of this save's fixtures).
    const stage = async (name: string) =>
      (
        await w.t.db
          .insertInto('stages')
          .values({ season_id: w.seasonId, name, sort_order: 99 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    for (const [league, fixture, name] of [
      [stageOnly, f2, 'Copy stage one'],
      [elsewhere, f3, 'Copy stage two'],
    ] as const) {
      const id = await stage(name);
      await w.t.db.updateTable('fixtures').set({ stage_id: id }).where('id', '=', fixture.id).execute();
      await w.t.db.updateTable('leagues').set({ stage_id: id }).where('id', '=', league.LeagueID).execute();
    }
    const players = await playersOf(e, f1.id); // f1, f2 and f3 share the two teams, so the squads
    const [b1, bw1, k1] = [playerAt(players, BAT, 0), playerAt(players, BOWL, 0), playerAt(players, KEEP, 0)];
    const s = (f: { id: number }, pos: number, p: PlayerOption) => slot(main.LeagueID, f.id, pos, 1, p);
    const res = await savePs(
      e,
      [s(f1, BAT, b1), s(f1, BOWL, bw1), s(f2, BAT, b1), s(f2, BOWL, bw1), s(f2, KEEP, k1)],
      true,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: messages.selections.savedPs,
      Saved: 5,
      // f1's two picks: fixture not covered; f2's keeper: no keeper slot. Elsewhere XI covers neither.
      CopiedTo: [{ LeagueID: stageOnly.LeagueID, LeagueName: 'Stage XI', Saved: 2, Skipped: 3 }],
    });
    expect(await slotsOf(main.LeagueID, e.userId, f1.id)).toHaveLength(2);
    expect(await slotsOf(main.LeagueID, e.userId, f2.id)).toHaveLength(3);
    expect(await slotsOf(stageOnly.LeagueID, e.userId, f1.id)).toEqual([]);
    expect(await slotsOf(stageOnly.LeagueID, e.userId, f2.id)).toEqual([
      [BAT, 1, b1.PlayerID],
      [BOWL, 1, bw1.PlayerID],
    ]);
    for (const f of [f1, f2, f3]) expect(await slotsOf(elsewhere.LeagueID, e.userId, f.id)).toEqual([]);
  });

  it('leaves slots that already hold the player as they are; an auto-picked one becomes the user pick', async () => {
    const g = await person(w.t, 'Gita', 'Rao');
    const main = await makeLeague(w, g, { name: 'Steady XI', type: 2 });
    const other = await makeLeague(w, g, { name: 'Steady copy XI', type: 2 });
    const f = await addFixture(w, 5 * DAY);
    const players = await playersOf(g, f.id);
    const [b1, b2, bw1, bw2] = [
      playerAt(players, BAT, 0),
      playerAt(players, BAT, 1),
      playerAt(players, BOWL, 0),
      playerAt(players, BOWL, 1),
    ];
    const s = (pos: number, order: number, p: PlayerOption | number) => slot(main.LeagueID, f.id, pos, order, p);
    expect(
      (await savePs(g, [s(BAT, 1, b1), s(BAT, 2, b2), s(BOWL, 1, bw1), s(KEEP, 1, playerAt(players, KEEP))], true))
        .statusCode,
    ).toBe(200);
    const old = new Date('2020-01-01T00:00:00Z');
    await w.t.db.updateTable('player_selections').set({ updated_at: old }).where('user_id', '=', g.userId).execute();
    await w.t.db
      .updateTable('player_selections')
      .set({ is_auto_pick: true })
      .where('league_id', '=', other.LeagueID)
      .where('position_id', '=', BAT)
      .where('position_order', '=', 2)
      .execute();

    // The same two batsmen, another bowler, the keeper cleared.
    const res = await savePs(g, [s(BAT, 1, b1), s(BAT, 2, b2), s(BOWL, 1, bw2), s(KEEP, 1, 0)], true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: messages.selections.savedPs,
      Saved: 4,
      CopiedTo: [{ LeagueID: other.LeagueID, LeagueName: 'Steady copy XI', Saved: 4, Skipped: 0 }],
    });
    const stored = async (leagueId: number) =>
      (
        await w.t.db
          .selectFrom('player_selections')
          .select(['position_id', 'position_order', 'player_id', 'is_auto_pick', 'updated_at'])
          .where('league_id', '=', leagueId)
          .where('user_id', '=', g.userId)
          .orderBy('position_id')
          .orderBy('position_order')
          .execute()
      ).map((r) => [r.position_id, r.position_order, r.player_id, r.is_auto_pick, new Date(r.updated_at) > old]);
    expect(await stored(main.LeagueID)).toEqual([
      [BAT, 1, b1.PlayerID, false, false],
      [BAT, 2, b2.PlayerID, false, false],
      [BOWL, 1, bw2.PlayerID, false, true],
    ]);
    expect(await stored(other.LeagueID)).toEqual([
      [BAT, 1, b1.PlayerID, false, false],
      [BAT, 2, b2.PlayerID, false, true],
      [BOWL, 1, bw2.PlayerID, false, true],
    ]);
  });
});
