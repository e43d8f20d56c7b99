import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { type PicksIds, picksKeys } from './keys';

export const playerSelectionRowsQueryOptions = (ids: PicksIds) =>
  queryOptions({
    queryKey: picksKeys.playerSelection(ids),
    queryFn: ({ signal }) => unwrap(api.GET('/player_selection/fixture/', { params: { query: ids }, signal })),
  });

/** GET /player_selection/fixture/: the member's Player Selection slots for one fixture. */
export function usePlayerSelectionRowsQuery(ids: PicksIds, options: { enabled?: boolean } = {}) {
  return useQuery({ ...playerSelectionRowsQueryOptions(ids), enabled: ids.FixtureID > 0 && options.enabled !== false });
}
