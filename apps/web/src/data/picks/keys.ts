/** Query keys of the picks area: a member's own grid per fixture, and everyone's picks per fixture. */
export const picksKeys = {
  all: ['picks'] as const,
  /** A member's saved picks (either league type): what a save changes, in every league it copies into. */
  own: () => [...picksKeys.all, 'own'] as const,
  matchPrediction: (ids: PicksIds) =>
    [...picksKeys.own(), 'match-prediction', ids.LeagueID, ids.FixtureID, ids.UserID] as const,
  playerSelection: (ids: PicksIds) =>
    [...picksKeys.own(), 'player-selection', ids.LeagueID, ids.FixtureID, ids.UserID] as const,
  /** The signed-in member's Player Selection team of a fixture beyond its slots (rules, C/VC, backups). */
  team: (leagueId: number, fixtureId: number) => [...picksKeys.own(), 'team', leagueId, fixtureId] as const,
  /** The Player Selection picker's figures for both squads of a fixture, under a league's points. */
  figures: (leagueId: number, fixtureId: number) => [...picksKeys.all, 'figures', leagueId, fixtureId] as const,
  /** Everyone's picks for one fixture of a league (All Selections). */
  fixture: (leagueId: number, fixtureId: number, playerSelection: boolean) =>
    [
      ...picksKeys.all,
      'fixture',
      leagueId,
      fixtureId,
      playerSelection ? 'player-selection' : 'match-prediction',
    ] as const,
};

export interface PicksIds {
  UserID: number;
  LeagueID: number;
  FixtureID: number;
}
