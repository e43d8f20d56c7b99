import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { picksKeys } from './keys';

export const playerFiguresQueryOptions = (leagueId: number, fixtureId: number) =>
  queryOptions({
    queryKey: picksKeys.figures(leagueId, fixtureId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/player_selection/player_figures/', {
          params: { query: { LeagueID: leagueId, FixtureID: fixtureId } },
          signal,
        }),
      ),
    // Figures change only when a result is scored: no need to refetch while a person picks.
    staleTime: 5 * 60_000,
  });

/** GET /player_selection/player_figures/: season points and last three per squad player (Player Selection). */
export function usePlayerFiguresQuery(leagueId: number, fixtureId: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...playerFiguresQueryOptions(leagueId, fixtureId),
    enabled: leagueId > 0 && fixtureId > 0 && options.enabled !== false,
  });
}
