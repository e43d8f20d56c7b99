import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { homeKeys } from '../home/keys';
import { leagueKeys } from './keys';
import type { PublicLeague } from './types';

export interface MemberStatusVariables {
  LeagueMemberID: number;
  LeagueID: number;
  Status: 'Approved' | 'Rejected';
  AdminUserID: number;
}

/**
 * POST /league_member/update_member_status: the league's members list changes, and so do the user's
 * leagues (their count of join requests waiting, the sidebar's badge).
 */
export function useUpdateMemberStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberStatusVariables) => unwrap(api.POST('/league_member/update_member_status', { body })),
    onSuccess: (_answer, { LeagueID }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: leagueKeys.members(LeagueID) }),
        queryClient.invalidateQueries({ queryKey: leagueKeys.userLists() }),
      ]),
  });
}

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
