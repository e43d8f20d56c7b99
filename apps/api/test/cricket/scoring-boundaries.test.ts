import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MP, POSITION, type PositionId, PS } from '../../src/cricket/catalogue';
import { recomputeDerived } from '../../src/cricket/scoring/derived';
import {
  LINE_DECIDED_MP_FEATURES,
  leaderValue,
  type MatchFacts,
  matchPredictionWinners,
} from '../../src/cricket/scoring/match-prediction';
import {
  appearanceCounts,
  appearancePoints,
  DEFAULT_PS_POINTS,
  DEFAULT_SIGNED_PS_POINTS,
  type StatLine,
} from '../../src/cricket/scoring/player-selection';
import { leaderValueSql } from '../../src/cricket/scoring/table-sql';
import type { Database } from '../../src/db/database';
import { psPlayerPointsSql } from '../../src/standings/points';
import { DB_TARGET, freshDatabase } from '../db';

/**
 * The edges of every band of the scoring table, typed in literally, run through both readers of the
 * table: the TypeScript rules (`appearanceCounts`, `matchPredictionWinners`) and the SQL that fills the
 * derived tables (`recomputeDerived`) and scores leagues from them (`psPlayerPointsSql`). A band edge
 * that moves in the table, or a reader that reads it differently (`<` for `<=`), fails here.
 */

const { Batsman, Bowler, Wicketkeeper, Allrounder } = POSITION;

/** The features of which at most one is counted for a line (the bands and milestones). */
const GROUPS = {
  milestone: [PS.Thirty, PS.HalfCentury, PS.Century],
  duck: [PS.Duck],
  haul: [PS.ThreeWicketHaul, PS.FourWicketHaul, PS.FiveWicketHaul],
  catchBonus: [PS.ThreeCatchBonus],
  economy: [PS.EconomyBelow5, PS.Economy5To6, PS.Economy6To7, PS.Economy10To11, PS.Economy11To12, PS.EconomyAbove12],
  strikeRate: [
    PS.StrikeRateAbove170,
    PS.StrikeRate150To170,
    PS.StrikeRate130To150,
    PS.StrikeRate60To70,
    PS.StrikeRate50To60,
    PS.StrikeRateBelow50,
  ],
} as const;
type Group = keyof typeof GROUPS;

interface PsCase {
  group: Group;
  line: Partial<StatLine>;
  position: PositionId;
  /** The one feature of the group the line earns, or null for none. */
  want: number | null;
}

const ps = (group: Group, line: Partial<StatLine>, want: number | null, position: PositionId = Batsman): PsCase => ({
  group,
  line,
  position,
  want,
});
const econ = (runs: number, balls: number, want: number | null) =>
  ps('economy', { runsConceded: runs, ballsBowled: balls }, want, Bowler);
const sr = (runs: number, balls: number, want: number | null, position: PositionId = Batsman) =>
  ps('strikeRate', { runs, balls }, want, position);

