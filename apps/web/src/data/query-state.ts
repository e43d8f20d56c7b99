import type { QueryStateProps } from '@fantasy-cricket/ui';
import type { UseQueryResult } from '@tanstack/react-query';

type QueryLike = Pick<UseQueryResult, 'status' | 'refetch' | 'isFetching'>;

/** The props of the kit's QueryState for one query: its status, and Retry as a refetch. */
export function queryState(query: QueryLike): Pick<QueryStateProps, 'status' | 'onRetry' | 'retrying'> {
  return { status: query.status, onRetry: () => void query.refetch(), retrying: query.isFetching };
}

/** The same for several queries shown as one: failed if any failed (Retry reloads the failed ones), loading if any loads. */
export function combinedQueryState(
  queries: readonly QueryLike[],
): Pick<QueryStateProps, 'status' | 'onRetry' | 'retrying'> {
  const failed = queries.filter((q) => q.status === 'error');
  const status = failed.length > 0 ? 'error' : queries.some((q) => q.status === 'pending') ? 'pending' : 'success';
  return {
    status,
    onRetry: () => {
      for (const q of failed) void q.refetch();
    },
    retrying: queries.some((q) => q.isFetching),
  };
}
