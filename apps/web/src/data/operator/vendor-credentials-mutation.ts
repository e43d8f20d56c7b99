import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { operatorKeys } from './keys';
import type { VendorCredentialsRequest, VendorName } from './types';

/**
 * PUT /operator/vendors/{vendor}/credentials: checked by the vendor, then stored on the server (never
 * sent back). The vendors and their competitions, and the audit log, are reloaded before it settles.
 */
export function useVendorCredentialsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vendor, body }: { vendor: VendorName; body: VendorCredentialsRequest }) =>
      unwrap(api.PUT('/operator/vendors/{vendor}/credentials', { params: { path: { vendor } }, body })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: operatorKeys.vendors() }),
        queryClient.invalidateQueries({ queryKey: operatorKeys.audit() }),
      ]),
  });
}
