import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { cricketKeys } from './keys';

export const fixturePlayersQueryOptions = (fixtureId: number) =>
  queryOptions({
    queryKey: cricketKeys.fixturePlayers(fixtureId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/player/getPlayersByFixtureID/{fixtureId}', { params: { path: { fixtureId } }, signal })),
  });

/** GET /player/getPlayersByFixtureID/{fixtureId}: both squads of a fixture. */
export function useFixturePlayersQuery(fixtureId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...fixturePlayersQueryOptions(fixtureId), enabled: fixtureId > 0 && options.enabled !== false });
}
