import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { leagueKeys } from './keys';

export async function getPublicLeagues(userId: number, search: string, signal?: AbortSignal) {
  const answer = await unwrap(
    api.GET('/league/publicLeagues/{userId}', {
      params: { path: { userId }, query: search ? { search } : {} },
      signal,
    }),
  );
  return answer.data;
}

/** `search` empty lists every public league; otherwise the server's search (3 characters or more). */
export const publicLeaguesQueryOptions = (userId: number, search = '') =>
  queryOptions({
    queryKey: leagueKeys.publicLeagues(userId, search),
    queryFn: ({ signal }) => getPublicLeagues(userId, search, signal),
    enabled: userId > 0,
  });

/** GET /league/publicLeagues/{userId}; while a new search loads, the previous answer stays on screen. */
export function usePublicLeaguesQuery(userId: number, search = '', options: { enabled?: boolean } = {}) {
  return useQuery({
    ...publicLeaguesQueryOptions(userId, search),
    enabled: userId > 0 && options.enabled !== false,
    placeholderData: keepPreviousData,
  });
}
