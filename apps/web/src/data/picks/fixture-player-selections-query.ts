import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { picksKeys } from './keys';

export const fixturePlayerSelectionsQueryOptions = (leagueId: number, fixtureId: number) =>
  queryOptions({
    queryKey: picksKeys.fixture(leagueId, fixtureId, true),
    queryFn: ({ signal }) =>
      unwrap(
        api.POST('/view/playerSelectionsForFixture', { body: { LeagueID: leagueId, FixtureID: fixtureId }, signal }),
      ),
  });

/** POST /view/playerSelectionsForFixture (a read): everyone's Player Selection picks for one fixture. */
export function useFixturePlayerSelectionsQuery(
  leagueId: number,
  fixtureId: number,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    ...fixturePlayerSelectionsQueryOptions(leagueId, fixtureId),
    enabled: leagueId > 0 && fixtureId > 0 && options.enabled !== false,
  });
}
