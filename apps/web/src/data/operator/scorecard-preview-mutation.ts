import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import type { ScorecardInput } from './types';

/** POST /operator/fixtures/{fixtureId}/scorecard/preview: the problems, or what saving would change; writes nothing. */
export function usePreviewScorecardMutation() {
  return useMutation({
    mutationFn: ({ fixtureId, body }: { fixtureId: number; body: ScorecardInput }) =>
      unwrap(api.POST('/operator/fixtures/{fixtureId}/scorecard/preview', { params: { path: { fixtureId } }, body })),
  });
}
