import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { invalidateAfterImport } from './invalidate';
import type { FixtureResultRequest } from './types';

/** POST /operator/fixtures/{fixtureId}/result: mark or correct one fixture's result. */
export function useSetFixtureResultMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fixtureId, body }: { fixtureId: number; body: FixtureResultRequest }) =>
      unwrap(api.POST('/operator/fixtures/{fixtureId}/result', { params: { path: { fixtureId } }, body })),
    onSuccess: () => invalidateAfterImport(queryClient),
  });
}
