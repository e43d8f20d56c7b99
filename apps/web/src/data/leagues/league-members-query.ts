import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { leagueKeys } from './keys';

export const leagueMembersQueryOptions = (leagueId: number) =>
  queryOptions({
    queryKey: leagueKeys.members(leagueId),
    queryFn: async ({ signal }) =>
      (await unwrap(api.GET('/league_member/{leagueId}/members', { params: { path: { leagueId } }, signal }))).data,
    enabled: leagueId > 0,
  });

/** GET /league_member/{leagueId}/members. */
export function useLeagueMembersQuery(leagueId: number) {
  return useQuery(leagueMembersQueryOptions(leagueId));
}
