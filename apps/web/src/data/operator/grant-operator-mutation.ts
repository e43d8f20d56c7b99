import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { invalidateOperators } from './invalidate';

/** POST /operator/operators: make the account with this email an operator. */
export function useGrantOperatorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => unwrap(api.POST('/operator/operators', { body: { Email: email } })),
    onSuccess: () => invalidateOperators(queryClient),
  });
}
