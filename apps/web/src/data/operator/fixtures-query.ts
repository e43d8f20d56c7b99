import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { operatorKeys } from './keys';

export const operatorFixturesQueryOptions = (seasonId: number) =>
  queryOptions({
    queryKey: operatorKeys.fixtures(seasonId),
    queryFn: ({ signal }) => unwrap(api.GET('/operator/fixtures', { params: { query: { seasonId } }, signal })),
    enabled: seasonId > 0,
  });

/** GET /operator/fixtures?seasonId=: a season's fixtures in start order, with status and result. */
export function useOperatorFixturesQuery(seasonId: number) {
  return useQuery(operatorFixturesQueryOptions(seasonId));
}
