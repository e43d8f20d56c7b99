import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { operatorKeys } from './keys';

export const fixtureScorecardQueryOptions = (fixtureId: number) =>
  queryOptions({
    queryKey: operatorKeys.scorecard(fixtureId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/operator/fixtures/{fixtureId}/scorecard', { params: { path: { fixtureId } }, signal })),
    enabled: fixtureId > 0,
  });

/** GET /operator/fixtures/{fixtureId}/scorecard: the fixture's teams and squads, whether it may be typed, the last scorecard saved. */
export function useFixtureScorecardQuery(fixtureId: number) {
  return useQuery(fixtureScorecardQueryOptions(fixtureId));
}
