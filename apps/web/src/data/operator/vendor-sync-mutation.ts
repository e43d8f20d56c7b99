import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { operatorKeys } from './keys';
import type { VendorName } from './types';

/** POST /operator/vendors/{vendor}/sync: the sync runs now (schedule, line-ups, results; live matches follow on). */
export function useVendorSyncMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vendor: VendorName) =>
      unwrap(api.POST('/operator/vendors/{vendor}/sync', { params: { path: { vendor } } })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: operatorKeys.vendors() }),
        queryClient.invalidateQueries({ queryKey: operatorKeys.allFixtures() }),
        queryClient.invalidateQueries({ queryKey: operatorKeys.imports() }),
      ]),
  });
}
