import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { operatorKeys } from './keys';
import type { ScorecardInput } from './types';

/**
 * PUT /operator/fixtures/{fixtureId}/scorecard: the fixture's figures and result change and are
 * re-scored, a run and an audit entry are recorded — the sheet, fixtures, history, audit and health
 * are reloaded before the promise settles.
 */
export function useSaveScorecardMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fixtureId, body }: { fixtureId: number; body: ScorecardInput }) =>
      unwrap(api.PUT('/operator/fixtures/{fixtureId}/scorecard', { params: { path: { fixtureId } }, body })),
    onSuccess: (_report, { fixtureId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: operatorKeys.scorecard(fixtureId) }),
        queryClient.invalidateQueries({ queryKey: operatorKeys.allFixtures() }),
        queryClient.invalidateQueries({ queryKey: operatorKeys.imports() }),
        queryClient.invalidateQueries({ queryKey: operatorKeys.audit() }),
        queryClient.invalidateQueries({ queryKey: operatorKeys.seasons() }),
        queryClient.invalidateQueries({ queryKey: operatorKeys.allHealth() }),
      ]),
  });
}
