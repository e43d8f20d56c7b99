import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { leagueKeys } from './keys';

/** POST /league/changeAdmin: the admin changes in the lists, the league's details and its members. */
export function useChangeLeagueAdminMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { LeagueID: number; AdminID: number; NewAdminID: number }) =>
      unwrap(api.POST('/league/changeAdmin', { body })),
    onSuccess: (_answer, { LeagueID }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: leagueKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: leagueKeys.detail(LeagueID) }),
      ]),
  });
}
