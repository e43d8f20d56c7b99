/** Query keys of the leagues area (tags leagues, league members, configuration): components never write keys inline. */
export const leagueKeys = {
  all: ['leagues'] as const,
  /** Every list of leagues (the user's, the public ones): what a create, join, activate or delete changes. */
  lists: () => [...leagueKeys.all, 'list'] as const,
  /** The lists of the user's own leagues (one per user). */
  userLists: () => [...leagueKeys.lists(), 'user'] as const,
  userLeagues: (userId: number) => [...leagueKeys.userLists(), userId] as const,
  /** The public leagues' lists (one per search). */
  publicLists: () => [...leagueKeys.lists(), 'public'] as const,
  publicLeagues: (userId: number, search: string) => [...leagueKeys.publicLists(), userId, search] as const,
  detail: (leagueId: number) => [...leagueKeys.all, 'detail', leagueId] as const,
  members: (leagueId: number) => [...leagueKeys.detail(leagueId), 'members'] as const,
  configurations: (leagueId: number) => [...leagueKeys.detail(leagueId), 'configurations'] as const,
  selectionConfigs: (leagueId: number) => [...leagueKeys.detail(leagueId), 'selection-configs'] as const,
  /** Player Selection team rules (under the league's detail: activating the league refreshes their lock). */
  teamRules: (leagueId: number) => [...leagueKeys.detail(leagueId), 'team-rules'] as const,
  types: () => [...leagueKeys.all, 'types'] as const,
  activeSeries: () => [...leagueKeys.all, 'active-series'] as const,
};
