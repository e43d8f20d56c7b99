import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { picksKeys } from './keys';

export const playerSelectionTeamQueryOptions = (leagueId: number, fixtureId: number) =>
  queryOptions({
    queryKey: picksKeys.team(leagueId, fixtureId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/player_selection/team/', { params: { query: { LeagueID: leagueId, FixtureID: fixtureId } }, signal }),
      ),
  });

/**
 * GET /player_selection/team/: the signed-in member's Player Selection team of one fixture beyond its
 * slots — the league's team rules, captain, vice-captain, backups in priority order, what the lock
 * replaced, and whether the playing XIs are announced.
 */
export function usePlayerSelectionTeamQuery(leagueId: number, fixtureId: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...playerSelectionTeamQueryOptions(leagueId, fixtureId),
    enabled: leagueId > 0 && fixtureId > 0 && options.enabled !== false,
  });
}
