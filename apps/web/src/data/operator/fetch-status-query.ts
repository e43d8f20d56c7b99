import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { operatorKeys } from './keys';

export const fetchStatusQueryOptions = () =>
  queryOptions({
    queryKey: operatorKeys.fetch(),
    queryFn: ({ signal }) => unwrap(api.GET('/operator/fetch', { signal })),
  });

/** GET /operator/fetch: the scheduled Cricsheet fetch's settings and runs. */
export function useFetchStatusQuery() {
  return useQuery(fetchStatusQueryOptions());
}
