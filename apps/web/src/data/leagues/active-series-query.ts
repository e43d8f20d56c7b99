import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { leagueKeys } from './keys';

export const activeSeriesQueryOptions = () =>
  queryOptions({
    queryKey: leagueKeys.activeSeries(),
    queryFn: ({ signal }) => unwrap(api.GET('/stage/active_stages_namelist', { signal })),
  });

/** GET /stage/active_stages_namelist: the series a new league may follow. */
export function useActiveSeriesQuery() {
  return useQuery(activeSeriesQueryOptions());
}
