import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { cricketKeys } from './keys';

export const fixtureTeamsQueryOptions = (fixtureId: number) =>
  queryOptions({
    queryKey: cricketKeys.fixtureTeams(fixtureId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/team/getTeamsByFixtureID/{fixtureId}', { params: { path: { fixtureId } }, signal })),
  });

/** GET /team/getTeamsByFixtureID/{fixtureId}: the two teams of a fixture. */
export function useFixtureTeamsQuery(fixtureId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...fixtureTeamsQueryOptions(fixtureId), enabled: fixtureId > 0 && options.enabled !== false });
}
