import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { leagueKeys } from './keys';

/** POST /selection_config/bulkUpdate: the league's player counts (final once saved). */
export function useSaveSelectionConfigsMutation(leagueId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (LeagueSelectionConfig: { SelectionConfigID: number; Count: number; IsActive: boolean }[]) =>
      unwrap(api.POST('/selection_config/bulkUpdate', { body: { LeagueSelectionConfig } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leagueKeys.selectionConfigs(leagueId) }),
  });
}
