import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { leagueKeys } from '../leagues/keys';
import { operatorKeys } from './keys';

/** POST /operator/seasons/{seasonId}/activation: the seasons list, and the series Start League offers. */
export function useSetSeasonActiveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ seasonId, active }: { seasonId: number; active: boolean }) =>
      unwrap(
        api.POST('/operator/seasons/{seasonId}/activation', {
          params: { path: { seasonId } },
          body: { Active: active },
        }),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: operatorKeys.seasons() }),
        queryClient.invalidateQueries({ queryKey: operatorKeys.audit() }),
        queryClient.invalidateQueries({ queryKey: leagueKeys.activeSeries() }),
      ]),
  });
}
