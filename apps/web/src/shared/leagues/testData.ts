import type {
  League,
  LeagueConfigurationItem,
  LeagueMember,
  PublicLeague,
  SelectionConfigItem,
} from '../../data/leagues/types';

/** Contract-shaped sample data for the league screens' tests. */
export function makeLeague(overrides: Partial<League> = {}): League {
  return {
    LeagueID: 1,
    LeagueName: 'Office League',
    LeagueCode: 'OFF123',
    IsPrivate: true,
    Status: 'Draft',
    AdminUserID: 7,
    LeagueTypeID: 2,
    LeagueTypeName: 'Player Selection',
    Description: 'Winner buys lunch.',
    LeagueDescription: 'Winner buys lunch.',
    ShowOthersPicks: false,
    FixturesRemaining: 10,
    SeasonID: 10,
    StageID: null,
    SeriesName: 'IPL 2026',
    MemberStatus: 'Approved',
    DisplayName: 'Smriti18',
    MemberCount: 1,
    ...overrides,
  };
}

export function makePublicLeague(overrides: Partial<PublicLeague> = {}): PublicLeague {
  return {
    LeagueID: 50,
    LeagueName: 'Daily Challenge: MI v CSK',
    LeagueCode: 'DC0001',
    Description: '',
    LeagueTypeName: 'Match Prediction',
    SeriesName: 'IPL 2026',
    MemberCount: 12,
    ...overrides,
  };
}

export function makeMember(overrides: Partial<LeagueMember> = {}): LeagueMember {
  return {
    MemberID: 100,
    UserID: 7,
    FirstName: 'Smriti',
    LastName: 'Mandhana',
    DisplayName: 'Smriti18',
    Status: 'Approved',
    IsAdmin: true,
    Email: 'smriti@example.com',
    ...overrides,
  };
}

export const selectionConfigs: SelectionConfigItem[] = [
  {
    ID: 1,
    LeagueID: 1,
    PositionTypeID: 1,
    PositionTypeName: 'Batsman',
    Count: 4,
    MaxAllowed: 5,
    IsActive: true,
    IsLocked: false,
  },
  {
    ID: 2,
    LeagueID: 1,
    PositionTypeID: 2,
    PositionTypeName: 'Bowler',
    Count: 4,
    MaxAllowed: 5,
    IsActive: true,
    IsLocked: false,
  },
  {
    ID: 3,
    LeagueID: 1,
    PositionTypeID: 3,
    PositionTypeName: 'Allrounder',
    Count: 2,
    MaxAllowed: 3,
    IsActive: true,
    IsLocked: false,
  },
  {
    ID: 4,
    LeagueID: 1,
    PositionTypeID: 4,
    PositionTypeName: 'Wicketkeeper',
    Count: 1,
    MaxAllowed: 1,
    IsActive: true,
    IsLocked: false,
  },
];

export const leagueConfigs: LeagueConfigurationItem[] = [
  {
    ID: 11,
    LeagueID: 1,
    FeatureName: 'Runs',
    FeatureDescription: 'Points per run scored.',
    FeatureTypeName: 'stat',
    IsActive: true,
    Points: 1,
    FeatureID: 21,
    MaxPoints: 5,
    Sign: 1,
  },
  {
    ID: 12,
    LeagueID: 1,
    FeatureName: 'Wickets',
    FeatureDescription: 'Points per wicket taken.',
    FeatureTypeName: 'stat',
    IsActive: false,
    Points: 10,
    FeatureID: 22,
    MaxPoints: 25,
    Sign: 1,
  },
];
