import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { invalidateAfterImport } from './invalidate';
import type { UploadedFile } from './types';

/** POST /operator/results/cricsheet: results change, fixtures are re-scored, a run is recorded. */
export function useCricsheetUploadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: UploadedFile[]) => unwrap(api.POST('/operator/results/cricsheet', { body: { Files: files } })),
    onSuccess: () => invalidateAfterImport(queryClient),
  });
}
