import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MP } from '../../src/cricket/catalogue';
import { importFromProvider } from '../../src/cricket/import/folder';
import { InMemoryProvider } from '../../src/cricket/provider';
import { DB_TARGET } from '../db';
import { AWAY, type Ball, HOME, ball, buildMatch } from '../cricket/builder';
import { type SignedIn, type TestApp, startTestApp } from '../helpers';
import { joinAs, mpPick, person, psPicks, setUpLeague } from './setup';

/**
 * Contest widgets on a hand-built season of three matches with identical scorecards:
 * H1 10 off 6 (one four, one six) = 13 default PS points, A2 3 off 6 = 3 points, everyone else 0.
 * Results: match 1 home win (player of the match H1), match 2 away win (A1), match 3 home win (H2).
 * Every expected entry below is worked out by hand from those facts and the picks.
 */
const overHome: Ball[] = [4, 6, 0, 0, 0, 0].map((r) => ball('H1', 'A1', 'H2', r));
const overAway: Ball[] = [1, 1, 1, 0, 0, 0].map((r) => ball('A2', 'H11', 'A3', r));
const match = (n: number, outcome: Record<string, unknown>, pom: string) =>
  buildMatch({
    date: `2024-04-0${n}`,
    event: { name: 'Test League', match_number: n },
    outcome,
    playerOfMatch: [pom],
    innings: [
      { team: HOME, overs: [overHome] },
      { team: AWAY, overs: [overAway] },
    ],
  });

type Widget = { Header: string; Description?: string; Entry: Record<string, string | number>[] };

