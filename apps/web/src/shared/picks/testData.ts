import type { Fixture, PlayerOption, TeamOption } from '../../data/cricket/types';
import type { LeagueConfigurationItem, SelectionConfigItem } from '../../data/leagues/types';
import type {
  FeatureRow,
  FixturePlayerSelection,
  FixtureSelection,
  PlayerFigures,
  PlayerSelectionRow,
} from '../../data/picks/types';

/** Contract-shaped sample data for the selections screens' tests. Server "now": 2026-04-10 12:00 UTC. */
export const SERVER_NOW = '2026-04-10T12:00:00.000Z';

export function makeFixture(overrides: Partial<Fixture> = {}): Fixture {
  return {
    FixtureID: 30,
    FixtureName: 'Match 3',
    StartTime: '2026-04-11T14:00:00.000Z',
    LocalTeamCode: 'MI',
    VisitorTeamCode: 'RCB',
    LocalTeamName: 'Mumbai Indians',
    VisitorTeamName: 'Royal Challengers',
    LocalTeamColour: '#004BA0',
    VisitorTeamColour: '#2B2A29',
    Status: 'scheduled',
    HasStarted: false,
    ...overrides,
  };
}

/** Match 2 started yesterday; Match 4 (listed first) and Match 3 are upcoming. */
export const fixtures: Fixture[] = [
  makeFixture({
    FixtureID: 40,
    FixtureName: 'Match 4',
    StartTime: '2026-04-12T23:30:00.000Z',
    LocalTeamCode: 'CSK',
    VisitorTeamCode: 'KKR',
  }),
  makeFixture({
    FixtureID: 20,
    FixtureName: 'Match 2',
    StartTime: '2026-04-09T14:00:00.000Z',
    Status: 'completed',
    HasStarted: true,
  }),
  makeFixture(),
];

/** Positions as the catalogue numbers them: Batsman 1, Bowler 2, Wicketkeeper 3, Allrounder 4. */
export const players: PlayerOption[] = [
  {
    PlayerID: 101,
    PlayerFullName: 'Virat Kohli',
    TeamID: 2,
    TeamCode: 'RCB',
    TeamName: 'Royal Challengers',
    PositionName: 'Batsman',
    PositionID: 1,
  },
  {
    PlayerID: 102,
    PlayerFullName: 'Jasprit Bumrah',
    TeamID: 1,
    TeamCode: 'MI',
    TeamName: 'Mumbai Indians',
    PositionName: 'Bowler',
    PositionID: 2,
  },
  {
    PlayerID: 103,
    PlayerFullName: 'Hardik Pandya',
    TeamID: 1,
    TeamCode: 'MI',
    TeamName: 'Mumbai Indians',
    PositionName: 'Allrounder',
    PositionID: 4,
  },
  {
    PlayerID: 104,
    PlayerFullName: 'Dinesh Karthik',
    TeamID: 2,
    TeamCode: 'RCB',
    TeamName: 'Royal Challengers',
    PositionName: 'Wicketkeeper',
    PositionID: 3,
  },
  {
    PlayerID: 105,
    PlayerFullName: 'Rohit Sharma',
    TeamID: 1,
    TeamCode: 'MI',
    TeamName: 'Mumbai Indians',
    PositionName: 'Batsman',
    PositionID: 1,
  },
  {
    PlayerID: 106,
    PlayerFullName: 'Mohammed Siraj',
    TeamID: 2,
    TeamCode: 'RCB',
    TeamName: 'Royal Challengers',
    PositionName: 'Bowler',
    PositionID: 2,
  },
];

export const teams: TeamOption[] = [
  { ID: 2, Name: 'Royal Challengers', Code: 'RCB' },
  { ID: 1, Name: 'Mumbai Indians', Code: 'MI' },
];

export function makeFeatureRow(overrides: Partial<FeatureRow> = {}): FeatureRow {
  return {
    ID: null,
    LeagueFeatureID: 11,
    FeatureID: 1,
    FeatureName: 'Match Winner',
    FeatureDescription: 'The team that wins.',
    FeatureTypeName: 'team',
    Points: 10,
    PlayerID: null,
    TeamID: null,
    BonusOptionID: null,
    BonusOptions: [],
    IsAutoPick: false,
    StartTime: '2026-04-11T14:00:00.000Z',
    FixtureID: 30,
    ...overrides,
  };
}

