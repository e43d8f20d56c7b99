import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { leagueKeys } from './keys';

/** DELETE /league/{id}: a Draft league is gone (its cached details are dropped). */
export function useDeleteLeagueMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (leagueId: number) => unwrap(api.DELETE('/league/{id}', { params: { path: { id: leagueId } } })),
    onSuccess: (_answer, leagueId) => {
      queryClient.removeQueries({ queryKey: leagueKeys.detail(leagueId) });
      return queryClient.invalidateQueries({ queryKey: leagueKeys.lists() });
    },
  });
}
