import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { leagueKeys } from './keys';

export const selectionConfigsQueryOptions = (leagueId: number) =>
  queryOptions({
    queryKey: leagueKeys.selectionConfigs(leagueId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/selection_config/getSelectionConfigsForLeague/{leagueId}', {
          params: { path: { leagueId } },
          signal,
        }),
      ),
  });

/** GET /selection_config/getSelectionConfigsForLeague/{leagueId}: player counts (Player Selection). */
export function useSelectionConfigsQuery(leagueId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...selectionConfigsQueryOptions(leagueId), enabled: options.enabled !== false });
}
