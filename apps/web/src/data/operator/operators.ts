import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** A grant or revoke changes the operators, the audit log and (for oneself) the operator status. */
function useInvalidateOperators() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: operatorKeys.operators() }),
      queryClient.invalidateQueries({ queryKey: operatorKeys.audit() }),
      queryClient.invalidateQueries({ queryKey: operatorKeys.status() }),
    ]);
}

/** POST /operator/operators: make the account with this email an operator. */
export function useGrantOperatorMutation() {
  const invalidate = useInvalidateOperators();
  return useMutation({
    mutationFn: (email: string) => unwrap(api.POST('/operator/operators', { body: { Email: email } })),
    onSuccess: () => invalidate(),
  });
}

/** POST /operator/operators/revoke: take the role from the account with this email. */
export function useRevokeOperatorMutation() {
  const invalidate = useInvalidateOperators();
  return useMutation({
    mutationFn: (email: string) => unwrap(api.POST('/operator/operators/revoke', { body: { Email: email } })),
    onSuccess: () => invalidate(),
  });
}

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
