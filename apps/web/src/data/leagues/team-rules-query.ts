import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { leagueKeys } from './keys';

export const teamRulesQueryOptions = (leagueId: number) =>
  queryOptions({
    queryKey: leagueKeys.teamRules(leagueId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/league/{leagueId}/team_rules', { params: { path: { leagueId } }, signal })),
  });

/**
 * GET /league/{leagueId}/team_rules: a Player Selection league's budget, captain and vice-captain
 * multipliers, the most players from one side and backups (every rule off for a league created before
 * them); IsLocked once the league is activated.
 */
export function useTeamRulesQuery(leagueId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...teamRulesQueryOptions(leagueId), enabled: options.enabled !== false });
}
