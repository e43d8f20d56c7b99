import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { operatorKeys } from './keys';

export const operatorsQueryOptions = () =>
  queryOptions({
    queryKey: operatorKeys.operators(),
    queryFn: ({ signal }) => unwrap(api.GET('/operator/operators', { signal })),
  });

/** GET /operator/operators: every operator, earliest grant first. */
export function useOperatorsQuery() {
  return useQuery(operatorsQueryOptions());
}
