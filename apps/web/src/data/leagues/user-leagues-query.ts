import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { leagueKeys } from './keys';
import type { League } from './types';

export async function getUserLeagues(userId: number, signal?: AbortSignal): Promise<League[]> {
  const answer = await unwrap(api.GET('/league/userLeagues/{userId}', { params: { path: { userId } }, signal }));
  return answer.data;
}

export const userLeaguesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: leagueKeys.userLeagues(userId),
    queryFn: ({ signal }) => getUserLeagues(userId, signal),
    enabled: userId > 0,
  });

const all = (leagues: League[]) => leagues;

/**
 * GET /league/userLeagues/{userId}: the user's leagues that pass `keep` (pass a module-level
 * function: a new one each render re-filters each render). Loading, failure and an empty answer are
 * the query's own states: a failed load is never an empty list.
 */
export function useUserLeaguesQuery(userId: number, keep?: (league: League) => boolean) {
  return useQuery({
    ...userLeaguesQueryOptions(userId),
    select: keep ? (leagues: League[]) => leagues.filter(keep) : all,
  });
}

/** Join requests waiting in the leagues the user admins (the server counts them for the admin only). */
export const pendingRequests = (league: Pick<League, 'PendingRequests'>) => league.PendingRequests ?? 0;
const totalPending = (leagues: League[]) => leagues.reduce((sum, league) => sum + pendingRequests(league), 0);

/**
 * The number of join requests waiting for the user's decision, across the leagues they admin: the
 * user's leagues list (one cached answer with the screens that list leagues), summed. 0 while loading
 * or when the list failed to load.
 */
export function usePendingRequestsQuery(userId: number) {
  return useQuery({ ...userLeaguesQueryOptions(userId), select: totalPending });
}
