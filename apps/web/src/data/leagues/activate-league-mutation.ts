import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { leagueKeys } from './keys';

/** POST /league/activate: a Draft league becomes Active (lists and its details change). */
export function useActivateLeagueMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, leagueId }: { userId: number; leagueId: number }) =>
      unwrap(api.POST('/league/activate', { body: { UserID: userId, LeagueID: leagueId } })),
    onSuccess: (_answer, { leagueId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: leagueKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: leagueKeys.detail(leagueId) }),
      ]),
  });
}
