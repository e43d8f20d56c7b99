import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { operatorKeys } from './keys';
import type { VendorName, VendorSettingsRequest } from './types';

/** PUT /operator/vendors/{vendor}/settings: the sync's intervals, the daily budget and whether it runs (audited). */
export function useVendorSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vendor, body }: { vendor: VendorName; body: VendorSettingsRequest }) =>
      unwrap(api.PUT('/operator/vendors/{vendor}/settings', { params: { path: { vendor } }, body })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: operatorKeys.vendors() }),
        queryClient.invalidateQueries({ queryKey: operatorKeys.audit() }),
      ]),
  });
}
