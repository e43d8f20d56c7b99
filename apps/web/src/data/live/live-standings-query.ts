import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { liveKeys } from './keys';
import { fromSnapshot, takeHeldStandingsEvents, withHeldEvents } from './standings-delta';
import type { LiveStandings } from './types';

/**
 * A league's provisional standings: the snapshot (`GET /live/standings/{leagueId}`, read when a screen
 * opens, so the provisional marker shows at once), then the `standings` events the tab's live stream
 * applies in version order (`applyLiveEvent`); a missed version or a reconnect reads the snapshot
 * again. Not live: `Live` false and no rows.
 */
export function useLiveStandings(leagueId: number, options: LiveStandingsOptions = {}): LiveStandings | undefined {
  return useLiveStandingsQuery(leagueId, options).data;
}

interface LiveStandingsOptions {
  enabled?: boolean;
  /** Read the snapshot again as the screen opens (events were not followed while it was closed). Default true. */
  refetchOnMount?: boolean;
}

/** The same, as its query (for a screen that waits for the first read before drawing the table). */
export function useLiveStandingsQuery(leagueId: number, options: LiveStandingsOptions = {}) {
  const qc = useQueryClient();
  return useQuery<LiveStandings>({
    queryKey: liveKeys.standings(leagueId),
    queryFn: async ({ signal }) => {
      const snapshot = await unwrap(api.GET('/live/standings/{leagueId}', { params: { path: { leagueId } }, signal }));
      const table = fromSnapshot(snapshot, qc.getQueryData<LiveStandings>(liveKeys.standings(leagueId)));
      // Events that arrived while it was being read apply on it (those it already holds are skipped).
      return withHeldEvents(table, takeHeldStandingsEvents(qc, leagueId));
    },
    enabled: leagueId > 0 && options.enabled !== false,
    // Events keep it current; a gap or a reconnect invalidates it.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: options.refetchOnMount === false ? false : 'always',
    refetchOnWindowFocus: false,
  });
}
