import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInterval, runBacktest, trainCount } from '../../src/autopick/backtest';
import { loadModelInputs, type Prediction, predict, predictFixture } from '../../src/autopick/model';
import { homeSide, naivePicks } from '../../src/autopick/naive';
import { meanInterval, pairedDifference, studentTQuantile } from '../../src/autopick/stats';
import { MP, POSITION, type PositionId } from '../../src/cricket/catalogue';
import { importCricsheetPath } from '../../src/cricket/import/folder';
import { parseCricsheetMatch } from '../../src/cricket/import/parse';
import type { PositionOverride } from '../../src/cricket/import/positions';
import { importMatch } from '../../src/cricket/import/write';
import type { Database } from '../../src/db/database';
import {
  AWAY,
  AWAY_PLAYERS,
  type Ball,
  ball,
  buildMatch,
  HAVE_IPL_2024,
  HOME,
  HOME_PLAYERS,
  IPL_2024_DIR,
  type MatchSpec,
} from '../cricket/builder';
import { DB_TARGET, freshDatabase } from '../db';

/** The back-test on the whole of IPL 2024 (71 Cricsheet files), and the model's honesty about time. */
describe.skipIf(!HAVE_IPL_2024)(`auto-pick back-test on IPL 2024 (${DB_TARGET})`, () => {
  let database: Database;

  beforeAll(async () => {
    database = await freshDatabase();
    await importCricsheetPath(database.db, IPL_2024_DIR);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('beats random picks on average and never beats the best possible picks', async () => {
    const r = await runBacktest(database.db, { randomDraws: 100 });
    expect(r.fixtures.length).toBeGreaterThanOrEqual(70);
    expect(r.average.model.mp).toBeGreaterThan(r.average.random.mp);
    expect(r.average.model.ps).toBeGreaterThan(r.average.random.ps);
    // A clear margin, not noise: Player Selection by at least 25%.
    expect(r.average.model.ps).toBeGreaterThan(1.25 * r.average.random.ps);
    for (const f of r.fixtures) {
      expect(f.model.mp, f.name).toBeLessThanOrEqual(f.oracle.mp);
      expect(f.model.ps, f.name).toBeLessThanOrEqual(f.oracle.ps);
      expect(f.random.mp, f.name).toBeLessThanOrEqual(f.oracle.mp);
      expect(f.random.ps, f.name).toBeLessThanOrEqual(f.oracle.ps);
      expect(f.naive.mp, f.name).toBeLessThanOrEqual(f.oracle.mp);
      expect(f.naive.ps, f.name).toBeLessThanOrEqual(f.oracle.ps);
    }
  }, 120_000);

  it('with a split, scores only the later part of the season', async () => {
    const r = await runBacktest(database.db, { split: 0.5, randomDraws: 20 });
    expect(r.completedFixtures).toBe(71);
    expect(r.trainFixtures).toBe(35);
    expect(r.fixtures.length).toBe(36);
    expect(r.fixtures.map((f) => f.number)).toEqual(Array.from({ length: 36 }, (_, i) => 36 + i));
    expect(r.comparisons.ps.modelVsNaive.n).toBe(36);
    // Both form-based pickers are far above random in Player Selection.
    expect(r.comparisons.ps.naiveVsRandom.low).toBeGreaterThan(0);
    expect(r.comparisons.ps.modelVsRandom.low).toBeGreaterThan(0);
  }, 120_000);

  it('picks (model and naive) for a match are the same whether or not later matches are in the database', async () => {
    const fixtures = await database.db
      .selectFrom('fixtures')
      .select(['id', 'start_time'])
      .orderBy('start_time')
      .orderBy('id')
      .execute();
    const target = fixtures[35]!;
    const snapshot = (p: Prediction) => ({
      mp: [...p.mp.entries()],
      ranked: [...p.ranked.entries()],
      players: p.players,
      localWinChance: p.localWinChance,
    });
    const naiveSnapshot = async () => {
      const n = naivePicks(await loadModelInputs(database.db, target.id));
      return { mp: [...n.mp.entries()], ranked: [...n.ranked.entries()] };
    };
    const withFuture = snapshot(await predictFixture(database.db, target.id));
    const naiveWithFuture = await naiveSnapshot();
    // Drop every later match (results, stat lines and derived rows go with them).
    const later = fixtures.filter((f) => new Date(f.start_time) > new Date(target.start_time)).map((f) => f.id);
    expect(later.length).toBeGreaterThan(30);
    await database.db.deleteFrom('fixtures').where('id', 'in', later).execute();
    const withoutFuture = snapshot(await predictFixture(database.db, target.id));
    expect(withoutFuture).toEqual(withFuture);
    expect(await naiveSnapshot()).toEqual(naiveWithFuture);
  }, 60_000);
});

/** Positions fixed by override in the built season: keepers, batsmen, allrounders; everyone else bowls. */
const BUILT_POSITIONS: Record<string, PositionId> = {
  H1: POSITION.Wicketkeeper,
  A1: POSITION.Wicketkeeper,
  H2: POSITION.Batsman,
  H3: POSITION.Batsman,
  H6: POSITION.Batsman,
  A2: POSITION.Batsman,
  A3: POSITION.Batsman,
  A6: POSITION.Batsman,
  H4: POSITION.Allrounder,
  A4: POSITION.Allrounder,
};
const BUILT_OVERRIDES = new Map<string, PositionOverride>(
  [...HOME_PLAYERS, ...AWAY_PLAYERS].map((name) => [
    `id-${name}`,
    { cricsheetId: `id-${name}`, position: BUILT_POSITIONS[name] ?? POSITION.Bowler },
  ]),
);

/** An innings bowled by one bowler: each batter faces `runs` (one entry per ball), then is bowled (if `out`). */
function inningsOf(team: string, bowler: string, batters: [string, number[], boolean][]): MatchSpec['innings'][number] {
  const balls: Ball[] = [];
  batters.forEach(([bat, runs, out], i) => {
    const ns = batters[i + 1]?.[0] ?? batters[0]![0];
    for (const r of runs) balls.push(ball(bat, bowler, ns, r));
    if (out) balls.push(ball(bat, bowler, ns, 0, { out: { kind: 'bowled' } }));
  });
  const overs: Ball[][] = [];
  for (let i = 0; i < balls.length; i += 6) overs.push(balls.slice(i, i + 6));
  return { team, overs };
}

const repeat = (r: number, n: number) => Array.from({ length: n }, () => r);

/**
 * Four matches, Home XI listed first (the home side) in each. After matches 1-2 (both won by Away XI):
 * most runs A2 (150), most wickets A5 (8), most points A5 (270, ahead of A2's 228). Match 3, won by
 * Home XI, has H3 scoring 300 and H7 taking 10 wickets: a picker that saw it would pick them.
 */
const BUILT_SEASON: MatchSpec[] = [
  {
    date: '2024-04-01',
    innings: [
      inningsOf(HOME, 'A5', [
        ['H2', repeat(4, 8), true],
        ['H3', [1, 1], true],
        ['H6', [], true],
        ['H4', [2], true],
      ]),
      inningsOf(AWAY, 'H5', [
        ['A2', repeat(6, 15), true],
        ['A3', repeat(1, 5), false],
      ]),
    ],
    outcome: { winner: AWAY, by: { wickets: 9 } },
  },
  {
    date: '2024-04-02',
    innings: [
      inningsOf(HOME, 'A5', [
        ['H2', repeat(4, 5), true],
        ['H3', [1, 1, 1], true],
        ['H6', [], true],
        ['H4', [1], true],
      ]),
      inningsOf(AWAY, 'H5', [
        ['A2', repeat(6, 10), true],
        ['A3', [1], false],
      ]),
    ],
    outcome: { winner: AWAY, by: { wickets: 9 } },
  },
  {
    date: '2024-04-03',
    innings: [
      inningsOf(HOME, 'A5', [['H3', repeat(6, 50), false]]),
      inningsOf(
        AWAY,
        'H7',
        AWAY_PLAYERS.slice(0, 10).map((name) => [name, [], true] as [string, number[], boolean]),
      ),
    ],
    outcome: { winner: HOME, by: { runs: 300 } },
  },
  {
    date: '2024-04-04',
    innings: [
      inningsOf(HOME, 'A7', [['H2', repeat(4, 3), true]]),
      inningsOf(AWAY, 'H8', [['A6', repeat(6, 40), false]]),
    ],
    outcome: { winner: AWAY, by: { wickets: 10 } },
  },
];

describe(`auto-pick back-test on a built season (${DB_TARGET})`, () => {
  let database: Database;
  let fixtureIds: number[];
  const player = new Map<string, number>();

  beforeAll(async () => {
    database = await freshDatabase();
    fixtureIds = [];
    for (const [i, spec] of BUILT_SEASON.entries()) {
      const parsed = parseCricsheetMatch(
        buildMatch({ ...spec, event: { name: 'Built League', match_number: i + 1 } }),
        `built${i + 1}.json`,
      );
      fixtureIds.push((await importMatch(database.db, parsed, { overrides: BUILT_OVERRIDES })).fixtureId);
    }
    for (const p of await database.db.selectFrom('players').select(['id', 'cricsheet_id']).execute())
      player.set(p.cricsheet_id!.replace(/^id-/, ''), p.id);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  const ids = (names: string[]) => names.map((n) => player.get(n)!);

  it('picks the home side and the leaders of the earlier matches, never from the match itself', async () => {
    const inputs = await loadModelInputs(database.db, fixtureIds[2]!);
    expect(inputs.past.map((p) => p.id)).toEqual(fixtureIds.slice(0, 2));
    const picks = naivePicks(inputs);
    expect(picks.mp.get(MP.MatchWinner)).toBe(inputs.target.localTeamId);
    // Every match is in Testville, so neither side is more at home there: the first-listed side, Home XI,
    // although it lost both earlier matches (the model's Elo picks Away XI).
    const home = await database.db.selectFrom('teams').select('id').where('name', '=', HOME).executeTakeFirstOrThrow();
    expect(inputs.target.localTeamId).toBe(home.id);
    expect(predict(inputs).mp.get(MP.MatchWinner)).not.toBe(home.id);
    expect(picks.mp.get(MP.MostRuns)).toBe(player.get('A2'));
    expect(picks.mp.get(MP.MostWickets)).toBe(player.get('A5'));
    expect(picks.mp.get(MP.ManOfTheMatch)).toBe(player.get('A5'));
    // Both earlier results were wins by 9 wickets (7-10 band); sixes 15 and 10 → tie, the lower band.
    expect(picks.mp.get(MP.WinningMargin)).toBe(506);
    expect(picks.mp.get(MP.TotalSixes)).toBe(601);
    // Points so far: A2 228, H2 75, A3 6, H3 5 (300 in match 3 does not count), A6 0, H6 -4 (two ducks).
    expect(picks.ranked.get(POSITION.Batsman)).toEqual(ids(['A2', 'H2', 'A3', 'H3', 'A6', 'H6']));
    expect(picks.ranked.get(POSITION.Allrounder)).toEqual(ids(['H4', 'A4']));
    expect(picks.ranked.get(POSITION.Bowler)!.slice(0, 2)).toEqual(ids(['A5', 'H5']));
    expect(picks.ranked.get(POSITION.Bowler)!.indexOf(player.get('H7')!)).toBeGreaterThan(1);
  });

  it('falls back to the lowest player ids and the model bands when there is no history', async () => {
    const inputs = await loadModelInputs(database.db, fixtureIds[0]!);
    expect(inputs.past).toEqual([]);
    const picks = naivePicks(inputs);
    const lowest = (positions: PositionId[]) =>
      Math.min(...inputs.squad.filter((p) => positions.includes(p.positionId)).map((p) => p.playerId));
    expect(picks.mp.get(MP.MatchWinner)).toBe(inputs.target.localTeamId);
    expect(picks.mp.get(MP.MostRuns)).toBe(lowest([POSITION.Batsman, POSITION.Wicketkeeper, POSITION.Allrounder]));
    expect(picks.mp.get(MP.MostWickets)).toBe(lowest([POSITION.Bowler, POSITION.Allrounder]));
    expect(picks.mp.get(MP.ManOfTheMatch)).toBe(Math.min(...inputs.squad.map((p) => p.playerId)));
    expect(picks.mp.get(MP.WinningMargin)).toBe(505);
    expect(picks.mp.get(MP.TotalSixes)).toBe(602);
    expect(picks.ranked.get(POSITION.Batsman)).toEqual(
      [...ids(['H2', 'H3', 'H6', 'A2', 'A3', 'A6'])].sort((a, b) => a - b),
    );
  });

  it('reports only the test fixtures after a split, with the naive picks scored', async () => {
    const all = await runBacktest(database.db, { randomDraws: 5 });
    expect(all.fixtures.map((f) => f.number)).toEqual([1, 2, 3, 4]);
    expect(all.trainFixtures).toBe(0);
    for (const split of [2, 0.5]) {
      const r = await runBacktest(database.db, { split, randomDraws: 5 });
      expect(r.completedFixtures).toBe(4);
      expect(r.trainFixtures).toBe(2);
      expect(r.fixtures.map((f) => f.fixtureId)).toEqual(fixtureIds.slice(2));
      expect(r.comparisons.mp.modelVsNaive.n).toBe(2);
    }
    const r = await runBacktest(database.db, { split: 0.75, randomDraws: 5 });
    expect(r.fixtures.map((f) => f.number)).toEqual([4]);
    expect(() => trainCount(1.5, 4)).toThrow(/split/);
    expect(() => trainCount(-1, 4)).toThrow(/split/);

    // Match 3 the same whether or not the first two are scored: the naive home pick wins, the model's does not.
    const third = all.fixtures[2]!;
    expect(third.naive.mpByFeature[MP.MatchWinner]).toBe(10);
    expect(third.model.mpByFeature[MP.MatchWinner]).toBe(0);
    expect(third.naive.mpByFeature[MP.MostRuns]).toBe(0);
    // The paired comparisons are the mean differences of the per-fixture scores.
    const diffs = all.fixtures.map((f) => f.model.ps - f.naive.ps);
    expect(all.comparisons.ps.modelVsNaive.mean).toBeCloseTo(diffs.reduce((a, b) => a + b, 0) / 4, 9);
    expect(all.average.naive.mp).toBeCloseTo(all.fixtures.reduce((a, f) => a + f.naive.mp, 0) / 4, 9);
  }, 60_000);
});

describe('the naive home side', () => {
  const fixture = (id: number, localTeamId: number, visitorTeamId: number, city: string | null) => ({
    id,
    startTime: new Date(Date.UTC(2024, 3, id)),
    localTeamId,
    visitorTeamId,
    city,
    winnerTeamId: null,
    marginOptionId: null,
    sixes: null,
  });
  const target = (city: string | null) => ({ ...fixture(9, 1, 2, city), seasonId: 1 });

  it('is the team that played more earlier fixtures in the city, else the first-listed team', () => {
    const past = [fixture(1, 2, 3, 'Chennai'), fixture(2, 4, 2, 'Chennai'), fixture(3, 1, 2, 'Mumbai')];
    expect(homeSide({ target: target('Chennai'), past })).toBe(2);
    expect(homeSide({ target: target('Mumbai'), past })).toBe(1);
    expect(homeSide({ target: target('Delhi'), past })).toBe(1);
    expect(homeSide({ target: target(null), past })).toBe(1);
    expect(homeSide({ target: target('Chennai'), past: [] })).toBe(1);
  });
});

describe('paired differences and their confidence interval', () => {
  it('uses Student t quantiles', () => {
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(12.706205, 5);
    expect(studentTQuantile(0.975, 4)).toBeCloseTo(2.776445, 5);
    expect(studentTQuantile(0.975, 10)).toBeCloseTo(2.228139, 5);
    expect(studentTQuantile(0.975, 30)).toBeCloseTo(2.042272, 5);
    expect(studentTQuantile(0.995, 5)).toBeCloseTo(4.032143, 5);
    expect(studentTQuantile(0.025, 10)).toBeCloseTo(-2.228139, 5);
  });

  it('computes the mean, the sample deviation and the 95 % interval on known numbers', () => {
    const m = meanInterval([1, 2, 3, 4, 5]);
    expect(m.n).toBe(5);
    expect(m.mean).toBe(3);
    expect(m.sd).toBeCloseTo(Math.sqrt(2.5), 12);
    // 2.776445 × √2.5 / √5
    expect(m.halfWidth).toBeCloseTo(1.963243, 5);
    expect(m.low).toBeCloseTo(1.036757, 5);
    expect(m.high).toBeCloseTo(4.963243, 5);
    const d = pairedDifference([3, 5, 7], [1, 2, 3]);
    expect(d.mean).toBe(3);
    expect(d.sd).toBe(1);
    expect(d.halfWidth).toBeCloseTo(4.302653 / Math.sqrt(3), 5);
    expect(formatInterval(d)).toBe('+3.0 ± 2.5 (+0.5 to +5.5)');
    expect(formatInterval(pairedDifference([1, 2], [2, 4]))).toBe('-1.5 ± 6.4 (-7.9 to +4.9)');
    expect(Number.isNaN(meanInterval([4]).halfWidth)).toBe(true);
    expect(() => pairedDifference([1], [1, 2])).toThrow();
  });
});
