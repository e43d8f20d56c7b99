import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MP } from '../../src/cricket/catalogue';
import { importFromProvider } from '../../src/cricket/import/folder';
import { InMemoryProvider } from '../../src/cricket/provider';
import { DB_TARGET } from '../db';
import { AWAY, type Ball, HOME, ball, buildMatch } from '../cricket/builder';
import { type SignedIn, type TestApp, startTestApp } from '../helpers';
import { joinAs, mpPick, person, setUpLeague } from './setup';

/**
 * The standings window (decision 0021): a league's leaderboard, progression and contests count the
 * scored fixtures that started at or after its activation, plus any earlier one it holds picks for.
 * Three scored matches on 1, 2 and 3 April 2024 and one fixture still to come.
 */
const over: Ball[] = [4, 1, 0, 0, 0, 0].map((r) => ball('H1', 'A1', 'H2', r));
const match = (n: number) =>
  buildMatch({
    date: `2024-04-0${n}`,
    event: { name: 'Window League', match_number: n },
    outcome: { winner: HOME, by: { runs: 3 } },
    playerOfMatch: ['H1'],
    innings: [
      { team: HOME, overs: [over] },
      { team: AWAY, overs: [[0, 0, 1, 0, 0, 0].map((r) => ball('A2', 'H11', 'A3', r))] },
    ],
  });

type Progression = { Fixtures: { FixtureID: number }[]; Series: { UserDisplayName: string; Points: number[] }[] };
type Row = {
  UserDisplayName: string;
  Position: number;
  TotalPoints: number;
  PositionChange: number;
  PointsGained: number;
};
type Widget = { Header: string; Entry: unknown[] };

describe(`standings window on ${DB_TARGET}`, () => {
  let t: TestApp;
  let ada: SignedIn;
  let bo: SignedIn;
  const f: number[] = [];
  let home = 0;

  beforeAll(async () => {
    t = await startTestApp();
    const { db } = t;
    const report = await importFromProvider(
      db,
      new InMemoryProvider(new Map<string, unknown>([1, 2, 3].map((n) => [`m${n}`, match(n)]))),
      { overrides: new Map() },
    );
    expect(report.counts.imported, JSON.stringify(report.entries)).toBe(3);
    const fixtures = await db.selectFrom('fixtures').selectAll().orderBy('start_time').execute();
    for (const x of fixtures) f.push(x.id);
    const first = fixtures[0]!;
    await db.updateTable('seasons').set({ is_active: true }).where('id', '=', first.season_id).execute();
    await db
      .insertInto('fixtures')
      .values({
        season_id: first.season_id,
        stage_id: first.stage_id,
        name: 'Later',
        start_time: new Date('2099-01-01T14:00:00Z'),
        local_team_id: first.local_team_id,
        visitor_team_id: first.visitor_team_id,
        status: 'scheduled',
        updated_at: new Date(),
      })
      .execute();
    home = (await db.selectFrom('teams').select('id').where('name', '=', HOME).executeTakeFirstOrThrow()).id;
    ada = await person(t, 'Ada');
    bo = await person(t, 'Bo');
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  const w = () => ({ t, seasonId: 0, seasonName: '' });
  async function league(name: string) {
    const seasonId = (await t.db.selectFrom('fixtures').select('season_id').executeTakeFirstOrThrow()).season_id;
    const created = await setUpLeague({ ...w(), seasonId }, ada, { type: 1, name });
    await joinAs(ada, bo, created, 'Bobby');
    return created.LeagueID;
  }
  const progression = async (id: number) => {
    const res = await bo.client.get(`/api/view/progression/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Progression;
  };
  const board = async (id: number) => {
    const res = await bo.client.get(`/api/view/leaderboard/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Row[]).map((r) => [
      r.UserDisplayName,
      r.Position,
      r.TotalPoints,
      r.PositionChange,
      r.PointsGained,
    ]);
  };

  it('a league activated today counts none of the fixtures played before it', async () => {
    const id = await league('Started today');
    const prog = await progression(id);
    expect(prog.Fixtures).toEqual([]);
    expect(prog.Series.map((s) => s.Points)).toEqual([[], []]);
    expect(await board(id)).toEqual([
      ['Admin', 1, 0, 0, 0],
      ['Bobby', 1, 0, 0, 0],
    ]);
    const contests = (await bo.client.get(`/api/contests/standings/${id}`)).json() as Widget[];
    for (const widget of contests) expect(widget.Entry, widget.Header).toEqual([]);
  });

  it('counts the fixtures from the activation on (between match 1 and match 2 here)', async () => {
    const id = await league('Started in April');
    await t.db
      .updateTable('leagues')
      .set({ activated_at: new Date('2024-04-01T23:00:00Z') })
      .where('id', '=', id)
      .execute();
    const prog = await progression(id);
    expect(prog.Fixtures.map((x) => x.FixtureID)).toEqual([f[1], f[2]]);
    expect(prog.Series.map((s) => s.Points)).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });

  it('a fixture the league holds picks for counts even when it came first, so totals match the details', async () => {
    const id = await league('Picks before');
    await mpPick(t.db, id, bo.userId, f[0]!, MP.MatchWinner, { team: home });
    const prog = await progression(id);
    expect(prog.Fixtures.map((x) => x.FixtureID)).toEqual([f[0]]);
    const rows = await board(id);
    expect(rows[0]).toEqual(['Bobby', 1, 10, 0, 10]);
    const details = (await bo.client.post('/api/view/pastSelections', { UserID: bo.userId, LeagueID: id })).json() as {
      Points: number;
    }[];
    expect(details.reduce((sum, d) => sum + d.Points, 0)).toBe(10);
  });
});
