import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTO_PICK_JOB, runPickJobs } from '../../src/autopick/job';
import { loadModelInputs, predictFixture } from '../../src/autopick/model';
import { MP, POSITION } from '../../src/cricket/catalogue';
import { DB_TARGET } from '../db';
import {
  addMember,
  leagueFeatures,
  makeLeague,
  makeUser,
  type PicksWorld,
  startPicksWorld,
  upcomingFixtures,
} from './world';

describe(`lock-time auto-pick on ${DB_TARGET}`, () => {
  let w: PicksWorld;
  let fixture: { id: number; start_time: Date; local_team_id: number; visitor_team_id: number };
  let lockTime: Date;
  const u: Record<string, number> = {};
  const l: Record<string, number> = {};
  let squad: { player_id: number; position_id: number; team_id: number }[];

  beforeAll(async () => {
    w = await startPicksWorld();
    const upcoming = await upcomingFixtures(w);
    fixture = upcoming[0]!;
    lockTime = new Date(new Date(fixture.start_time).getTime() + 60_000);
    squad = await w.db
      .selectFrom('squads as s')
      .innerJoin('players as p', 'p.id', 's.player_id')
      .select(['s.player_id', 'p.position_id', 's.team_id'])
      .where('s.season_id', '=', w.seasonId)
      .where('s.team_id', 'in', [fixture.local_team_id, fixture.visitor_team_id])
      .orderBy('s.player_id')
      .execute();

    u.manual = await makeUser(w, { autoPick: true });
    u.empty = await makeUser(w, { autoPick: true });
    u.off = await makeUser(w, { autoPick: false });
    u.pending = await makeUser(w, { autoPick: true });
    l.mp = await makeLeague(w, { type: 'MP' });
    l.ps = await makeLeague(w, { type: 'PS' });
    l.draft = await makeLeague(w, { type: 'MP', status: 'Draft' });
    for (const who of ['manual', 'empty', 'off']) {
      await addMember(w, l.mp!, u[who]!);
      await addMember(w, l.ps!, u[who]!);
    }
    await addMember(w, l.mp!, u.pending!, 'Pending');
    await addMember(w, l.draft!, u.empty!);

    // MP: Total Sixes switched off in this league; `manual` picked the visitors as Match Winner.
    await w.db
      .updateTable('league_configurations')
      .set({ is_active: false })
      .where('league_id', '=', l.mp!)
      .where('feature_id', '=', MP.TotalSixes)
      .execute();
    const features = await leagueFeatures(w, l.mp!);
    await w.db
      .insertInto('league_selections')
      .values({
        league_id: l.mp!,
        user_id: u.manual!,
        fixture_id: fixture.id,
        league_configuration_id: features.get(MP.MatchWinner)!,
        team_id: fixture.visitor_team_id,
      })
      .execute();

    // PS: 2 Batsmen, 3 Bowlers, 1 Wicketkeeper, Allrounders off. `manual` picked a batsman in slot 2 and a bowler in slot 1.
    const counts = {
      [POSITION.Batsman]: 2,
      [POSITION.Bowler]: 3,
      [POSITION.Wicketkeeper]: 1,
      [POSITION.Allrounder]: 0,
    };
    for (const [pos, count] of Object.entries(counts)) {
      await w.db
        .updateTable('league_selection_configs')
        .set({ count, is_active: count > 0 })
        .where('league_id', '=', l.ps!)
        .where('position_id', '=', Number(pos))
        .execute();
    }
    const prediction = await predictFixture(w.db, fixture.id);
    // The manual picks are the model's own favourites, so the job has to pass over them.
    const bestBat = prediction.ranked.get(POSITION.Batsman)![0]!;
    const bestBowl = prediction.ranked.get(POSITION.Bowler)![0]!;
    await w.db
      .insertInto('player_selections')
      .values([
        {
          league_id: l.ps!,
          user_id: u.manual!,
          fixture_id: fixture.id,
          position_id: 1,
          position_order: 2,
          player_id: bestBat,
        },
        {
          league_id: l.ps!,
          user_id: u.manual!,
          fixture_id: fixture.id,
          position_id: 2,
          position_order: 1,
          player_id: bestBowl,
        },
      ])
      .execute();
  }, 120_000);
  afterAll(async () => {
    await w?.database.close();
  });

  const mpPicks = (userId: number, leagueId = l.mp!) =>
    w.db
      .selectFrom('league_selections as s')
      .innerJoin('league_configurations as c', 'c.id', 's.league_configuration_id')
      .select(['c.feature_id', 's.team_id', 's.player_id', 's.bonus_option_id', 's.is_auto_pick'])
      .where('s.league_id', '=', leagueId)
      .where('s.user_id', '=', userId)
      .where('s.fixture_id', '=', fixture.id)
      .orderBy('c.feature_id')
      .execute();
  const psPicks = (userId: number) =>
    w.db
      .selectFrom('player_selections as s')
      .innerJoin('players as p', 'p.id', 's.player_id')
      .select([
        's.position_id',
        's.position_order',
        's.player_id',
        's.is_auto_pick',
        'p.position_id as player_position',
      ])
      .where('s.league_id', '=', l.ps!)
      .where('s.user_id', '=', userId)
      .where('s.fixture_id', '=', fixture.id)
      .orderBy('s.position_id')
      .orderBy('s.position_order')
      .execute();

  it('does nothing before the fixture starts', async () => {
    const before = new Date(new Date(fixture.start_time).getTime() - 60_000);
    await runPickJobs(w.db, before);
    const claimed = await w.db
      .selectFrom('fixture_jobs')
      .select('fixture_id')
      .where('fixture_id', '=', fixture.id)
      .execute();
    expect(claimed).toEqual([]);
    expect(await mpPicks(u.empty!)).toEqual([]);
  });

  it('claims the fixture once when two runs race, and a later run finds nothing to do', async () => {
    const [a, b] = await Promise.all([runPickJobs(w.db, lockTime), runPickJobs(w.db, lockTime)]);
    const jobs = await w.db
      .selectFrom('fixture_jobs')
      .selectAll()
      .where('fixture_id', '=', fixture.id)
      .where('job', '=', AUTO_PICK_JOB)
      .execute();
    expect(jobs).toHaveLength(1);
    // Exactly one of the two runs did the fixture's work (the first test already did the earlier fixtures).
    expect(a.fixtures + b.fixtures).toBe(1);
    const auto = (t: 'league_selections' | 'player_selections') =>
      w.db.selectFrom(t).select('id').where('is_auto_pick', '=', true).where('fixture_id', '=', fixture.id).execute();
    expect(a.picks + b.picks).toBe((await auto('league_selections')).length + (await auto('player_selections')).length);
    const again = await runPickJobs(w.db, lockTime);
    expect(again).toEqual({ fixtures: 0, picks: 0 });
  });

  it('fills only the missing Match Prediction picks, from the model, marked as auto-picks', async () => {
    const prediction = await predictFixture(w.db, fixture.id);
    const manual = await mpPicks(u.manual!);
    const winner = manual.find((p) => p.feature_id === MP.MatchWinner)!;
    expect(winner).toMatchObject({ team_id: fixture.visitor_team_id, is_auto_pick: false });
    const empty = await mpPicks(u.empty!);
    // Every active feature (Total Sixes is off in this league), each an auto-pick equal to the model's.
    expect(empty.map((p) => p.feature_id)).toEqual([1, 2, 3, 4, 5]);
    for (const p of empty) {
      expect(p.is_auto_pick).toBe(true);
      expect(p.team_id ?? p.player_id ?? p.bonus_option_id).toBe(prediction.mp.get(p.feature_id));
    }
    expect(manual.filter((p) => p.is_auto_pick).map((p) => p.feature_id)).toEqual([2, 3, 4, 5]);
    // Player picks come from the fixture's squads and the positions the feature allows.
    const squadIds = new Set(squad.map((s) => s.player_id));
    const position = new Map(squad.map((s) => [s.player_id, s.position_id]));
    const runs = empty.find((p) => p.feature_id === MP.MostRuns)!.player_id!;
    const wickets = empty.find((p) => p.feature_id === MP.MostWickets)!.player_id!;
    expect(squadIds.has(runs) && squadIds.has(wickets)).toBe(true);
    expect([1, 3, 4]).toContain(position.get(runs));
    expect([2, 4]).toContain(position.get(wickets));
  });

  it('fills the empty Player Selection slots by the league counts, never repeating a player', async () => {
    const manual = await psPicks(u.manual!);
    expect(manual.map((p) => `${p.position_id}:${p.position_order}:${p.is_auto_pick}`)).toEqual([
      '1:1:true',
      '1:2:false',
      '2:1:false',
      '2:2:true',
      '2:3:true',
      '3:1:true',
    ]);
    const empty = await psPicks(u.empty!);
    expect(empty.map((p) => `${p.position_id}:${p.position_order}`)).toEqual([
      '1:1',
      '1:2',
      '2:1',
      '2:2',
      '2:3',
      '3:1',
    ]);
    for (const picks of [manual, empty]) {
      expect(new Set(picks.map((p) => p.player_id)).size).toBe(picks.length);
      for (const p of picks) expect(p.player_position).toBe(p.position_id);
    }
    expect(empty.every((p) => p.is_auto_pick)).toBe(true);
  });

  it('skips members with auto-pick off, pending members and Draft leagues', async () => {
    expect(await mpPicks(u.off!)).toEqual([]);
    expect(await psPicks(u.off!)).toEqual([]);
    expect(await mpPicks(u.pending!)).toEqual([]);
    expect(await mpPicks(u.empty!, l.draft!)).toEqual([]);
  });

  it('reads only fixtures that started before the target', async () => {
    const inputs = await loadModelInputs(w.db, fixture.id);
    const start = new Date(fixture.start_time).getTime();
    expect(inputs.past.length).toBeGreaterThan(0);
    for (const f of inputs.past) expect(f.startTime.getTime()).toBeLessThan(start);
    const pastIds = new Set(inputs.past.map((f) => f.id));
    for (const line of inputs.lines) expect(pastIds.has(line.fixtureId)).toBe(true);
  });
});
