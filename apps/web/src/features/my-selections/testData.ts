import { TEAM_RULE_DEFAULTS, TEAM_RULES_OFF, type TeamRules } from '@fantasy-cricket/rules';
import type { FixturePlayerSelection, PlayerSelectionTeam } from '../../data/picks/types';
import { makeLeague } from '../../shared/leagues/testData';
import { figures, makeFixture, makeFixturePlayerSelection, makeSlot } from '../../shared/picks/testData';

/**
 * Team rules sample data for My Selections' tests and stories (issue 27), over the shared picks data
 * (shared/picks/testData.ts: Match 3, MI v RCB; Rohit Sharma saved in Batsman 1, 9.5 credits).
 */

/** A Player Selection league with the default team rules: 100 credits, C 2×, VC 1.5×, 7 per side, 4 backups. */
export const rulesLeague = makeLeague({
  LeagueID: 6,
  LeagueName: 'Rules PS',
  LeagueTypeName: 'Player Selection',
  Status: 'Active',
  ShowOthersPicks: true,
});

export function makeTeam(
  overrides: Partial<PlayerSelectionTeam> = {},
  rules: Partial<TeamRules> = {},
): PlayerSelectionTeam {
  const leagueId = overrides.LeagueID ?? rulesLeague.LeagueID;
  return {
    LeagueID: leagueId,
    FixtureID: 30,
    Rules: { LeagueID: leagueId, ...TEAM_RULE_DEFAULTS, ...rules, IsLocked: true },
    CaptainPlayerID: null,
    ViceCaptainPlayerID: null,
    Backups: [],
    Replacements: [],
    XIAnnounced: false,
    ...overrides,
  };
}

/** The team of a league with every rule off (leagues created before the rules). */
export const noRulesTeam = (leagueId: number, fixtureId = 30): PlayerSelectionTeam =>
  makeTeam({ LeagueID: leagueId, FixtureID: fixtureId }, TEAM_RULES_OFF);

/** Rohit captain (the only pick), three backups in order: Bumrah, Siraj, Karthik. */
export const teamWithBackups = makeTeam({ CaptainPlayerID: 105, Backups: [102, 106, 104] });

/** Match 9, being played since 11:00 (the server's clock is 12:00): its team sheet is locked. */
export const liveFixture = makeFixture({
  FixtureID: 90,
  FixtureName: 'Match 9',
  StartTime: '2026-04-10T11:00:00.000Z',
  Status: 'live',
  HasStarted: true,
});

/**
 * Match 9's slots after the lock: Siraj was not in the XI, so Bumrah (backup 1) came in for him as
 * Bowler; Kohli captains, Rohit is vice-captain; Karthik is the backup left.
 */
export const lockedSlots = [
  makeSlot({
    PositionID: 3,
    PositionName: 'Wicketkeeper',
    PlayerSelectionID: 910,
    PlayerID: 104,
    StartTime: liveFixture.StartTime,
    FixtureID: 90,
  }),
  makeSlot({ PlayerSelectionID: 911, PlayerID: 105, StartTime: liveFixture.StartTime, FixtureID: 90 }),
  makeSlot({
    PlayerSelectionID: 912,
    PositionOrder: 2,
    PlayerID: 101,
    StartTime: liveFixture.StartTime,
    FixtureID: 90,
  }),
  makeSlot({
    PositionID: 2,
    PositionName: 'Bowler',
    PlayerSelectionID: 913,
    PlayerID: 102,
    ReplacedPlayerID: 106,
    StartTime: liveFixture.StartTime,
    FixtureID: 90,
  }),
];

export const lockedTeam = makeTeam({
  FixtureID: 90,
  CaptainPlayerID: 101,
  ViceCaptainPlayerID: 105,
  Backups: [103],
  Replacements: [{ PlayerID: 102, ReplacedPlayerID: 106 }],
  XIAnnounced: true,
});

/** The figures once the XIs are announced: Siraj is left out, the others play. */
export const announcedFigures = figures.map((f) => ({ ...f, Playing: f.PlayerID !== 106 }));

/** Everyone's picks of Match 9 in the rules league: four teams; Kohli in all, Rohit in two, Karthik in one. */
export const everyonesPicks: FixturePlayerSelection[] = [
  ...[7, 8, 9, 10].map((UserID) =>
    makeFixturePlayerSelection({ UserID, IsOwn: UserID === 7, PlayerID: 101, PlayerName: 'Virat Kohli' }),
  ),
  ...[7, 8].map((UserID) =>
    makeFixturePlayerSelection({
      UserID,
      IsOwn: UserID === 7,
      PositionOrder: 2,
      PlayerID: 105,
      PlayerName: 'Rohit Sharma',
      TeamCode: 'MI',
    }),
  ),
  makeFixturePlayerSelection({
    UserID: 7,
    PositionID: 3,
    PositionName: 'Wicketkeeper',
    PlayerID: 104,
    PlayerName: 'Dinesh Karthik',
  }),
  makeFixturePlayerSelection({
    UserID: 7,
    PositionID: 2,
    PositionName: 'Bowler',
    PlayerID: 102,
    PlayerName: 'Jasprit Bumrah',
    TeamCode: 'MI',
  }),
];