/** Winner saved (Mumbai), Most Runs empty, Most Wickets auto-picked (Bumrah), a bonus question. */
export const featureRows: FeatureRow[] = [
  makeFeatureRow({ ID: 500, TeamID: 1 }),
  makeFeatureRow({
    LeagueFeatureID: 12,
    FeatureID: 2,
    FeatureName: 'Most Runs',
    FeatureTypeName: 'player',
    AllowedPositionIDs: [1, 3, 4],
  }),
  makeFeatureRow({
    ID: 501,
    LeagueFeatureID: 13,
    FeatureID: 3,
    FeatureName: 'Most Wickets',
    FeatureTypeName: 'player',
    AllowedPositionIDs: [2, 4],
    PlayerID: 102,
    IsAutoPick: true,
  }),
  makeFeatureRow({
    LeagueFeatureID: 14,
    FeatureID: 9,
    FeatureName: 'Toss',
    FeatureTypeName: 'bonus',
    BonusOptions: [
      { ID: 1, Label: 'Heads' },
      { ID: 2, Label: 'Tails' },
    ],
  }),
];

export function makeSlot(overrides: Partial<PlayerSelectionRow> = {}): PlayerSelectionRow {
  return {
    PlayerSelectionID: null,
    PositionID: 1,
    PositionName: 'Batsman',
    PositionOrder: 1,
    PlayerID: null,
    IsAutoPick: false,
    StartTime: '2026-04-11T14:00:00.000Z',
    FixtureID: 30,
    ReplacedPlayerID: null,
    ...overrides,
  };
}

/** In the server's order: a wicketkeeper, two batsmen (the first saved: Rohit, auto-picked) and a bowler. */
export const slots: PlayerSelectionRow[] = [
  makeSlot({ PositionID: 3, PositionName: 'Wicketkeeper' }),
  makeSlot({ PlayerSelectionID: 900, PlayerID: 105, IsAutoPick: true }),
  makeSlot({ PositionOrder: 2 }),
  makeSlot({ PositionID: 2, PositionName: 'Bowler' }),
];

export function makeFixtureSelection(overrides: Partial<FixtureSelection> = {}): FixtureSelection {
  return {
    UserID: 7,
    UserDisplayName: 'Smriti18',
    UserFullName: '',
    FeatureID: 1,
    Feature: 'Match Winner',
    FeatureTypeName: 'team',
    Selection: 'Mumbai Indians',
    Winner: 'Mumbai Indians',
    IsAutoPick: false,
    IsOwn: true,
    ...overrides,
  };
}

export function makeFixturePlayerSelection(overrides: Partial<FixturePlayerSelection> = {}): FixturePlayerSelection {
  return {
    UserID: 7,
    UserDisplayName: 'Smriti18',
    UserFullName: '',
    PositionID: 1,
    PositionName: 'Batsman',
    PositionOrder: 1,
    PlayerID: 101,
    PlayerName: 'Virat Kohli',
    TeamCode: 'RCB',
    IsAutoPick: false,
    IsOwn: true,
    Role: null,
    ReplacedPlayerName: null,
    ...overrides,
  };
}

/** The picker's figures for the sample players (season points, last three oldest first); Siraj has none. */
export const figures: PlayerFigures[] = [
  { PlayerID: 101, Price: 11, Playing: null, SeasonPoints: 212, Matches: 4, LastThree: pts(30, [44, 71, 38]) },
  { PlayerID: 102, Price: 10, Playing: null, SeasonPoints: 188, Matches: 4, LastThree: pts(30, [62, 25, 57]) },
  { PlayerID: 103, Price: 8.5, Playing: null, SeasonPoints: 97, Matches: 3, LastThree: pts(30, [12, -4, 41]) },
  { PlayerID: 104, Price: 7, Playing: null, SeasonPoints: 64, Matches: 2, LastThree: pts(30, [20, 44]) },
  { PlayerID: 105, Price: 9.5, Playing: null, SeasonPoints: 151, Matches: 4, LastThree: pts(30, [9, 88, 30]) },
  { PlayerID: 106, Price: 6, Playing: null, SeasonPoints: 0, Matches: 0, LastThree: [] },
];

