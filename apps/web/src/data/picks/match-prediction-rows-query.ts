import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { type PicksIds, picksKeys } from './keys';

export const matchPredictionRowsQueryOptions = (ids: PicksIds) =>
  queryOptions({
    queryKey: picksKeys.matchPrediction(ids),
    queryFn: ({ signal }) => unwrap(api.POST('/league_selection/user/', { body: ids, signal })),
  });

/** POST /league_selection/user/ (a read): the member's Match Prediction features for one fixture. */
export function useMatchPredictionRowsQuery(ids: PicksIds, options: { enabled?: boolean } = {}) {
  return useQuery({ ...matchPredictionRowsQueryOptions(ids), enabled: ids.FixtureID > 0 && options.enabled !== false });
}
