import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { operatorKeys } from './keys';

export const operatorSeasonsQueryOptions = () =>
  queryOptions({
    queryKey: operatorKeys.seasons(),
    queryFn: ({ signal }) => unwrap(api.GET('/operator/seasons', { signal })),
  });

/** GET /operator/seasons: every season, newest first. */
export function useOperatorSeasonsQuery() {
  return useQuery(operatorSeasonsQueryOptions());
}