function pts(firstFixture: number, points: number[]): PlayerFigures['LastThree'] {
  return points.map((p, i) => ({
    FixtureID: firstFixture - (points.length - i) * 10,
    FixtureName: `Match ${(firstFixture - (points.length - i) * 10) / 10}`,
    StartTime: `2026-04-0${i + 1}T14:00:00.000Z`,
    Points: p,
  }));
}

/** A Match Prediction league's features and points as the configuration call answers (Toss switched off). */
export const mpConfigs: LeagueConfigurationItem[] = [
  {
    ID: 31,
    LeagueID: 1,
    FeatureName: 'Match Winner',
    FeatureDescription: 'Pick the team that wins the match.',
    FeatureTypeName: 'team',
    IsActive: true,
    Points: 10,
    FeatureID: 1,
    MaxPoints: 100,
    Sign: 1,
  },
  {
    ID: 32,
    LeagueID: 1,
    FeatureName: 'Most Runs',
    FeatureDescription: 'Pick the top run scorer.',
    FeatureTypeName: 'player',
    IsActive: true,
    Points: 20,
    FeatureID: 2,
    MaxPoints: 100,
    Sign: 1,
  },
  {
    ID: 33,
    LeagueID: 1,
    FeatureName: 'Most Wickets',
    FeatureDescription: 'Pick the top wicket taker.',
    FeatureTypeName: 'player',
    IsActive: true,
    Points: 25,
    FeatureID: 3,
    MaxPoints: 100,
    Sign: 1,
  },
  {
    ID: 34,
    LeagueID: 1,
    FeatureName: 'Toss',
    FeatureDescription: 'Pick the side of the coin.',
    FeatureTypeName: 'bonus',
    IsActive: false,
    Points: 5,
    FeatureID: 9,
    MaxPoints: 100,
    Sign: 1,
  },
];

/** A Player Selection league's stats: a reward, a penalty (Duck, deducted) and one switched off. */
export const psConfigs: LeagueConfigurationItem[] = [
  {
    ID: 41,
    LeagueID: 2,
    FeatureName: 'Run',
    FeatureDescription: 'Per run scored.',
    FeatureTypeName: 'stat',
    IsActive: true,
    Points: 1,
    FeatureID: 101,
    MaxPoints: 5,
    Sign: 1,
  },
  {
    ID: 42,
    LeagueID: 2,
    FeatureName: 'Duck',
    FeatureDescription: 'Dismissed for 0 (not for bowlers).',
    FeatureTypeName: 'stat',
    IsActive: true,
    Points: 2,
    FeatureID: 107,
    MaxPoints: 10,
    Sign: -1,
  },
  {
    ID: 43,
    LeagueID: 2,
    FeatureName: 'Wicket',
    FeatureDescription: 'Per wicket credited to the bowler.',
    FeatureTypeName: 'stat',
    IsActive: true,
    Points: 25,
    FeatureID: 108,
    MaxPoints: 100,
    Sign: 1,
  },
  {
    ID: 44,
    LeagueID: 2,
    FeatureName: 'Maiden Over',
    FeatureDescription: 'Per maiden.',
    FeatureTypeName: 'stat',
    IsActive: false,
    Points: 12,
    FeatureID: 113,
    MaxPoints: 60,
    Sign: 1,
  },
];

/** The Player Selection league's player counts. */
export const psCounts: SelectionConfigItem[] = [
  {
    ID: 51,
    LeagueID: 2,
    PositionTypeID: 3,
    PositionTypeName: 'Wicketkeeper',
    Count: 1,
    MaxAllowed: 1,
    IsActive: true,
    IsLocked: true,
  },
  {
    ID: 52,
    LeagueID: 2,
    PositionTypeID: 1,
    PositionTypeName: 'Batsman',
    Count: 4,
    MaxAllowed: 5,
    IsActive: true,
    IsLocked: true,
  },
  {
    ID: 53,
    LeagueID: 2,
    PositionTypeID: 4,
    PositionTypeName: 'Allrounder',
    Count: 2,
    MaxAllowed: 3,
    IsActive: true,
    IsLocked: true,
  },
  {
    ID: 54,
    LeagueID: 2,
    PositionTypeID: 2,
    PositionTypeName: 'Bowler',
    Count: 4,
    MaxAllowed: 5,
    IsActive: true,
    IsLocked: true,
  },
];
