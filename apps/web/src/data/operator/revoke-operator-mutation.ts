import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { invalidateOperators } from './invalidate';

/** POST /operator/operators/revoke: take the role from the account with this email. */
export function useRevokeOperatorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => unwrap(api.POST('/operator/operators/revoke', { body: { Email: email } })),
    onSuccess: () => invalidateOperators(queryClient),
  });
}
