import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { cricketKeys } from './keys';

export const leagueFixturesQueryOptions = (leagueId: number) =>
  queryOptions({
    queryKey: cricketKeys.leagueFixtures(leagueId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/league_fixture/getAllFixturesForLeague/{leagueId}', { params: { path: { leagueId } }, signal })),
  });

/** GET /league_fixture/getAllFixturesForLeague/{leagueId}: every fixture of the league's series. */
export function useLeagueFixturesQuery(leagueId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...leagueFixturesQueryOptions(leagueId), enabled: leagueId > 0 && options.enabled !== false });
}