const PS_CASES: readonly PsCase[] = [
  ps('milestone', { runs: 29, balls: 200 }, null),
  ps('milestone', { runs: 30, balls: 200 }, PS.Thirty),
  ps('milestone', { runs: 49, balls: 200 }, PS.Thirty),
  ps('milestone', { runs: 50, balls: 200 }, PS.HalfCentury),
  ps('milestone', { runs: 99, balls: 200 }, PS.HalfCentury),
  ps('milestone', { runs: 100, balls: 200 }, PS.Century),
  ps('duck', { dismissed: true, balls: 1 }, PS.Duck),
  ps('duck', { dismissed: true, balls: 1 }, PS.Duck, Wicketkeeper),
  ps('duck', { dismissed: true, balls: 1 }, null, Bowler),
  ps('duck', { dismissed: true, runs: 1, balls: 1 }, null),
  ps('duck', { dismissed: false, balls: 1 }, null),
  ps('haul', { wickets: 2 }, null, Bowler),
  ps('haul', { wickets: 3 }, PS.ThreeWicketHaul, Bowler),
  ps('haul', { wickets: 4 }, PS.FourWicketHaul, Bowler),
  ps('haul', { wickets: 5 }, PS.FiveWicketHaul, Bowler),
  ps('haul', { wickets: 8 }, PS.FiveWicketHaul, Bowler),
  ps('catchBonus', { catches: 2 }, null),
  ps('catchBonus', { catches: 3 }, PS.ThreeCatchBonus),
  econ(0, 11, null), // under 2 overs
  econ(9, 12, PS.EconomyBelow5), // 4.50
  econ(10, 12, PS.Economy5To6), // 5.00
  econ(23, 24, PS.Economy5To6), // 5.75
  econ(12, 12, PS.Economy6To7), // 6.00
  econ(14, 12, PS.Economy6To7), // 7.00
  econ(43, 36, null), // 7.17
  econ(59, 36, null), // 9.83
  econ(20, 12, PS.Economy10To11), // 10.00
  econ(22, 12, PS.Economy10To11), // 11.00
  econ(67, 36, PS.Economy11To12), // 11.17
  econ(24, 12, PS.Economy11To12), // 12.00
  econ(73, 36, PS.EconomyAbove12), // 12.17
  sr(30, 9, null), // under 10 balls
  sr(171, 100, PS.StrikeRateAbove170), // 171
  sr(17, 10, PS.StrikeRate150To170), // 170
  sr(151, 100, PS.StrikeRate150To170), // 151
  sr(15, 10, PS.StrikeRate130To150), // 150
  sr(13, 10, PS.StrikeRate130To150), // 130
  sr(129, 100, null), // 129
  sr(71, 100, null), // 71
  sr(7, 10, PS.StrikeRate60To70), // 70
  sr(6, 10, PS.StrikeRate60To70), // 60
  sr(59, 100, PS.StrikeRate50To60), // 59
  sr(5, 10, PS.StrikeRate50To60), // 50
  sr(49, 100, PS.StrikeRateBelow50), // 49
  sr(0, 10, PS.StrikeRateBelow50), // 0
  sr(30, 10, null, Bowler), // 300, but bowlers have no strike-rate band
  sr(2, 10, null, Bowler), // 20
  sr(2, 10, PS.StrikeRateBelow50, Allrounder),
];

interface MarginCase {
  resultType: 'normal' | 'tie';
  runs: number | null;
  wickets: number | null;
  want: number | null;
}
const MARGIN_CASES: readonly MarginCase[] = [
  { resultType: 'normal', runs: 1, wickets: null, want: 501 },
  { resultType: 'normal', runs: 10, wickets: null, want: 501 },
  { resultType: 'normal', runs: 11, wickets: null, want: 502 },
  { resultType: 'normal', runs: 30, wickets: null, want: 502 },
  { resultType: 'normal', runs: 31, wickets: null, want: 503 },
  { resultType: 'normal', runs: 140, wickets: null, want: 503 },
  { resultType: 'normal', runs: null, wickets: 1, want: 504 },
  { resultType: 'normal', runs: null, wickets: 3, want: 504 },
  { resultType: 'normal', runs: null, wickets: 4, want: 505 },
  { resultType: 'normal', runs: null, wickets: 6, want: 505 },
  { resultType: 'normal', runs: null, wickets: 7, want: 506 },
  { resultType: 'normal', runs: null, wickets: 10, want: 506 },
  { resultType: 'normal', runs: 0, wickets: 0, want: null }, // awarded: no margin
  { resultType: 'normal', runs: null, wickets: null, want: null },
  { resultType: 'tie', runs: null, wickets: null, want: 507 },
];

const SIXES_CASES: readonly { sixes: number; want: number }[] = [
  { sixes: 0, want: 601 },
  { sixes: 10, want: 601 },
  { sixes: 11, want: 602 },
  { sixes: 15, want: 602 },
  { sixes: 16, want: 603 },
  { sixes: 20, want: 603 },
  { sixes: 21, want: 604 },
  { sixes: 40, want: 604 },
];

interface MostCase {
  name: string;
  /** The match's lines, in player order. */
  players: { position: PositionId; runs: number; wickets: number; didPlay?: boolean }[];
  /** Indexes into `players` of the Most Runs and Most Wickets winners. */
  mostRuns: number[];
  mostWickets: number[];
}
const MOST_CASES: readonly MostCase[] = [
  {
    name: 'a Bowler cannot win Most Runs, a Batsman cannot win Most Wickets',
    players: [
      { position: Bowler, runs: 80, wickets: 1 },
      { position: Batsman, runs: 40, wickets: 3 },
      { position: Allrounder, runs: 20, wickets: 1 },
    ],
    mostRuns: [1],
    mostWickets: [0, 2],
  },
  {
    name: 'equal tops share; nobody wins a feature whose top is 0',
    players: [
      { position: Wicketkeeper, runs: 35, wickets: 0 },
      { position: Allrounder, runs: 35, wickets: 0 },
      { position: Bowler, runs: 0, wickets: 0 },
    ],
    mostRuns: [0, 1],
    mostWickets: [],
  },
  {
    name: 'a substitute (did not play) wins nothing',
    players: [
      { position: Batsman, runs: 90, wickets: 0, didPlay: false },
      { position: Batsman, runs: 10, wickets: 0 },
      { position: Bowler, runs: 0, wickets: 5, didPlay: false },
      { position: Bowler, runs: 0, wickets: 1 },
    ],
    mostRuns: [1],
    mostWickets: [3],
  },
];

