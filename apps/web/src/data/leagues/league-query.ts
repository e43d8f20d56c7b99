import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { leagueKeys } from './keys';

export const leagueQueryOptions = (leagueId: number) =>
  queryOptions({
    queryKey: leagueKeys.detail(leagueId),
    queryFn: ({ signal }) => unwrap(api.GET('/league/{id}', { params: { path: { id: leagueId } }, signal })),
  });

/** GET /league/{id}: description, show-others-picks, admin of one league. */
export function useLeagueQuery(leagueId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...leagueQueryOptions(leagueId), enabled: options.enabled !== false });
}
