import { describe, expect, it } from 'vitest';
import { BONUS_OPTIONS, FEATURES, MP, POSITION, PS } from '../../src/cricket/catalogue';
import {
  LINE_DECIDED_MP_FEATURES,
  leaderValue,
  type MatchFacts,
  matchPredictionWinners,
  pickPoints,
  totalSixesOption,
  winnerList,
  winningMarginOption,
} from '../../src/cricket/scoring/match-prediction';
import {
  appearanceCounts,
  appearancePoints,
  DEFAULT_PS_POINTS,
  economyBand,
  playerPoints,
  type StatLine,
  statCounts,
  strikeRateBand,
  teamPoints,
} from '../../src/cricket/scoring/player-selection';
import { isScored, lineScores } from '../../src/cricket/scoring/scored';
import type { FixtureStatus, ResultType } from '../../src/db/schema';
import { T20_TABLE } from './t20-table';

const zero: StatLine = {
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
const mpFacts: MatchFacts = {
  status: 'completed',
  resultType: 'normal',
  winnerTeamId: 10,
  superOverWinnerTeamId: null,
  wonByRuns: 12,
  wonByWickets: null,
  playerOfMatchIds: [3],
  hasScorecard: true,
  players: [{ playerId: 3, positionId: POSITION.Allrounder, didPlay: true, runs: 20, wickets: 2, sixes: 0 }],
};
const counts = (l: Partial<StatLine>, pos: 1 | 2 | 3 | 4 = POSITION.Batsman) =>
  Object.fromEntries(statCounts({ ...zero, ...l }, pos));

describe('Player Selection stat counts', () => {
  it('counts runs, fours and sixes (bonuses on top of the runs)', () => {
    expect(counts({ runs: 20, balls: 30, fours: 2, sixes: 1 })).toMatchObject({
      [PS.Run]: 20,
      [PS.FourBonus]: 2,
      [PS.SixBonus]: 1,
    });
  });

  it.each([
    [29, null],
    [30, PS.Thirty],
    [49, PS.Thirty],
    [50, PS.HalfCentury],
    [99, PS.HalfCentury],
    [100, PS.Century],
    [150, PS.Century],
  ])('gives only the highest milestone: %i runs -> %s', (runs, milestone) => {
    const c = counts({ runs, balls: 1000 });
    const got = [PS.Thirty, PS.HalfCentury, PS.Century].filter((id) => c[id]);
    expect(got).toEqual(milestone ? [milestone] : []);
  });

  it('gives a duck for out for 0 except to bowlers, and not for 0 not out', () => {
    expect(counts({ dismissed: true, balls: 1 })[PS.Duck]).toBe(1);
    expect(counts({ dismissed: true, balls: 0 }, POSITION.Wicketkeeper)[PS.Duck]).toBe(1);
    expect(counts({ dismissed: true, balls: 3 }, POSITION.Bowler)[PS.Duck]).toBeUndefined();
    expect(counts({ dismissed: false, balls: 3 })[PS.Duck]).toBeUndefined();
    expect(counts({ dismissed: true, runs: 1, balls: 3 })[PS.Duck]).toBeUndefined();
  });

  it.each([
    [2, null],
    [3, PS.ThreeWicketHaul],
    [4, PS.FourWicketHaul],
    [5, PS.FiveWicketHaul],
    [7, PS.FiveWicketHaul],
  ])('counts wickets and only the highest haul: %i wickets -> %s', (wickets, haul) => {
    const c = counts({ wickets, bowledLbwWickets: 1, ballsBowled: 24, runsConceded: 40 });
    expect(c[PS.Wicket]).toBe(wickets);
    expect(c[PS.BowledLbwBonus]).toBe(1);
    const got = [PS.ThreeWicketHaul, PS.FourWicketHaul, PS.FiveWicketHaul].filter((id) => c[id]);
    expect(got).toEqual(haul ? [haul] : []);
  });

  it('counts maidens, catches (3-catch bonus once), stumpings and run outs', () => {
    expect(counts({ maidens: 2, catches: 4, stumpings: 1, runOutsDirect: 1, runOutsIndirect: 2 })).toEqual({
      [PS.Maiden]: 2,
      [PS.Catch]: 4,
      [PS.ThreeCatchBonus]: 1,
      [PS.Stumping]: 1,
      [PS.RunOutDirect]: 1,
      [PS.RunOutIndirect]: 2,
    });
    expect(counts({ catches: 2 })[PS.ThreeCatchBonus]).toBeUndefined();
  });

  it.each([
    // [runs conceded, legal balls, band]
    [10, 11, null], // under 2 overs
    [9, 12, PS.EconomyBelow5], // 4.50
    [10, 12, PS.Economy5To6], // 5.00
    [11, 12, PS.Economy5To6], // 5.50
    [23, 24, PS.Economy5To6], // 5.75
    [12, 12, PS.Economy6To7], // 6.00
    [14, 12, PS.Economy6To7], // 7.00
    [43, 36, null], // 7.17
    [39, 24, null], // 9.75
    [20, 12, PS.Economy10To11], // 10.00
    [22, 12, PS.Economy10To11], // 11.00
    [67, 36, PS.Economy11To12], // 11.17
    [24, 12, PS.Economy11To12], // 12.00
    [49, 24, PS.EconomyAbove12], // 12.25
  ])('economy band: %i runs off %i balls -> %s', (runs, balls, band) => {
    expect(economyBand(runs, balls)).toBe(band);
    const c = counts({ runsConceded: runs, ballsBowled: balls });
    const bands = Object.keys(c)
      .map(Number)
      .filter((id) => id >= PS.EconomyBelow5 && id <= PS.EconomyAbove12);
    expect(bands).toEqual(band ? [band] : []);
  });

  it.each([
    // [runs, balls, band]
    [30, 9, null], // under 10 balls
    [18, 10, PS.StrikeRateAbove170], // 180
    [17, 10, PS.StrikeRate150To170], // 170
    [151, 100, PS.StrikeRate150To170], // 151
    [15, 10, PS.StrikeRate130To150], // 150
    [13, 10, PS.StrikeRate130To150], // 130
    [129, 100, null], // 129
    [71, 100, null], // 71
    [7, 10, PS.StrikeRate60To70], // 70
    [6, 10, PS.StrikeRate60To70], // 60
    [59, 100, PS.StrikeRate50To60], // 59
    [5, 10, PS.StrikeRate50To60], // 50
    [4, 10, PS.StrikeRateBelow50], // 40
    [0, 10, PS.StrikeRateBelow50], // 0
  ])('strike-rate band: %i runs off %i balls -> %s', (runs, balls, band) => {
    expect(strikeRateBand(runs, balls, POSITION.Batsman)).toBe(band);
  });

  it('gives bowlers no strike-rate band, good or bad', () => {
    expect(strikeRateBand(30, 10, POSITION.Bowler)).toBeNull();
    expect(strikeRateBand(2, 10, POSITION.Bowler)).toBeNull();
    expect(strikeRateBand(2, 10, POSITION.Allrounder)).toBe(PS.StrikeRateBelow50);
  });
});

describe('which fixtures score (scored.ts)', () => {
  const line: StatLine = { ...zero, runs: 40, balls: 20, fours: 4, wickets: 1, ballsBowled: 24, runsConceded: 20 };
  const appearance = (status: FixtureStatus, resultType: ResultType | null, didPlay = true) => ({
    fixture: { status, resultType },
    didPlay,
    line,
    positionId: POSITION.Allrounder,
  });

  it.each([
    ['completed', 'normal', true],
    ['completed', 'tie', true],
    ['completed', 'no_result', false],
    ['no_result', 'no_result', false],
    ['abandoned', 'no_result', false],
    ['abandoned', null, false],
    ['scheduled', null, false],
    ['live', null, false],
  ] as const)('%s with result %s scores: %s', (status, resultType, scored) => {
    expect(isScored({ status, resultType })).toBe(scored);
    const counts = appearanceCounts(appearance(status, resultType));
    expect(counts.size > 0).toBe(scored);
    // 40 runs + 4 fours + 4 (30 bonus) + 6 (strike rate 200) + 25 wicket + 4 (economy 5.00)
    expect(appearancePoints(appearance(status, resultType)).total).toBe(scored ? 40 + 4 + 4 + 6 + 25 + 4 : 0);
    expect(matchPredictionWinners({ ...mpFacts, status, resultType }).length > 0).toBe(scored);
  });

  it("gives a substitute fielder's line (did not play) nothing, even in a scored fixture", () => {
    const sub = { ...appearance('completed', 'normal', false), line: { ...zero, catches: 3, runOutsDirect: 1 } };
    expect(lineScores(sub.fixture, false)).toBe(false);
    expect(appearanceCounts(sub).size).toBe(0);
    expect(appearancePoints(sub).total).toBe(0);
    // The same line for a player who played: 3 x 8 catches + 4 (3-catch bonus) + 12 direct run out.
    expect(appearancePoints({ ...sub, didPlay: true }).total).toBe(3 * 8 + 4 + 12);
  });
});

describe('Player Selection points', () => {
  it('scores a worked example with the default points', () => {
    // 52 off 26 with 4 fours and 3 sixes, not out; no bowling.
    const r = playerPoints({ ...zero, runs: 52, balls: 26, fours: 4, sixes: 3 }, POSITION.Batsman);
    // 52 runs + 4 fours + 3 x 2 sixes + 8 half-century + 6 strike rate 200
    expect(r.total).toBe(52 + 4 + 6 + 8 + 6);
  });

  it('subtracts penalties: the configured value is a magnitude, the catalogue gives the sign', () => {
    // Out for 0 off 10 balls (duck, strike rate 0), 4 overs for 50 (economy 12.5).
    const line = { ...zero, dismissed: true, balls: 10, ballsBowled: 24, runsConceded: 50 };
    expect(playerPoints(line, POSITION.Allrounder).total).toBe(-2 - 6 - 6);
    const config = new Map(DEFAULT_PS_POINTS);
    config.set(PS.Duck, 10);
    expect(playerPoints(line, POSITION.Allrounder, config).total).toBe(-10 - 6 - 6);
    config.delete(PS.EconomyAbove12); // not selected in the league
    expect(playerPoints(line, POSITION.Allrounder, config).total).toBe(-10 - 6);
  });

  it('sums a team over the picked players; a player without a line scores 0', () => {
    const lines = new Map([
      [1, { line: { ...zero, runs: 10, balls: 8 }, positionId: POSITION.Batsman }],
      [2, { line: { ...zero, wickets: 1, ballsBowled: 24, runsConceded: 30 }, positionId: POSITION.Bowler }],
    ]);
    expect(teamPoints([1, 2, 3], lines)).toBe(10 + 25);
  });

  it("uses the issue's standard T20 table as the Player Selection defaults", () => {
    const ps = FEATURES.filter((f) => f.leagueType === 'PS').map((f) => [f.id, f.name, f.sign * f.defaultPoints]);
    expect(ps).toEqual(T20_TABLE);
    expect([...DEFAULT_PS_POINTS.entries()]).toEqual(T20_TABLE.map(([id, , points]) => [id, Math.abs(points)]));
  });

  it('keeps every default within MaxPoints and penalties signed -1', () => {
    for (const f of FEATURES) expect(f.defaultPoints, f.name).toBeLessThanOrEqual(f.maxPoints);
    const penalties = FEATURES.filter((f) => f.sign === -1).map((f) => f.id);
    expect(penalties).toEqual([
      PS.Duck,
      PS.Economy10To11,
      PS.Economy11To12,
      PS.EconomyAbove12,
      PS.StrikeRate60To70,
      PS.StrikeRate50To60,
      PS.StrikeRateBelow50,
    ]);
  });
});

describe('Match Prediction winners', () => {
  const facts = (over: Partial<MatchFacts> = {}): MatchFacts => ({
    status: 'completed',
    resultType: 'normal',
    winnerTeamId: 10,
    superOverWinnerTeamId: null,
    wonByRuns: 12,
    wonByWickets: null,
    playerOfMatchIds: [3],
    hasScorecard: true,
    players: [
      { playerId: 1, positionId: POSITION.Batsman, didPlay: true, runs: 40, wickets: 0, sixes: 2 },
      { playerId: 2, positionId: POSITION.Wicketkeeper, didPlay: true, runs: 40, wickets: 0, sixes: 1 },
      { playerId: 3, positionId: POSITION.Allrounder, didPlay: true, runs: 20, wickets: 2, sixes: 0 },
      { playerId: 4, positionId: POSITION.Bowler, didPlay: true, runs: 55, wickets: 2, sixes: 9 },
      { playerId: 5, positionId: POSITION.Bowler, didPlay: true, runs: 0, wickets: 1, sixes: 0 },
    ],
    ...over,
  });
  const get = (f: MatchFacts, id: number) => matchPredictionWinners(f).find((w) => w.featureId === id)?.ids;

  it('awards every feature of a normal result', () => {
    const w = matchPredictionWinners(facts());
    expect(w).toEqual([
      { featureId: MP.MatchWinner, entityType: 'team', ids: [10] },
      // Player 4 scored most but is a Bowler: Most Runs allows positions 1, 3, 4 only; tie -> both.
      { featureId: MP.MostRuns, entityType: 'player', ids: [1, 2] },
      { featureId: MP.MostWickets, entityType: 'player', ids: [3, 4] },
      { featureId: MP.ManOfTheMatch, entityType: 'player', ids: [3] },
      { featureId: MP.WinningMargin, entityType: 'bonus', ids: [502] },
      { featureId: MP.TotalSixes, entityType: 'bonus', ids: [602] },
    ]);
    expect(winnerList(w, MP.MostRuns)).toBe('1,2');
    expect(winnerList(w, 99)).toBe('');
  });

  it('gives a tie to the super-over winner and the Tie margin band', () => {
    const f = facts({ resultType: 'tie', winnerTeamId: null, superOverWinnerTeamId: 11, wonByRuns: null });
    expect(get(f, MP.MatchWinner)).toEqual([11]);
    expect(get(f, MP.WinningMargin)).toEqual([507]);
  });

  it('has no winners at all for no result or abandoned, or before the match is completed', () => {
    expect(matchPredictionWinners(facts({ status: 'no_result', resultType: 'no_result' }))).toEqual([]);
    expect(matchPredictionWinners(facts({ status: 'abandoned', resultType: 'no_result' }))).toEqual([]);
    expect(matchPredictionWinners(facts({ status: 'scheduled', resultType: null }))).toEqual([]);
    expect(matchPredictionWinners(facts({ status: 'live', resultType: null }))).toEqual([]);
  });

  it('has no Most Wickets winner when nobody eligible took a wicket, and no stat winners without a scorecard', () => {
    const noWickets = facts({ players: facts().players.map((p) => ({ ...p, wickets: 0 })) });
    expect(get(noWickets, MP.MostWickets)).toBeUndefined();
    const resultOnly = facts({ players: [], hasScorecard: false });
    expect(matchPredictionWinners(resultOnly).map((w) => w.featureId)).toEqual([
      MP.MatchWinner,
      MP.ManOfTheMatch,
      MP.WinningMargin,
    ]);
  });

  it('ignores substitutes (did not play) for player features', () => {
    const f = facts({
      players: [{ playerId: 9, positionId: POSITION.Batsman, didPlay: false, runs: 99, wickets: 0, sixes: 0 }],
    });
    expect(get(f, MP.MostRuns)).toBeUndefined();
  });

  it.each([
    [1, null, 501],
    [10, null, 501],
    [11, null, 502],
    [30, null, 502],
    [31, null, 503],
    [null, 1, 504],
    [null, 3, 504],
    [null, 4, 505],
    [null, 6, 505],
    [null, 7, 506],
    [null, 10, 506],
    [null, null, null],
  ])('winning margin band: runs %s wickets %s -> %s', (runs, wickets, band) => {
    expect(winningMarginOption('normal', runs, wickets)).toBe(band);
  });

  it.each([
    [0, 601],
    [10, 601],
    [11, 602],
    [15, 602],
    [16, 603],
    [20, 603],
    [21, 604],
    [38, 604],
  ])('total sixes band: %i -> %i', (n, band) => {
    expect(totalSixesOption(n)).toBe(band);
    expect(BONUS_OPTIONS.some((o) => o.id === band)).toBe(true);
  });

  it('knows which features the stat lines decide, and the number each leader stands on', () => {
    expect(LINE_DECIDED_MP_FEATURES).toEqual([MP.MostRuns, MP.MostWickets, MP.TotalSixes]);
    const leader = { runs: 61, wickets: 2 };
    expect(leaderValue(MP.MostRuns, leader, 14)).toBe(61);
    expect(leaderValue(MP.MostWickets, leader, 14)).toBe(2);
    expect(leaderValue(MP.TotalSixes, undefined, 14)).toBe(14);
    expect(leaderValue(MP.MatchWinner, leader, 14)).toBe(0);
  });

  it('pays a pick its points when it is among the winners, else 0', () => {
    const w = matchPredictionWinners(facts());
    expect(pickPoints(w, MP.MostRuns, 2, 20)).toBe(20);
    expect(pickPoints(w, MP.MostRuns, 1, 20)).toBe(20);
    expect(pickPoints(w, MP.MostRuns, 4, 20)).toBe(0);
    expect(pickPoints(w, MP.MatchWinner, 10, 15)).toBe(15);
    expect(pickPoints(w, MP.MatchWinner, null, 15)).toBe(0);
    expect(pickPoints(w, MP.MatchWinner, 0, 15)).toBe(0);
    expect(pickPoints([], MP.MatchWinner, 10, 15)).toBe(0);
  });
});

describe('docs/scoring.md worked examples (default points)', () => {
  const pts = (l: Partial<StatLine>, pos: 1 | 2 | 3 | 4 = POSITION.Batsman) =>
    playerPoints({ ...zero, ...l }, pos).total;
  const bandPoints = (id: number | null) => {
    if (id === null) return 0;
    const f = FEATURES.find((x) => x.id === id)!;
    return f.sign * f.defaultPoints;
  };

  it('Player Selection: one example per rule', () => {
    expect(pts({ runs: 34, balls: 30, fours: 3, sixes: 1, dismissed: true })).toBe(43);
    expect(pts({ runs: 102, balls: 41, fours: 9, sixes: 8, dismissed: true })).toBe(149);
    const bowl = (overs: number, maidens: number, runs: number, wickets: number, bowledLbw = 0) =>
      pts(
        { ballsBowled: overs * 6, maidens, runsConceded: runs, wickets, bowledLbwWickets: bowledLbw },
        POSITION.Bowler,
      );
    expect(bowl(4, 0, 29, 4, 1)).toBe(116);
    expect(bowl(4, 1, 20, 5, 2)).toBe(173);
    expect(bowl(1, 0, 6, 2, 1)).toBe(58);
    expect(bowl(3, 1, 15, 0)).toBe(16);
    expect(pts({ catches: 3 })).toBe(28);
    expect(pts({ catches: 4 })).toBe(36);
    expect(pts({ stumpings: 1, catches: 1 }, POSITION.Wicketkeeper)).toBe(20);
    expect(pts({ runOutsDirect: 1, runOutsIndirect: 1 })).toBe(18);
    expect(pts({ runOutsIndirect: 1 }, POSITION.Wicketkeeper)).toBe(6);
    expect(pts({ runs: 33, balls: 20, fours: 2, sixes: 2 })).toBe(47);
    expect(pts({ runs: 33, balls: 20, fours: 2, sixes: 2 }, POSITION.Bowler)).toBe(43);
    // The examples that were already there: the final and the penalty line.
    expect(pts({ runs: 52, balls: 26, fours: 4, sixes: 3 })).toBe(76);
    expect(pts({ ballsBowled: 15, runsConceded: 19, wickets: 3 }, POSITION.Allrounder)).toBe(79); // 2.3-0-19-3
    expect(pts({ ballsBowled: 18, runsConceded: 14, wickets: 2, bowledLbwWickets: 1, catches: 2 }, 2)).toBe(80);
    expect(pts({ runs: 2, balls: 5, dismissed: true })).toBe(2);
    expect(pts({ dismissed: true, balls: 10, ballsBowled: 24, runsConceded: 50 })).toBe(-14);
  });

  it.each([
    [22, 4],
    [26, 2],
    [28, 2],
    [30, 0],
    [42, -2],
    [44, -2],
    [46, -4],
    [48, -4],
  ])('economy band: %i runs in 4 overs -> %i', (runs, points) => {
    expect(bandPoints(economyBand(runs, 24))).toBe(points);
  });

  it.each([
    [33, 4],
    [30, 2],
    [27, 2],
    [20, 0],
    [14, -2],
    [12, -2],
    [11, -4],
    [10, -4],
  ])('strike-rate band: %i off 20 balls -> %i', (runs, points) => {
    expect(bandPoints(strikeRateBand(runs, 20, POSITION.Batsman))).toBe(points);
  });

  it('Match Prediction: a tie won in the super over, tied Most Runs, no wicket-taker', () => {
    const base: MatchFacts = { ...mpFacts, playerOfMatchIds: [], players: [] };
    const tie = matchPredictionWinners({
      ...base,
      resultType: 'tie',
      winnerTeamId: null,
      superOverWinnerTeamId: 1,
      wonByRuns: null,
    });
    expect(pickPoints(tie, MP.MatchWinner, 1, 10)).toBe(10);
    expect(pickPoints(tie, MP.MatchWinner, 2, 10)).toBe(0);
    expect(pickPoints(tie, MP.WinningMargin, 507, 15)).toBe(15);
    expect(pickPoints(tie, MP.WinningMargin, 501, 15)).toBe(0);

    const players = [
      { playerId: 11, positionId: POSITION.Batsman, didPlay: true, runs: 40, wickets: 0, sixes: 0 },
      { playerId: 12, positionId: POSITION.Batsman, didPlay: true, runs: 40, wickets: 1, sixes: 0 },
      { playerId: 13, positionId: POSITION.Bowler, didPlay: true, runs: 55, wickets: 0, sixes: 0 },
    ];
    const w = matchPredictionWinners({ ...base, players });
    expect(winnerList(w, MP.MostRuns)).toBe('11,12');
    expect([11, 12, 13].map((id) => pickPoints(w, MP.MostRuns, id, 20))).toEqual([20, 20, 0]);
    // Only a Batsman took a wicket: Most Wickets allows Bowlers and Allrounders, so nobody wins it.
    expect(winnerList(w, MP.MostWickets)).toBe('');
    expect(pickPoints(w, MP.MostWickets, 12, 20)).toBe(0);
  });
});
