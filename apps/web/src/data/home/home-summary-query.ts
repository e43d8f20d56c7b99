import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { homeKeys } from './keys';

export const homeSummaryQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: homeKeys.summary(userId),
    queryFn: ({ signal }) => unwrap(api.GET('/home/summary', { signal })),
    enabled: userId > 0,
    // Ranks, picks and live fixtures move while the player is away: every visit to Home asks again
    // (the last answer shows meanwhile), and an open Home follows a lock or a match starting.
    staleTime: 0,
    refetchInterval: 60_000,
  });

/**
 * GET /home/summary: the signed-in player's leagues with rank and points, the next fixture to lock
 * with their picks for it, and what is live in each (only their own data; the session says who).
 */
export function useHomeSummaryQuery(userId: number) {
  return useQuery(homeSummaryQueryOptions(userId));
}
