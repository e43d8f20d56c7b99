import type { Fixture } from '../../data/cricket/types';
import type { LiveFixtureSummary, MatchCentre } from '../../data/live/types';

/** Fixtures of the Match Centre's tests and stories: fixture 7 live, its second innings under way. */

export function makeLiveSummary(overrides: Partial<LiveFixtureSummary> = {}): LiveFixtureSummary {
  return {
    FixtureID: 7,
    FixtureName: 'Match 7',
    StartTime: '2026-11-24T14:00:00.000Z',
    LocalTeamName: 'Harbour Hawks',
    VisitorTeamName: 'Desert Kings',
    LocalTeamCode: 'HH',
    VisitorTeamCode: 'DK',
    State: 'live',
    SilentSince: null,
    Innings: [
      {
        Innings: 1,
        Team: 'Harbour Hawks',
        SuperOver: false,
        Runs: 171,
        Wickets: 6,
        Overs: '20.0',
        LegalBalls: 120,
        Extras: 9,
      },
      {
        Innings: 2,
        Team: 'Desert Kings',
        SuperOver: false,
        Runs: 98,
        Wickets: 3,
        Overs: '11.4',
        LegalBalls: 70,
        Extras: 4,
      },
    ],
    Provisional: true,
    ...overrides,
  };
}

/** The first innings (Harbour Hawks batting, 171/6), as the Match Centre keeps it. */
export const firstInnings: MatchCentre['Scorecards'][number] = {
  Innings: 1,
  Team: 'Harbour Hawks',
  SuperOver: false,
  Batters: [
    { PlayerID: 30, Name: 'Ash Rowe', Runs: 68, Balls: 44, Fours: 6, Sixes: 4, Out: true, DismissalKind: 'bowled' },
    { PlayerID: 31, Name: 'Ben Carter', Runs: 41, Balls: 30, Fours: 3, Sixes: 2, Out: false, DismissalKind: null },
  ],
  Bowlers: [
    { PlayerID: 24, Name: 'Dan Kerr', Overs: '4.0', Maidens: 0, Runs: 33, Wickets: 2 },
    { PlayerID: 25, Name: 'Eli Brand', Overs: '4.0', Maidens: 1, Runs: 21, Wickets: 1 },
  ],
};

const currentBatters: MatchCentre['Batters'] = [
  { PlayerID: 21, Name: 'Omar Qadir', Runs: 44, Balls: 31, Fours: 4, Sixes: 2, Out: false, DismissalKind: null },
  { PlayerID: 22, Name: 'Ravi Menon', Runs: 12, Balls: 9, Fours: 1, Sixes: 0, Out: false, DismissalKind: null },
  { PlayerID: 23, Name: 'Tom Hale', Runs: 27, Balls: 20, Fours: 3, Sixes: 1, Out: true, DismissalKind: 'caught' },
];
const currentBowlers: MatchCentre['Bowlers'] = [
  { PlayerID: 11, Name: 'Jai Patel', Overs: '3.4', Maidens: 0, Runs: 29, Wickets: 2 },
  { PlayerID: 12, Name: 'Sam Ortiz', Overs: '3.0', Maidens: 0, Runs: 24, Wickets: 1 },
];

export function makeMatchCentre(overrides: Partial<MatchCentre> = {}): MatchCentre {
  return {
    Fixture: makeLiveSummary(),
    Batters: currentBatters,
    Bowlers: currentBowlers,
    Scorecards: [
      firstInnings,
      { Innings: 2, Team: 'Desert Kings', SuperOver: false, Batters: currentBatters, Bowlers: currentBowlers },
    ],
    LastOvers: [
      { Innings: 2, Over: 11, Balls: ['1', '4', 'W', '0'] },
      { Innings: 2, Over: 10, Balls: ['0', '1', '1wd', '6', '2', '1', '1'] },
      { Innings: 2, Over: 9, Balls: ['1', '1', '0', '2lb', '4', '1'] },
    ],
    PlayerPoints: [
      { PlayerID: 21, CricsheetID: 'q1', Name: 'Omar Qadir', Team: 'Desert Kings', Points: 62, Provisional: true },
      { PlayerID: 11, CricsheetID: 'p1', Name: 'Jai Patel', Team: 'Harbour Hawks', Points: 51, Provisional: true },
      { PlayerID: 23, CricsheetID: 'h1', Name: 'Tom Hale', Team: 'Desert Kings', Points: 35, Provisional: true },
    ],
    Leaders: [
      { FeatureID: 2, FeatureName: 'Most Runs', EntityType: 'player', IDs: [30], Names: ['Ash Rowe'], Value: 68 },
      { FeatureID: 3, FeatureName: 'Most Wickets', EntityType: 'player', IDs: [11], Names: ['Jai Patel'], Value: 2 },
      { FeatureID: 6, FeatureName: 'Total Sixes', EntityType: 'bonus', IDs: [602], Names: ['11-15'], Value: 11 },
    ],
    LastEventID: 420,
    League: {
      LeagueID: 1,
      LeagueName: 'Office MP',
      LeagueType: 'MP',
      Members: [
        {
          UserID: 7,
          UserDisplayName: 'Smriti18',
          IsMe: true,
          LivePoints: 30,
          Picks: [
            {
              Label: 'Match Winner: Desert Kings',
              Feature: 'Match Winner',
              Selection: 'Desert Kings',
              PlayerID: null,
              Points: 15,
            },
            {
              Label: 'Most Wickets: Jai Patel',
              Feature: 'Most Wickets',
              Selection: 'Jai Patel',
              PlayerID: 11,
              Points: 15,
            },
          ],
        },
        {
          UserID: 8,
          UserDisplayName: 'Asha (demo)',
          IsMe: false,
          LivePoints: 45,
          Picks: [
            {
              Label: 'Match Winner: Desert Kings',
              Feature: 'Match Winner',
              Selection: 'Desert Kings',
              PlayerID: null,
              Points: 15,
            },
            { Label: 'Most Runs: Ash Rowe', Feature: 'Most Runs', Selection: 'Ash Rowe', PlayerID: 30, Points: 20 },
            { Label: 'Total Sixes: 11-15', Feature: 'Total Sixes', Selection: '11-15', PlayerID: null, Points: 10 },
          ],
        },
      ],
    },
    ...overrides,
  };
}

/** Fixture 7 as a league's fixture list has it. */
export const leagueFixture: Fixture = {
  FixtureID: 7,
  FixtureName: 'Match 7',
  StartTime: '2026-11-24T14:00:00.000Z',
  LocalTeamCode: 'HH',
  VisitorTeamCode: 'DK',
  LocalTeamName: 'Harbour Hawks',
  VisitorTeamName: 'Desert Kings',
  LocalTeamColour: null,
  VisitorTeamColour: null,
  Status: 'live',
  HasStarted: true,
};