const ZERO: StatLine = {
  runs: 0,
  balls: 0,
  fours: 0,
  sixes: 0,
  dismissed: false,
  ballsBowled: 0,
  maidens: 0,
  runsConceded: 0,
  wickets: 0,
  bowledLbwWickets: 0,
  catches: 0,
  stumpings: 0,
  runOutsDirect: 0,
  runOutsIndirect: 0,
};
const lineOf = (c: PsCase): StatLine => ({ ...ZERO, ...c.line });
const psLabel = (c: PsCase, i: number) =>
  `${i}: ${c.group} ${JSON.stringify(c.line)} position ${c.position} -> ${c.want ?? 'none'}`;
/** The group's features among the counted ones. */
const inGroup = (c: PsCase, counted: Iterable<number>) =>
  [...counted].filter((id) => (GROUPS[c.group] as readonly number[]).includes(id));
const wantOf = (c: PsCase) => (c.want === null ? [] : [c.want]);

const COMPLETED = { status: 'completed', resultType: 'normal' } as const;
const facts = (over: Partial<MatchFacts>): MatchFacts => ({
  ...COMPLETED,
  winnerTeamId: null,
  superOverWinnerTeamId: null,
  wonByRuns: null,
  wonByWickets: null,
  playerOfMatchIds: [],
  players: [],
  hasScorecard: true,
  ...over,
});
const winnersOf = (w: ReturnType<typeof matchPredictionWinners>, featureId: number) =>
  w.find((x) => x.featureId === featureId)?.ids ?? [];

describe('scoring table edges, TypeScript', () => {
  it.each(PS_CASES.map((c, i) => [psLabel(c, i), c] as const))('%s', (_label, c) => {
    const counts = appearanceCounts({ fixture: COMPLETED, didPlay: true, line: lineOf(c), positionId: c.position });
    expect(inGroup(c, counts.keys())).toEqual(wantOf(c));
  });

  it.each(MARGIN_CASES)('winning margin $resultType runs $runs wickets $wickets -> $want', (c) => {
    const w = matchPredictionWinners(
      facts({ resultType: c.resultType, wonByRuns: c.runs, wonByWickets: c.wickets, hasScorecard: false }),
    );
    expect(winnersOf(w, MP.WinningMargin)).toEqual(c.want === null ? [] : [c.want]);
  });

  it.each(SIXES_CASES)('total sixes $sixes -> $want', (c) => {
    const players = [{ playerId: 1, positionId: Batsman, didPlay: true, runs: 0, wickets: 0, sixes: c.sixes }];
    expect(winnersOf(matchPredictionWinners(facts({ players })), MP.TotalSixes)).toEqual([c.want]);
  });

  it.each(MOST_CASES)('most runs and wickets: $name', (c) => {
    const players = c.players.map((p, i) => ({
      playerId: i + 1,
      positionId: p.position,
      didPlay: p.didPlay ?? true,
      runs: p.runs,
      wickets: p.wickets,
      sixes: 0,
    }));
    const w = matchPredictionWinners(facts({ players }));
    expect(winnersOf(w, MP.MostRuns)).toEqual(c.mostRuns.map((i) => i + 1));
    expect(winnersOf(w, MP.MostWickets)).toEqual(c.mostWickets.map((i) => i + 1));
  });
});

