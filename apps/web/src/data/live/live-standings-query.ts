import { useQuery } from '@tanstack/react-query';
import { liveKeys } from './keys';
import type { LiveStandings } from './types';

/**
 * A league's provisional standings from the pushed `standings` events (the cache holds the latest;
 * nothing is fetched: until an event arrives there is nothing provisional to show).
 */
export function useLiveStandings(leagueId: number): LiveStandings | undefined {
  const q = useQuery<LiveStandings | null>({
    queryKey: liveKeys.standings(leagueId),
    queryFn: () => null,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return q.data ?? undefined;
}
