import { describe, expect, it } from 'vitest';
import type { ContestEntry } from '../../data/standings/types';
import {
  contestColumnKeys,
  describeChange,
  earnedPoints,
  formatChange,
  formatPoints,
  groupByFixture,
  isNumericColumn,
  medalFor,
  playerDetailsSheet,
  withLiveStandings,
  nextSorting,
  winnerText,
  countOf,
  isMultiplied,
  multipliedText,
  playerScoresSheet,
  roleText,
  predictionLine,
  predictionScoresSheet,
  sumPoints,
} from './standings';
import { makePastPlayerSelection, makePastSelection, makePlayerScoringDetail } from './testData';

describe('leaderboard rules', () => {
  it('names the winners, the leaders so far while live, or says it is not decided', () => {
    const line = { winner: '', provisional: false, leading: '' };
    expect(winnerText({ ...line, winner: 'Virat Kohli' })).toBe('Virat Kohli');
    expect(winnerText(line)).toBe('Not decided');
    expect(winnerText({ ...line, provisional: true, leading: 'Virat Kohli, Rohit Sharma' })).toBe(
      'Leading so far: Virat Kohli, Rohit Sharma',
    );
    expect(winnerText({ ...line, provisional: true })).toBe('Not decided yet');
  });

  it('counts in the right number', () => {
    expect(countOf(1, 'started fixture', 'started fixtures')).toBe('1 started fixture');
    expect(countOf(0, 'pick', 'picks')).toBe('0 picks');
    expect(countOf(3, 'pick', 'picks')).toBe('3 picks');
  });

  it('sorts a chosen column highest first, and reverses it when chosen again', () => {
    expect(nextSorting([{ id: 'points', desc: true }], 'gain')).toEqual([{ id: 'gain', desc: true }]);
    expect(nextSorting([{ id: 'gain', desc: true }], 'gain')).toEqual([{ id: 'gain', desc: false }]);
    expect(nextSorting([{ id: 'gain', desc: false }], 'gain')).toEqual([{ id: 'gain', desc: true }]);
    expect(nextSorting([], 'points')).toEqual([{ id: 'points', desc: true }]);
  });

  it('formats a position change as +n, -n, or a dash when 0', () => {
    expect(formatChange(3)).toBe('+3');
    expect(formatChange(1)).toBe('+1');
    expect(formatChange(-2)).toBe('-2');
    expect(formatChange(0)).toBe('–');
    expect(describeChange(1)).toBe('Up 1 place');
    expect(describeChange(-4)).toBe('Down 4 places');
    expect(describeChange(0)).toBe('No change');
  });

  it('gives medals to positions 1, 2 and 3 only', () => {
    expect([1, 2, 3, 4, 0].map((p) => medalFor(p, 10))).toEqual(['gold', 'silver', 'bronze', null, null]);
  });

  it('gives no medal while a member has no points: a table of zeros names no leader', () => {
    expect([1, 2, 3].map((p) => medalFor(p, 0))).toEqual([null, null, null]);
    expect(medalFor(1, -5)).toBeNull();
  });

  it('shows whole points as they are and fractions to two decimals', () => {
    expect(formatPoints(120)).toBe('120');
    expect(formatPoints(-5)).toBe('-5');
    expect(formatPoints(12.345)).toBe('12.35');
  });

  it('highlights only rows that earned points', () => {
    expect([10, 0, -2].map(earnedPoints)).toEqual([true, false, false]);
  });
});

