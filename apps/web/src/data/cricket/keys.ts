/** Query keys of the cricket reference data: server clock, fixtures, squads, teams, player statistics. */
export const cricketKeys = {
  all: ['cricket'] as const,
  serverTime: () => [...cricketKeys.all, 'server-time'] as const,
  leagueFixtures: (leagueId: number) => [...cricketKeys.all, 'league-fixtures', leagueId] as const,
  fixturePlayers: (fixtureId: number) => [...cricketKeys.all, 'fixture', fixtureId, 'players'] as const,
  fixtureTeams: (fixtureId: number) => [...cricketKeys.all, 'fixture', fixtureId, 'teams'] as const,
  playerStats: () => [...cricketKeys.all, 'player-stats'] as const,
};
