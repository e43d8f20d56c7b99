import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { standingsKeys } from './keys';

export const contestStandingsQueryOptions = (leagueId: number) =>
  queryOptions({
    queryKey: standingsKeys.contests(leagueId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/contests/standings/{leagueId}', { params: { path: { leagueId } }, signal })),
  });

/** GET /contests/standings/{leagueId}: the contest widgets. */
export function useContestStandingsQuery(leagueId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...contestStandingsQueryOptions(leagueId), enabled: leagueId > 0 && options.enabled !== false });
}
