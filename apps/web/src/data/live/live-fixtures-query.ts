import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { liveKeys } from './keys';

export const liveFixturesQueryOptions = () =>
  queryOptions({
    queryKey: liveKeys.fixtures(),
    queryFn: ({ signal }) => unwrap(api.GET('/live/fixtures', { signal })),
    // Pushed events keep the scores current; this catches fixtures that start (no event names them before).
    refetchInterval: 30_000,
  });

/** GET /live/fixtures: what is live now (and just finished), and the next fixtures to start. */
export function useLiveFixturesQuery(options: { enabled?: boolean } = {}) {
  return useQuery({ ...liveFixturesQueryOptions(), enabled: options.enabled !== false });
}