describe(`scoring table edges, SQL on ${DB_TARGET}`, () => {
  let database: Database;
  /** PS_CASES[i]'s player id (all in one fixture). */
  const psPlayers: number[] = [];
  let psFixture = 0;
  const marginFixtures: number[] = [];
  const sixesFixtures: number[] = [];
  const mostFixtures: { fixtureId: number; playerIds: number[] }[] = [];
  let counts = new Map<number, number[]>();
  let winners = new Map<string, number[]>();

  beforeAll(async () => {
    database = await freshDatabase();
    const { db } = database;
    const season = await db
      .insertInto('seasons')
      .values({ name: 'Edge Cup 2024', competition: 'Edge Cup', year: 2024, created_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [home, away] = await db
      .insertInto('teams')
      .values([
        { name: 'Edge Home', code: 'EH' },
        { name: 'Edge Away', code: 'EA' },
      ])
      .returning('id')
      .execute();
    let n = 0;
    const fixture = async (
      resultType: 'normal' | 'tie',
      wonByRuns: number | null = null,
      wonByWickets: number | null = null,
    ) => {
      n += 1;
      const f = await db
        .insertInto('fixtures')
        .values({
          season_id: season.id,
          name: `Edge ${n}`,
          start_time: new Date(Date.UTC(2024, 3, 1, 14) + n * 86_400_000),
          local_team_id: home!.id,
          visitor_team_id: away!.id,
          status: 'completed',
          updated_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('fixture_results')
        .values({
          fixture_id: f.id,
          result_type: resultType,
          winner_team_id: resultType === 'tie' ? null : home!.id,
          won_by_runs: wonByRuns,
          won_by_wickets: wonByWickets,
          method: null,
          super_over_winner_team_id: resultType === 'tie' ? away!.id : null,
          toss_winner_team_id: null,
          toss_decision: null,
        })
        .execute();
      return f.id;
    };
    const player = async (position: PositionId) =>
      (
        await db
          .insertInto('players')
          .values({
            cricsheet_id: null,
            full_name: `Edge player ${position}`,
            position_id: position,
            position_source: 'override',
            created_at: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const line = async (fixtureId: number, playerId: number, l: StatLine, didPlay = true) => {
      await db
        .insertInto('player_fixture_stats')
        .values({
          fixture_id: fixtureId,
          player_id: playerId,
          team_id: home!.id,
          did_play: didPlay,
          batting_position: null,
          runs: l.runs,
          balls: l.balls,
          fours: l.fours,
          sixes: l.sixes,
          dismissed: l.dismissed,
          dismissal_kind: l.dismissed ? 'caught' : null,
          balls_bowled: l.ballsBowled,
          maidens: l.maidens,
          runs_conceded: l.runsConceded,
          wickets: l.wickets,
          bowled_lbw_wickets: l.bowledLbwWickets,
          catches: l.catches,
          stumpings: l.stumpings,
          run_outs_direct: l.runOutsDirect,
          run_outs_indirect: l.runOutsIndirect,
        })
        .execute();
    };

    psFixture = await fixture('normal', 5);
    for (const c of PS_CASES) {
      const id = await player(c.position);
      psPlayers.push(id);
      await line(psFixture, id, lineOf(c));
    }
    for (const c of MARGIN_CASES) marginFixtures.push(await fixture(c.resultType, c.runs, c.wickets));
    for (const c of SIXES_CASES) {
      const id = await fixture('normal', 5);
      sixesFixtures.push(id);
      await line(id, await player(Batsman), { ...ZERO, sixes: c.sixes });
    }
    for (const c of MOST_CASES) {
      const fixtureId = await fixture('normal', 5);
      const playerIds: number[] = [];
      for (const p of c.players) {
        const id = await player(p.position);
        playerIds.push(id);
        await line(fixtureId, id, { ...ZERO, runs: p.runs, wickets: p.wickets }, p.didPlay ?? true);
      }
      mostFixtures.push({ fixtureId, playerIds });
    }

    await recomputeDerived(db, { seasonId: season.id });
    const c = await db.selectFrom('player_fixture_feature_counts').selectAll().execute();
    counts = new Map();
    for (const r of c)
      if (r.fixture_id === psFixture) counts.set(r.player_id, [...(counts.get(r.player_id) ?? []), r.feature_id]);
    const w = await db.selectFrom('fixture_feature_winners').selectAll().orderBy('entity_id').execute();
    winners = new Map();
    for (const r of w) {
      const k = `${r.fixture_id}:${r.feature_id}`;
      winners.set(k, [...(winners.get(k) ?? []), r.entity_id]);
    }
  });
  afterAll(async () => {
    await database.close();
  });

  const won = (fixtureId: number, featureId: number) => winners.get(`${fixtureId}:${featureId}`) ?? [];

  it.each(PS_CASES.map((c, i) => [psLabel(c, i), c, i] as const))('%s', (_label, c, i) => {
    expect(inGroup(c, counts.get(psPlayers[i]!) ?? [])).toEqual(wantOf(c));
  });

  it('scores every edge line the same in SQL (psPlayerPointsSql) as in TypeScript, at the default points', async () => {
    const { rows } = await psPlayerPointsSql([psFixture], DEFAULT_SIGNED_PS_POINTS).execute(database.db);
    const bySql = new Map(rows.map((r) => [r.player_id, Number(r.points)]));
    const byTs = PS_CASES.map(
      (c) =>
        appearancePoints(
          { fixture: COMPLETED, didPlay: true, line: lineOf(c), positionId: c.position },
          DEFAULT_PS_POINTS,
        ).total,
    );
    expect(psPlayers.map((id) => bySql.get(id) ?? 0)).toEqual(byTs);
  });

  it.each(MARGIN_CASES.map((c, i) => [i, c] as const))('winning margin case %i', (i, c) => {
    expect(won(marginFixtures[i]!, MP.WinningMargin)).toEqual(c.want === null ? [] : [c.want]);
  });

  it.each(SIXES_CASES.map((c, i) => [i, c] as const))('total sixes case %i', (i, c) => {
    expect(won(sixesFixtures[i]!, MP.TotalSixes)).toEqual([c.want]);
  });

  it.each(MOST_CASES.map((c, i) => [c.name, c, i] as const))('most runs and wickets: %s', (_name, c, i) => {
    const { fixtureId, playerIds } = mostFixtures[i]!;
    expect(won(fixtureId, MP.MostRuns)).toEqual(c.mostRuns.map((k) => playerIds[k]));
    expect(won(fixtureId, MP.MostWickets)).toEqual(c.mostWickets.map((k) => playerIds[k]));
  });

  it("states the leaders' values the same in SQL (leaderValueSql) as in TypeScript (leaderValue)", async () => {
    const fixtures = [...mostFixtures.map((m) => m.fixtureId), ...sixesFixtures];
    const { rows } = await sql<{ fixture_id: number; feature_id: number; entity_id: number; value: number }>`
      SELECT w.fixture_id, w.feature_id, w.entity_id,
             ${leaderValueSql(sql.ref('w.feature_id'), 's', sql`(SELECT sum(x.sixes)::int FROM player_fixture_stats x WHERE x.fixture_id = w.fixture_id)`)} AS value
      FROM fixture_feature_winners w
      LEFT JOIN player_fixture_stats s ON w.entity_type = 'player' AND s.fixture_id = w.fixture_id AND s.player_id = w.entity_id
      WHERE w.fixture_id IN (${sql.join(fixtures)}) AND w.feature_id IN (${sql.join(LINE_DECIDED_MP_FEATURES)})
      ORDER BY 1, 2, 3`.execute(database.db);
    const expected = [
      ...MOST_CASES.flatMap((c, i) => {
        const { fixtureId, playerIds } = mostFixtures[i]!;
        return [
          ...c.mostRuns.map((k) => [fixtureId, MP.MostRuns, playerIds[k]!, leaderValue(MP.MostRuns, c.players[k], 0)]),
          ...c.mostWickets.map((k) => [
            fixtureId,
            MP.MostWickets,
            playerIds[k]!,
            leaderValue(MP.MostWickets, c.players[k], 0),
          ]),
          [fixtureId, MP.TotalSixes, 601, leaderValue(MP.TotalSixes, undefined, 0)],
        ];
      }),
      ...SIXES_CASES.map((c, i) => [
        sixesFixtures[i]!,
        MP.TotalSixes,
        c.want,
        leaderValue(MP.TotalSixes, undefined, c.sixes),
      ]),
    ].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!);
    expect(rows.map((r) => [r.fixture_id, r.feature_id, r.entity_id, Number(r.value)])).toEqual(expected);
    expect(expected.some((e) => e[3]! > 0)).toBe(true);
  });

  it('gives a fixture without stat lines no stat winners, as the TypeScript rule does', async () => {
    // The margin fixtures have no lines: neither Most Runs nor Total Sixes has a winner there.
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM fixture_feature_winners
      WHERE fixture_id IN (${sql.join(marginFixtures)}) AND feature_id IN (${MP.MostRuns}, ${MP.MostWickets}, ${MP.TotalSixes})`.execute(
      database.db,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
