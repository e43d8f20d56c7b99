import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { liveKeys } from './keys';

export const matchCentreQueryOptions = (fixtureId: number, leagueId: number | null) =>
  queryOptions({
    queryKey: liveKeys.matchCentre(fixtureId, leagueId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/live/fixture/{fixtureId}', {
          params: { path: { fixtureId }, query: leagueId ? { leagueId } : {} },
          signal,
        }),
      ),
    staleTime: 5_000,
  });

/** GET /live/fixture/{fixtureId}: the Match Centre, with a league's members and their live points. */
export function useMatchCentreQuery(fixtureId: number, leagueId: number | null, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...matchCentreQueryOptions(fixtureId, leagueId),
    enabled: fixtureId > 0 && options.enabled !== false,
  });
}
