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
