import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { standingsKeys } from './keys';

export const progressionQueryOptions = (leagueId: number) =>
  queryOptions({
    queryKey: standingsKeys.progression(leagueId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/view/progression/{leagueId}', { params: { path: { leagueId } }, signal })),
  });

/** GET /view/progression/{leagueId}: the points progression chart's data. */
export function useProgressionQuery(leagueId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...progressionQueryOptions(leagueId), enabled: leagueId > 0 && options.enabled !== false });
}
