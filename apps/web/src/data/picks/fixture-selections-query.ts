import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { picksKeys } from './keys';

export const fixtureSelectionsQueryOptions = (leagueId: number, fixtureId: number) =>
  queryOptions({
    queryKey: picksKeys.fixture(leagueId, fixtureId, false),
    queryFn: ({ signal }) =>
      unwrap(api.POST('/view/selectionsForFixture', { body: { LeagueID: leagueId, FixtureID: fixtureId }, signal })),
  });

/** POST /view/selectionsForFixture (a read): everyone's Match Prediction picks for one fixture. */
export function useFixtureSelectionsQuery(leagueId: number, fixtureId: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...fixtureSelectionsQueryOptions(leagueId, fixtureId),
    enabled: leagueId > 0 && fixtureId > 0 && options.enabled !== false,
  });
}
