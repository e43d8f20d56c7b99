import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { operatorKeys } from './keys';

export const vendorsQueryOptions = () =>
  queryOptions({
    queryKey: operatorKeys.vendors(),
    queryFn: ({ signal }) => unwrap(api.GET('/operator/vendors', { signal })),
  });

/** GET /operator/vendors: each data vendor's connection, competition, calls of the day and last sync (never its credentials). */
export function useVendorsQuery() {
  return useQuery(vendorsQueryOptions());
}
