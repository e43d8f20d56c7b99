import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { operatorKeys } from './keys';

/** One page of the import history. */
export const importRunsQueryOptions = (before: number | null, limit: number) =>
  queryOptions({
    queryKey: operatorKeys.importPage(before, limit),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/operator/imports', { params: { query: { limit, ...(before ? { before } : {}) } }, signal })),
    placeholderData: keepPreviousData,
  });

/** GET /operator/imports: the runs, newest first; `before` is the previous page's `NextBefore`. */
export function useImportRunsQuery(before: number | null, limit: number) {
  return useQuery(importRunsQueryOptions(before, limit));
}
