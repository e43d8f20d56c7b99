import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { operatorKeys } from './keys';

export const operatorStatusQueryOptions = () =>
  queryOptions({
    queryKey: operatorKeys.status(),
    queryFn: async ({ signal }) => (await unwrap(api.GET('/operator/status', { signal }))).Operator,
    // The role changes rarely (a grant or revoke, which invalidates it): keep the answer for the session.
    staleTime: 5 * 60_000,
  });

/** GET /operator/status: whether the signed-in user is a site operator (the console link and guard). */
export function useOperatorStatusQuery() {
  return useQuery(operatorStatusQueryOptions());
}
