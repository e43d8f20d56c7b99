import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { homeKeys } from '../home/keys';
import { leagueKeys } from './keys';
import type { PublicLeague } from './types';

/**
 * POST /league_member/joinLeague: the user's leagues and Home's summary are reloaded, and a public
 * league joined leaves the cached public lists at once.
 */
export function useJoinLeagueMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { UserID: number; LeagueCode: string; DisplayName: string }) =>
      unwrap(api.POST('/league_member/joinLeague', { body })),
    onSuccess: (_answer, { LeagueCode }) => {
      queryClient.setQueriesData<PublicLeague[]>({ queryKey: leagueKeys.publicLists() }, (rows) =>
        rows?.filter((row) => row.LeagueCode !== LeagueCode),
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: leagueKeys.userLists() }),
        queryClient.invalidateQueries({ queryKey: homeKeys.all }),
      ]);
    },
  });
}
