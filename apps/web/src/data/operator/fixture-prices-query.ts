import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { operatorKeys } from './keys';

export const fixturePricesQueryOptions = (fixtureId: number) =>
  queryOptions({
    queryKey: operatorKeys.prices(fixtureId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/operator/fixtures/{fixtureId}/prices', { params: { path: { fixtureId } }, signal })),
    enabled: fixtureId > 0,
  });

/** GET /operator/fixtures/{fixtureId}/prices: both squads' prices (credits), from form or an operator's, and whether they are frozen. */
export function useFixturePricesQuery(fixtureId: number) {
  return useQuery(fixturePricesQueryOptions(fixtureId));
}
