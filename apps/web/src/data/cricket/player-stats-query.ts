import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { cricketKeys } from './keys';

export const playerStatsQueryOptions = () =>
  queryOptions({
    queryKey: cricketKeys.playerStats(),
    queryFn: ({ signal }) => unwrap(api.GET('/player_stats/', { signal })),
  });

/** GET /player_stats/: the statistics widgets of the home page. */
export function usePlayerStatsQuery() {
  return useQuery(playerStatsQueryOptions());
}