describe(`contest widgets on ${DB_TARGET}`, () => {
  let t: TestApp;
  let ada: SignedIn;
  let bo: SignedIn;
  let cy: SignedIn;
  let mpLeague: { LeagueID: number; LeagueCode: string };
  let psLeague: { LeagueID: number; LeagueCode: string };
  let emptyLeague: { LeagueID: number; LeagueCode: string };
  const f: number[] = [];
  const names: string[] = [];
  const player = new Map<string, number>();
  const team = new Map<string, number>();

  beforeAll(async () => {
    t = await startTestApp();
    const { db } = t;
    const report = await importFromProvider(
      db,
      new InMemoryProvider(
        new Map<string, unknown>([
          ['m1', match(1, { winner: HOME, by: { runs: 7 } }, 'H1')],
          ['m2', match(2, { winner: AWAY, by: { wickets: 9 } }, 'A1')],
          ['m3', match(3, { winner: HOME, by: { runs: 7 } }, 'H2')],
        ]),
      ),
      { overrides: new Map() },
    );
    expect(report.counts.imported, JSON.stringify(report.entries)).toBe(3);
    const fixtures = await db.selectFrom('fixtures').selectAll().orderBy('start_time').execute();
    for (const x of fixtures) {
      f.push(x.id);
      names.push(x.name);
    }
    const seasonId = fixtures[0]!.season_id;
    await db.updateTable('seasons').set({ is_active: true }).where('id', '=', seasonId).execute();
    // A fixture still to come keeps the leagues joinable.
    await db
      .insertInto('fixtures')
      .values({
        season_id: seasonId,
        stage_id: fixtures[0]!.stage_id,
        name: 'Later',
        start_time: new Date('2099-01-01T14:00:00Z'),
        local_team_id: fixtures[0]!.local_team_id,
        visitor_team_id: fixtures[0]!.visitor_team_id,
        status: 'scheduled',
        updated_at: new Date(),
      })
      .execute();
    for (const p of await db.selectFrom('players').select(['id', 'cricsheet_id']).execute())
      player.set(p.cricsheet_id!.replace('id-', ''), p.id);
    for (const x of await db.selectFrom('teams').select(['id', 'name']).execute()) team.set(x.name, x.id);

    const w = { t, seasonId, seasonName: 'Test League 2024' };
    ada = await person(t, 'Ada');
    bo = await person(t, 'Bo');
    cy = await person(t, 'Cy');
    mpLeague = await setUpLeague(w, ada, { type: 1, name: 'Contest MP' });
    psLeague = await setUpLeague(w, ada, { type: 2, name: 'Contest PS' });
    emptyLeague = await setUpLeague(w, ada, { type: 1, name: 'Nothing picked' });
    for (const l of [mpLeague, psLeague]) {
      await joinAs(ada, bo, l, 'Bobby');
      await joinAs(ada, cy, l, 'Cyril');
    }
    await joinAs(ada, bo, emptyLeague, 'Bobby');

    const L = mpLeague.LeagueID;
    const [H, A] = [team.get(HOME)!, team.get(AWAY)!];
    const pl = (n: string) => player.get(n)!;
    // Match 1 (home, H1): Admin 10 + 25 = 35, Bobby 10, Cyril 0 + 25 = 25.
    await mpPick(db, L, ada.userId, f[0]!, MP.MatchWinner, { team: H });
    await mpPick(db, L, ada.userId, f[0]!, MP.ManOfTheMatch, { player: pl('H1') });
    await mpPick(db, L, bo.userId, f[0]!, MP.MatchWinner, { team: H });
    await mpPick(db, L, cy.userId, f[0]!, MP.MatchWinner, { team: A });
    await mpPick(db, L, cy.userId, f[0]!, MP.ManOfTheMatch, { player: pl('H1') });
    // Match 2 (away, A1): Admin 0, Bobby 10 + 25 = 35, Cyril 10.
    await mpPick(db, L, ada.userId, f[1]!, MP.MatchWinner, { team: H });
    await mpPick(db, L, bo.userId, f[1]!, MP.MatchWinner, { team: A });
    await mpPick(db, L, bo.userId, f[1]!, MP.ManOfTheMatch, { player: pl('A1') });
    await mpPick(db, L, cy.userId, f[1]!, MP.MatchWinner, { team: A });
    // Match 3 (home, H2): Admin 10, Bobby 10, Cyril no picks.
    await mpPick(db, L, ada.userId, f[2]!, MP.MatchWinner, { team: H });
    await mpPick(db, L, bo.userId, f[2]!, MP.MatchWinner, { team: H });

    const P = psLeague.LeagueID;
    await psPicks(db, P, ada.userId, f[0]!, [pl('H1'), pl('A2')]); // 16
    await psPicks(db, P, ada.userId, f[1]!, [pl('H1')]); // 13
    await psPicks(db, P, bo.userId, f[0]!, [pl('A2'), pl('H3')]); // 3
    await psPicks(db, P, bo.userId, f[1]!, [pl('H1'), pl('A2')]); // 16
    await psPicks(db, P, bo.userId, f[2]!, [pl('H1')]); // 13
    await psPicks(db, P, cy.userId, f[0]!, [pl('H1')]); // 13
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  async function widgets(leagueId: number, who = bo): Promise<Map<string, Widget>> {
    const res = await who.client.get(`/api/contests/standings/${leagueId}`);
    expect(res.statusCode, res.body).toBe(200);
    return new Map((res.json() as Widget[]).map((w) => [w.Header, w]));
  }

  it('Match Prediction: fixture winners, highest totals, most correct picks, Match Winner streaks', async () => {
    const w = await widgets(mpLeague.LeagueID);
    expect([...w.keys()]).toEqual([
      'Fixture winners',
      'Highest fixture totals',
      'Most correct picks',
      'Longest Match Winner streak',
    ]);
    expect(w.get('Fixture winners')!.Entry).toEqual([
      { Fixture: names[0], 'Top scorer': 'Admin', Points: 35 },
      { Fixture: names[1], 'Top scorer': 'Bobby', Points: 35 },
      { Fixture: names[2], 'Top scorer': 'Admin, Bobby', Points: 10 },
    ]);
    expect(w.get('Highest fixture totals')!.Entry).toEqual([
      { Rank: 1, Member: 'Admin', Fixture: names[0], Points: 35 },
      { Rank: 1, Member: 'Bobby', Fixture: names[1], Points: 35 },
      { Rank: 3, Member: 'Cyril', Fixture: names[0], Points: 25 },
      { Rank: 4, Member: 'Bobby', Fixture: names[0], Points: 10 },
      { Rank: 4, Member: 'Cyril', Fixture: names[1], Points: 10 },
      { Rank: 4, Member: 'Admin', Fixture: names[2], Points: 10 },
      { Rank: 4, Member: 'Bobby', Fixture: names[2], Points: 10 },
      { Rank: 8, Member: 'Admin', Fixture: names[1], Points: 0 },
    ]);
    expect(w.get('Most correct picks')!.Entry).toEqual([
      { Rank: 1, Member: 'Bobby', 'Correct picks': 4, 'Picks made': 4, Accuracy: '100%' },
      { Rank: 2, Member: 'Admin', 'Correct picks': 3, 'Picks made': 4, Accuracy: '75%' },
      { Rank: 3, Member: 'Cyril', 'Correct picks': 2, 'Picks made': 3, Accuracy: '67%' },
    ]);
    expect(w.get('Longest Match Winner streak')!.Entry).toEqual([
      { Rank: 1, Member: 'Bobby', 'Longest streak': 3, 'Current streak': 3 },
      { Rank: 2, Member: 'Admin', 'Longest streak': 1, 'Current streak': 1 },
      { Rank: 2, Member: 'Cyril', 'Longest streak': 1, 'Current streak': 0 },
    ]);
    // The leaderboard agrees: Bobby 55, Admin 45, Cyril 35; before match 3: Bobby 45, Admin and Cyril 35.
    const board = (await bo.client.get(`/api/view/leaderboard/${mpLeague.LeagueID}`)).json() as {
      UserDisplayName: string;
      Position: number;
      TotalPoints: number;
      PositionChange: number;
      PointsGained: number;
    }[];
    expect(board.map((r) => [r.UserDisplayName, r.Position, r.TotalPoints, r.PositionChange, r.PointsGained])).toEqual([
      ['Bobby', 1, 55, 0, 10],
      ['Admin', 2, 45, 0, 10],
      ['Cyril', 3, 35, -1, 0],
    ]);
  });

  it('Player Selection: fixture winners, highest totals, best picks, most-picked players', async () => {
    const w = await widgets(psLeague.LeagueID, cy);
    expect([...w.keys()]).toEqual([
      'Fixture winners',
      'Highest fixture totals',
      'Best picks of the season',
      'Most-picked players',
    ]);
    expect(w.get('Fixture winners')!.Entry).toEqual([
      { Fixture: names[0], 'Top scorer': 'Admin', Points: 16 },
      { Fixture: names[1], 'Top scorer': 'Bobby', Points: 16 },
      { Fixture: names[2], 'Top scorer': 'Bobby', Points: 13 },
    ]);
    expect(w.get('Highest fixture totals')!.Entry).toEqual([
      { Rank: 1, Member: 'Admin', Fixture: names[0], Points: 16 },
      { Rank: 1, Member: 'Bobby', Fixture: names[1], Points: 16 },
      { Rank: 3, Member: 'Cyril', Fixture: names[0], Points: 13 },
      { Rank: 3, Member: 'Admin', Fixture: names[1], Points: 13 },
      { Rank: 3, Member: 'Bobby', Fixture: names[2], Points: 13 },
      { Rank: 6, Member: 'Bobby', Fixture: names[0], Points: 3 },
    ]);
    expect(w.get('Best picks of the season')!.Entry).toEqual([
      { Rank: 1, Member: 'Admin', Fixture: names[0], Player: 'H1', Points: 13 },
      { Rank: 1, Member: 'Cyril', Fixture: names[0], Player: 'H1', Points: 13 },
      { Rank: 1, Member: 'Admin', Fixture: names[1], Player: 'H1', Points: 13 },
      { Rank: 1, Member: 'Bobby', Fixture: names[1], Player: 'H1', Points: 13 },
      { Rank: 1, Member: 'Bobby', Fixture: names[2], Player: 'H1', Points: 13 },
      { Rank: 6, Member: 'Admin', Fixture: names[0], Player: 'A2', Points: 3 },
      { Rank: 6, Member: 'Bobby', Fixture: names[0], Player: 'A2', Points: 3 },
      { Rank: 6, Member: 'Bobby', Fixture: names[1], Player: 'A2', Points: 3 },
      { Rank: 9, Member: 'Bobby', Fixture: names[0], Player: 'H3', Points: 0 },
    ]);
    expect(w.get('Most-picked players')!.Entry).toEqual([
      { Rank: 1, Player: 'H1', 'Times picked': 5, 'Picked by': 3, 'Points earned': 65 },
      { Rank: 2, Player: 'A2', 'Times picked': 3, 'Picked by': 2, 'Points earned': 9 },
      { Rank: 3, Player: 'H3', 'Times picked': 1, 'Picked by': 1, 'Points earned': 0 },
    ]);
    // The per-stat breakdown of H1 in match 1: 10 runs, a four, a six.
    const stats = (
      await ada.client.post('/api/view/playerSelectionsDetailedScoring', {
        LeagueID: psLeague.LeagueID,
        FixtureID: f[0],
        UserID: ada.userId,
        PlayerID: player.get('H1'),
      })
    ).json() as { FeatureName: string; Count: number; Points: number }[];
    expect(stats.map((s) => [s.FeatureName, s.Count, s.Points])).toEqual([
      ['Run', 10, 10],
      ['Boundary Bonus', 1, 1],
      ['Six Bonus', 1, 2],
    ]);
  });

  it('answers a league where nothing was picked with empty widgets, and zero rows for every member', async () => {
    const w = await widgets(emptyLeague.LeagueID);
    expect(w.size).toBe(4);
    for (const widget of w.values()) expect(widget.Entry).toEqual([]);
    const board = (await bo.client.get(`/api/view/leaderboard/${emptyLeague.LeagueID}`)).json() as {
      UserDisplayName: string;
      Position: number;
      TotalPoints: number;
    }[];
    expect(board.map((r) => [r.UserDisplayName, r.Position, r.TotalPoints])).toEqual([
      ['Admin', 1, 0],
      ['Bobby', 1, 0],
    ]);
    const progression = (await bo.client.get(`/api/view/progression/${emptyLeague.LeagueID}`)).json() as {
      Fixtures: unknown[];
      Series: { Points: number[] }[];
    };
    // Activated today with no picks: the three matches of April 2024 are outside its window (decision 0021).
    expect(progression.Fixtures).toHaveLength(0);
    expect(progression.Series.map((s) => s.Points)).toEqual([[], []]);
  });
});
