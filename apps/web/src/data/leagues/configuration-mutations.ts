import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { leagueKeys } from './keys';

export type LeagueConfigurationSaveItem = {
  LeagueConfigurationID: number;
  LeagueID: number;
  FeatureID: number;
  Points: number;
  IsActive: boolean;
};

/** POST /league_configuration/bulkUpdate: the league's features and points. */
export function useSaveLeagueConfigurationsMutation(leagueId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (LeagueConfiguration: LeagueConfigurationSaveItem[]) =>
      unwrap(api.POST('/league_configuration/bulkUpdate', { body: { LeagueConfiguration } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leagueKeys.configurations(leagueId) }),
  });
}

/** POST /selection_config/bulkUpdate: the league's player counts (final once saved). */
export function useSaveSelectionConfigsMutation(leagueId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (LeagueSelectionConfig: { SelectionConfigID: number; Count: number; IsActive: boolean }[]) =>
      unwrap(api.POST('/selection_config/bulkUpdate', { body: { LeagueSelectionConfig } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leagueKeys.selectionConfigs(leagueId) }),
  });
}
