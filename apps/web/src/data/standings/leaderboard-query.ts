import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { standingsKeys } from './keys';

export const leaderboardQueryOptions = (leagueId: number, playerSelection: boolean) =>
  queryOptions({
    queryKey: standingsKeys.leaderboard(leagueId, playerSelection),
    queryFn: ({ signal }) => {
      const init = { params: { path: { leagueId } }, signal };
      return playerSelection
        ? unwrap(api.GET('/view/player_selection_leaderboard/{leagueId}', init))
        : unwrap(api.GET('/view/leaderboard/{leagueId}', init));
    },
  });

/** The leaderboard of a league: GET /view/leaderboard/{leagueId} or its Player Selection twin. */
export function useLeaderboardQuery(leagueId: number, playerSelection: boolean, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...leaderboardQueryOptions(leagueId, playerSelection),
    enabled: leagueId > 0 && options.enabled !== false,
  });
}
