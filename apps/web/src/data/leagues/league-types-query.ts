import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { leagueKeys } from './keys';

export const leagueTypesQueryOptions = () =>
  queryOptions({
    queryKey: leagueKeys.types(),
    queryFn: ({ signal }) => unwrap(api.GET('/leaguetype/getAll', { signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** GET /leaguetype/getAll (reference data: loaded once per visit). */
export function useLeagueTypesQuery() {
  return useQuery(leagueTypesQueryOptions());
}
