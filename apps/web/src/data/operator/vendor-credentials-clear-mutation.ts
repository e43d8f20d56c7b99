import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { operatorKeys } from './keys';
import type { VendorName } from './types';

/** DELETE /operator/vendors/{vendor}/credentials: the operator's keys are forgotten (the environment's, if any, remain). */
export function useClearVendorCredentialsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vendor: VendorName) =>
      unwrap(api.DELETE('/operator/vendors/{vendor}/credentials', { params: { path: { vendor } } })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: operatorKeys.vendors() }),
        queryClient.invalidateQueries({ queryKey: operatorKeys.audit() }),
      ]),
  });
}
