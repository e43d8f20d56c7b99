import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { leagueKeys } from './keys';

export const leagueConfigurationsQueryOptions = (leagueId: number) =>
  queryOptions({
    queryKey: leagueKeys.configurations(leagueId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/league_configuration/getConfigurationsForLeague/{leagueId}', {
          params: { path: { leagueId } },
          signal,
        }),
      ),
  });

/** GET /league_configuration/getConfigurationsForLeague/{leagueId}: features and points. */
export function useLeagueConfigurationsQuery(leagueId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...leagueConfigurationsQueryOptions(leagueId), enabled: options.enabled !== false });
}
