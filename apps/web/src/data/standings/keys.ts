/** Query keys of the standings area: leaderboards, progression, contests and score details per league. */
export const standingsKeys = {
  all: ['standings'] as const,
  league: (leagueId: number) => [...standingsKeys.all, leagueId] as const,
  leaderboard: (leagueId: number, playerSelection: boolean) =>
    [
      ...standingsKeys.league(leagueId),
      'leaderboard',
      playerSelection ? 'player-selection' : 'match-prediction',
    ] as const,
  progression: (leagueId: number) => [...standingsKeys.league(leagueId), 'progression'] as const,
  contests: (leagueId: number) => [...standingsKeys.league(leagueId), 'contests'] as const,
  /**
   * Every member's score details in a league (their picks' points, and a picked player's per-stat
   * points): what a change of the league's live standings changes.
   */
  scoreDetails: (leagueId: number) => [...standingsKeys.league(leagueId), 'score-details'] as const,
  pastSelections: (leagueId: number, userId: number) =>
    [...standingsKeys.scoreDetails(leagueId), 'past-selections', userId] as const,
  pastPlayerSelections: (leagueId: number, userId: number) =>
    [...standingsKeys.scoreDetails(leagueId), 'past-player-selections', userId] as const,
  playerScoring: (ids: { LeagueID: number; FixtureID: number; UserID: number; PlayerID: number }) =>
    [...standingsKeys.scoreDetails(ids.LeagueID), 'player-scoring', ids.UserID, ids.FixtureID, ids.PlayerID] as const,
};
