import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { operatorKeys } from './keys';
import type { VendorName } from './types';

/**
 * POST /operator/vendors/{vendor}/competition: a preview (`apply` false) writes nothing; applied, the
 * schedule and squads are in, two runs and an audit entry recorded, and the sync starts — the vendors,
 * seasons, fixtures, history, audit and health are reloaded before it settles.
 */
export function useVendorCompetitionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vendor, competitionId, apply }: { vendor: VendorName; competitionId: string; apply: boolean }) =>
      unwrap(
        api.POST('/operator/vendors/{vendor}/competition', {
          params: { path: { vendor } },
          body: { CompetitionID: competitionId, Apply: apply },
        }),
      ),
    onSuccess: (_report, { apply }) =>
      apply
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: operatorKeys.vendors() }),
            queryClient.invalidateQueries({ queryKey: operatorKeys.seasons() }),
            queryClient.invalidateQueries({ queryKey: operatorKeys.allFixtures() }),
            queryClient.invalidateQueries({ queryKey: operatorKeys.imports() }),
            queryClient.invalidateQueries({ queryKey: operatorKeys.audit() }),
            queryClient.invalidateQueries({ queryKey: operatorKeys.allHealth() }),
          ])
        : undefined,
  });
}