describe('score details', () => {
  const rows = [
    makePastSelection({ FixtureID: 10, Points: 10 }),
    makePastSelection({
      FixtureID: 10,
      Feature: 'Most Runs',
      FeatureTypeName: 'player',
      SelectedTeam: '',
      SelectedPlayer: 'Rohit Sharma',
      WinningTeam: '',
      WinningPlayer: 'Virat Kohli, Rohit Sharma',
      Points: 20,
    }),
    makePastSelection({
      FixtureID: 20,
      FixtureName: 'Match 2',
      StartTime: '2026-04-09T14:00:00.000Z',
      SelectedTeam: 'Royal Challengers',
      Points: 0,
    }),
  ];

  it('groups rows by fixture in order, each with its subtotal, and adds up the total', () => {
    const groups = groupByFixture(rows);
    expect(groups.map((g) => [g.fixtureId, g.label, g.subtotal, g.rows.length])).toEqual([
      [10, 'Match 1 - RCB @ MI - 04/08 10 AM ET', 30, 2],
      [20, 'Match 2 - RCB @ MI - 04/09 10 AM ET', 0, 1],
    ]);
    expect(sumPoints(rows)).toBe(30);
    expect(sumPoints([])).toBe(0);
    expect(sumPoints([{ Points: 0.1 }, { Points: 0.2 }])).toBe(0.3);
  });

  it('reads the selection and winner from the columns of the feature type', () => {
    expect(predictionLine(rows[1]!, 1)).toMatchObject({
      feature: 'Most Runs',
      selection: 'Rohit Sharma',
      winner: 'Virat Kohli, Rohit Sharma',
      points: 20,
    });
    const bonus = makePastSelection({
      Feature: 'Toss',
      FeatureTypeName: 'bonus',
      SelectedTeam: '',
      SelectedBonus: 'Heads',
      WinningTeam: '',
      WinningBonus: '',
      Points: 0,
    });
    expect(predictionLine(bonus, 0)).toMatchObject({ selection: 'Heads', winner: '' });
  });

  it('builds the export sheets: every row, then the total', () => {
    expect(predictionScoresSheet(rows)).toEqual({
      name: 'Scores',
      header: ['Fixture', 'Feature', 'Selection', 'Winner', 'Points'],
      rows: [
        ['Match 1', 'Match Winner', 'Mumbai Indians', 'Mumbai Indians', 10],
        ['Match 1', 'Most Runs', 'Rohit Sharma', 'Virat Kohli, Rohit Sharma', 20],
        ['Match 2', 'Match Winner', 'Royal Challengers', 'Mumbai Indians', 0],
        ['Total', '', '', '', 30],
      ],
    });
    expect(
      playerScoresSheet([makePastPlayerSelection(), makePastPlayerSelection({ PlayerName: 'X', Points: -2 })]),
    ).toEqual({
      // No captain or vice-captain: the spec's columns.
      name: 'Scores',
      header: ['Fixture', 'Position', 'Selection', 'Points'],
      rows: [
        ['Match 1', 'Batsman', 'Rohit Sharma', 24],
        ['Match 1', 'Batsman', 'X', -2],
        ['Total', '', '', 22],
      ],
    });
    expect(
      playerScoresSheet([
        makePastPlayerSelection({ Role: 'C', BasePoints: 12, Multiplier: 2, Points: 24 }),
        makePastPlayerSelection({ PlayerName: 'X', Points: -2 }),
      ]),
    ).toEqual({
      name: 'Scores',
      header: ['Fixture', 'Position', 'Selection', 'Role', 'Base points', 'Multiplier', 'Points'],
      rows: [
        ['Match 1', 'Batsman', 'Rohit Sharma', 'Captain', 12, 2, 24],
        ['Match 1', 'Batsman', 'X', '', -2, 1, -2],
        ['Total', '', '', '', '', '', 22],
      ],
    });
    expect(
      playerDetailsSheet([
        makePlayerScoringDetail(),
        makePlayerScoringDetail({ FeatureName: 'Sixes', Count: 2, Points: 4 }),
      ]),
    ).toEqual({
      name: 'ScoreDetails',
      header: ['Player', 'Feature', 'Count', 'Points'],
      rows: [
        ['Rohit Sharma', 'Runs', 20, 20],
        ['Rohit Sharma', 'Sixes', 2, 4],
        ['Total', '', '', 24],
      ],
    });
  });
});

describe('team rules in the score details (issue 27)', () => {
  const captain = makePastPlayerSelection({
    PlayerName: 'Virat Kohli',
    BasePoints: 18,
    Multiplier: 2,
    Role: 'C',
    Points: 36,
  });
  const vice = makePastPlayerSelection({ BasePoints: 15, Multiplier: 1.5, Role: 'VC', Points: 23 });
  const backup = makePastPlayerSelection({
    PlayerName: 'Jasprit Bumrah',
    ReplacedPlayerName: 'Mohammed Siraj',
    Points: 7,
  });

  it('works out a multiplied pick as base × multiplier = points, and nothing for the others', () => {
    expect(multipliedText(captain)).toBe('18 × 2 = 36');
    // 22.5 rounds away from zero, as the server counts it.
    expect(multipliedText(vice)).toBe('15 × 1.5 = 23');
    expect(multipliedText(makePastPlayerSelection({ BasePoints: -3, Multiplier: 1.5, Points: -5 }))).toBe(
      '-3 × 1.5 = -5',
    );
    expect(multipliedText(makePastPlayerSelection({ BasePoints: 20, Multiplier: 1.25, Points: 25 }))).toBe(
      '20 × 1.25 = 25',
    );
    expect(multipliedText(backup)).toBeNull();
    expect(isMultiplied(backup)).toBe(false);
    expect(roleText('C')).toBe('Captain');
    expect(roleText('VC')).toBe('Vice-captain');
    expect(roleText(null)).toBe('');
  });

  it('exports each pick with its role, base points and multiplier', () => {
    expect(playerScoresSheet([captain, vice, backup]).rows).toEqual([
      ['Match 1', 'Batsman', 'Virat Kohli', 'Captain', 18, 2, 36],
      ['Match 1', 'Batsman', 'Rohit Sharma', 'Vice-captain', 15, 1.5, 23],
      ['Match 1', 'Batsman', 'Jasprit Bumrah', '', 7, 1, 7],
      ['Total', '', '', '', '', '', 66],
    ]);
  });

  it("exports a captain's stats as his base points, then the multiplier and his points", () => {
    const stats = [
      makePlayerScoringDetail({ PlayerName: 'Virat Kohli', Count: 14, Points: 14 }),
      makePlayerScoringDetail({ PlayerName: 'Virat Kohli', FeatureName: 'Fours', Count: 2, Points: 4 }),
    ];
    expect(playerDetailsSheet(stats, captain).rows).toEqual([
      ['Virat Kohli', 'Runs', 14, 14],
      ['Virat Kohli', 'Fours', 2, 4],
      ['Base points', '', '', 18],
      ['Multiplier', 'Captain', '', 2],
      ['Total', '', '', 36],
    ]);
    // Without a multiplier the stats add up to the points, as before.
    expect(playerDetailsSheet(stats, backup).rows.at(-1)).toEqual(['Total', '', '', 18]);
  });
});

