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
