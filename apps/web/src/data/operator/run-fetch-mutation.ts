import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { invalidateAfterImport } from './invalidate';

/** POST /operator/fetch: run the scheduled Cricsheet fetch now. */
export function useRunFetchMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/operator/fetch')),
    onSuccess: () => invalidateAfterImport(queryClient),
  });
}
