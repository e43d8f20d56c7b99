import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { operatorKeys } from './keys';

export const dataHealthQueryOptions = (hours: number) =>
  queryOptions({
    queryKey: operatorKeys.health(hours),
    queryFn: ({ signal }) => unwrap(api.GET('/operator/health', { params: { query: { hours } }, signal })),
    placeholderData: keepPreviousData,
  });

/** GET /operator/health?hours=: what needs an operator. */
export function useDataHealthQuery(hours: number) {
  return useQuery(dataHealthQueryOptions(hours));
}

export const fetchStatusQueryOptions = () =>
  queryOptions({
    queryKey: operatorKeys.fetch(),
    queryFn: ({ signal }) => unwrap(api.GET('/operator/fetch', { signal })),
  });

/** GET /operator/fetch: the scheduled Cricsheet fetch's settings and runs. */
export function useFetchStatusQuery() {
  return useQuery(fetchStatusQueryOptions());
}
