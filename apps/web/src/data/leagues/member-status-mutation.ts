import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { leagueKeys } from './keys';

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
