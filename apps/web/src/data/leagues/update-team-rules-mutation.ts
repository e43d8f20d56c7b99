import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { leagueKeys } from './keys';
import type { TeamRulesInput } from './types';

/**
 * PUT /league/{leagueId}/team_rules: the admin sets the team rules of a Draft Player Selection league
 * (a 400 says which figure is out of range, or that the league is activated). The answer is the rules
 * as stored: it replaces the cached ones.
 */
export function useUpdateTeamRulesMutation(leagueId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamRulesInput) =>
      unwrap(api.PUT('/league/{leagueId}/team_rules', { params: { path: { leagueId } }, body })),
    onSuccess: (stored) => queryClient.setQueryData(leagueKeys.teamRules(leagueId), stored),
  });
}
