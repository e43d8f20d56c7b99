import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { cricketKeys } from './keys';

/**
 * GET /view/serverTime: the server's clock (UTC), which decides which fixtures have started. A save
 * checks against a fresh reading (`getServerTime()`, never from the cache).
 */
export async function getServerTime(signal?: AbortSignal): Promise<string> {
  return (await unwrap(api.GET('/view/serverTime', { signal }))).currentServerTime;
}

/** The clock a screen lists fixtures against: never fresh from the cache (a new screen reads it again). */
export const serverTimeQueryOptions = () =>
  queryOptions({
    queryKey: cricketKeys.serverTime(),
    queryFn: ({ signal }) => getServerTime(signal),
    staleTime: 0,
  });

export function useServerTimeQuery(options: { enabled?: boolean } = {}) {
  return useQuery({ ...serverTimeQueryOptions(), enabled: options.enabled !== false });
}
