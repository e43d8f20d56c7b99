import type {
  ContestWidget,
  LeaderboardRow,
  PastPlayerSelection,
  PastSelection,
  PlayerScoringDetail,
  PointsProgression,
} from '../../data/standings/types';

/** Contract-shaped sample data for the Leaderboard screen's tests (the signed-in test user is UserID 7). */

export function makeLeaderboardRow(overrides: Partial<LeaderboardRow> = {}): LeaderboardRow {
  return {
    UserID: 7,
    UserDisplayName: 'Smriti18',
    UserFullName: 'Smriti Mandhana',
    Position: 1,
    PositionChange: 0,
    TotalPoints: 100,
    PointsGained: 10,
    IsMe: true,
    ...overrides,
  };
}

/** Four members: Harman leads, Smriti (me) is 2nd and climbed, Jemi dropped, Deepti tied with Jemi. */
export const standings: LeaderboardRow[] = [
  makeLeaderboardRow({
    UserID: 8,
    UserDisplayName: 'Harman',
    UserFullName: 'Harmanpreet Kaur',
    Position: 1,
    PositionChange: 0,
    TotalPoints: 120,
    PointsGained: 5,
    IsMe: false,
  }),
  makeLeaderboardRow({ Position: 2, PositionChange: 2, TotalPoints: 100, PointsGained: 40 }),
  makeLeaderboardRow({
    UserID: 9,
    UserDisplayName: 'Jemi',
    UserFullName: 'Jemimah Rodrigues',
    Position: 3,
    PositionChange: -1,
    TotalPoints: 80,
    PointsGained: 0,
    IsMe: false,
  }),
  makeLeaderboardRow({
    UserID: 10,
    UserDisplayName: 'Deepti',
    UserFullName: 'Deepti Sharma',
    Position: 4,
    PositionChange: -1,
    TotalPoints: 60,
    PointsGained: 12,
    IsMe: false,
  }),
];

export function makePastSelection(overrides: Partial<PastSelection> = {}): PastSelection {
  return {
    UserDisplayName: 'Smriti18',
    LeagueName: 'Office MP',
    FixtureID: 10,
    FixtureName: 'Match 1',
    StartTime: '2026-04-08T14:00:00.000Z',
    LocalTeamCode: 'MI',
    VisitorTeamCode: 'RCB',
    Feature: 'Match Winner',
    FeatureTypeName: 'team',
    SelectedPlayer: '',
    SelectedTeam: 'Mumbai Indians',
    SelectedBonus: '',
    WinningPlayer: '',
    WinningTeam: 'Mumbai Indians',
    WinningBonus: '',
    Points: 10,
    IsAutoPick: false,
    Provisional: false,
    ...overrides,
  };
}

export function makePastPlayerSelection(overrides: Partial<PastPlayerSelection> = {}): PastPlayerSelection {
  return {
    UserID: 7,
    UserDisplayName: 'Smriti18',
    LeagueID: 2,
    LeagueName: 'Office PS',
    FixtureID: 10,
    FixtureName: 'Match 1',
    StartTime: '2026-04-08T14:00:00.000Z',
    LocalTeamCode: 'MI',
    VisitorTeamCode: 'RCB',
    PositionName: 'Batsman',
    PlayerID: 101,
    PlayerName: 'Rohit Sharma',
    Points: 24,
    IsAutoPick: false,
    Provisional: false,
    Multiplier: 1,
    Role: null,
    ReplacedPlayerName: null,
    ...overrides,
    // Without a captain's or vice-captain's multiplier the base points are the points.
    BasePoints: overrides.BasePoints ?? overrides.Points ?? 24,
  };
}

export function makePlayerScoringDetail(overrides: Partial<PlayerScoringDetail> = {}): PlayerScoringDetail {
  return {
    UserDisplayName: 'Smriti18',
    LeagueName: 'Office PS',
    FixtureName: 'Match 1',
    PlayerID: 101,
    PlayerName: 'Rohit Sharma',
    FeatureName: 'Runs',
    Count: 20,
    Points: 20,
    ...overrides,
  };
}

export function makeProgression(overrides: Partial<PointsProgression> = {}): PointsProgression {
  return {
    Fixtures: [
      { FixtureID: 10, FixtureName: 'Match 1', StartTime: '2026-04-08T14:00:00.000Z' },
      { FixtureID: 20, FixtureName: 'Match 2', StartTime: '2026-04-09T14:00:00.000Z' },
    ],
    Series: [
      { UserID: 8, UserDisplayName: 'Harman', IsMe: false, Points: [115, 120] },
      { UserID: 7, UserDisplayName: 'Smriti18', IsMe: true, Points: [60, 100] },
      { UserID: 9, UserDisplayName: 'Jemi', IsMe: false, Points: [80, 80] },
    ],
    ...overrides,
  };
}

export const contestWidgets: ContestWidget[] = [
  {
    Header: 'Fixture winners',
    Description: 'The top scorer of each fixture.',
    Entry: [
      { Fixture: 'Match 1', 'Top scorer': 'Harman', Points: 30 },
      { Fixture: 'Match 2', 'Top scorer': 'Smriti18, Jemi', Points: 40 },
    ],
  },
  { Header: 'Most correct picks', Entry: [] },
];

/** Score details of a Match Prediction member: Match 1 a winning pick and an auto-pick that scored
 * nothing, Match 2 one winning pick (totals 10, 0 and 90). */
export const matchPredictionDetails: PastSelection[] = [
  makePastSelection({ FixtureID: 10, Points: 10 }),
  makePastSelection({
    FixtureID: 10,
    Feature: 'Most Runs',
    FeatureTypeName: 'player',
    SelectedTeam: '',
    SelectedPlayer: 'Rohit Sharma',
    WinningTeam: '',
    WinningPlayer: 'Virat Kohli',
    Points: 0,
    IsAutoPick: true,
  }),
  makePastSelection({
    FixtureID: 20,
    FixtureName: 'Match 2',
    StartTime: '2026-04-09T14:00:00.000Z',
    Points: 90,
  }),
];

/** Score details of a Player Selection member: two players in Match 1 (24 and 0), one in Match 2 (76). */
export const playerSelectionDetails: PastPlayerSelection[] = [
  makePastPlayerSelection({ FixtureID: 10, PlayerID: 101, PlayerName: 'Rohit Sharma', Points: 24 }),
  makePastPlayerSelection({
    FixtureID: 10,
    PlayerID: 102,
    PlayerName: 'Jasprit Bumrah',
    PositionName: 'Bowler',
    Points: 0,
  }),
  makePastPlayerSelection({
    FixtureID: 20,
    FixtureName: 'Match 2',
    StartTime: '2026-04-09T14:00:00.000Z',
    PlayerID: 101,
    PlayerName: 'Rohit Sharma',
    Points: 76,
  }),
];

/** One player's per-stat breakdown (the modal behind a Player Selection pick's points). */
export const playerScoringBreakdown: PlayerScoringDetail[] = [
  makePlayerScoringDetail(),
  makePlayerScoringDetail({ FeatureName: 'Sixes', Count: 1, Points: 4 }),
  makePlayerScoringDetail({ FeatureName: 'Duck', Count: 0, Points: 0 }),
];
