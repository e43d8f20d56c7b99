import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { leagueKeys } from './keys';

export interface UpdateLeagueVariables {
  leagueId: number;
  body: { Description: string; ShowOthersPicks: boolean };
}

/** PUT /league/{id}: the league's details and the lists that show its description and picks setting. */
export function useUpdateLeagueMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ leagueId, body }: UpdateLeagueVariables) =>
      unwrap(api.PUT('/league/{id}', { params: { path: { id: leagueId } }, body })),
    onSuccess: (_answer, { leagueId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: leagueKeys.detail(leagueId), exact: true }),
        queryClient.invalidateQueries({ queryKey: leagueKeys.lists() }),
      ]),
  });
}