describe('contest widgets', () => {
  it('takes the columns from the entry keys, in first-seen order', () => {
    const entries: ContestEntry[] = [
      { Rank: 1, Member: 'Harman', Points: 30 },
      { Rank: 2, Member: 'Smriti18', Points: 20, Note: 'tie' },
    ];
    expect(contestColumnKeys(entries)).toEqual(['Rank', 'Member', 'Points', 'Note']);
    expect(contestColumnKeys([])).toEqual([]);
    expect(isNumericColumn(entries, 'Points')).toBe(true);
    expect(isNumericColumn(entries, 'Member')).toBe(false);
    expect(isNumericColumn([{ Accuracy: '75%' }], 'Accuracy')).toBe(false);
  });
});

describe('withLiveStandings', () => {
  const row = (UserID: number, Position: number, TotalPoints: number) => ({
    UserID,
    UserDisplayName: `U${UserID}`,
    UserFullName: '',
    Position,
    PositionChange: 0,
    TotalPoints,
    PointsGained: 0,
    IsMe: UserID === 1,
  });
  const live = (rows: [number, number, number, number][], previous: Record<number, number>, Provisional = true) => ({
    LeagueID: 3,
    Version: 9,
    Live: Provisional,
    FixtureIDs: [7],
    Provisional,
    PreviousPositions: previous,
    Rows: rows.map(([UserID, Position, TotalPoints, LivePoints]) => ({
      UserID,
      UserDisplayName: `U${UserID}`,
      Position,
      PositionChange: 0,
      TotalPoints,
      LivePoints,
    })),
  });

  it('lays provisional totals and ranks over the scored standings and says how each rank just moved', () => {
    const rows = withLiveStandings(
      [row(1, 1, 20), row(2, 2, 10)],
      live(
        [
          [2, 1, 35, 25],
          [1, 2, 25, 5],
        ],
        { 1: 1, 2: 2 },
      ),
    );
    expect(rows.map((r) => [r.UserID, r.Position, r.TotalPoints, r.LivePoints, r.RankMoved])).toEqual([
      [2, 1, 35, 25, 1],
      [1, 2, 25, 5, -1],
    ]);
  });

  it('makes the gain what the live match has brought so far, so Points and Gain agree', () => {
    const scored = [
      { ...row(1, 1, 20), PointsGained: 12 },
      { ...row(2, 2, 10), PointsGained: 0 },
      // Joined after the live standings were announced: no live figure, kept as it is.
      { ...row(3, 3, 4), PointsGained: 4 },
    ];
    const rows = withLiveStandings(
      scored,
      live(
        [
          [2, 1, 50, 40],
          [1, 2, 20, 0],
        ],
        {},
      ),
    );
    expect(rows.map((r) => [r.UserID, r.TotalPoints, r.PointsGained, r.LivePoints])).toEqual([
      [2, 50, 40, 40],
      [1, 20, 0, 0],
      [3, 4, 4, undefined],
    ]);
  });

  it('changes nothing without live standings, or once they are final', () => {
    const rows = [row(1, 1, 20)];
    expect(withLiveStandings(rows, undefined)).toEqual(rows);
    expect(withLiveStandings(rows, live([[1, 1, 30, 10]], {}, false))).toEqual(rows);
  });
});
