import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { operatorKeys } from './keys';

export const auditQueryOptions = (before: number | null, limit: number) =>
  queryOptions({
    queryKey: operatorKeys.auditPage(before, limit),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/operator/audit', { params: { query: { limit, ...(before ? { before } : {}) } }, signal })),
    placeholderData: keepPreviousData,
  });

/** GET /operator/audit: one page of the audit log, newest first. */
export function useAuditLogQuery(before: number | null, limit: number) {
  return useQuery(auditQueryOptions(before, limit));
}
