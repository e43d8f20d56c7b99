import { QueryClient } from '@tanstack/react-query';
import { onAppStoreReset } from '../shared/store';

let client: QueryClient | undefined;

/**
 * The one cache of server data (TanStack Query). Defaults:
 * - no automatic retry: a failed load shows its error and a Retry at once (spec section 8's texts),
 *   and every call shows the loading overlay, so silent retries would keep it up for seconds;
 * - no refetch on window focus: the overlay would flash whenever the tab comes back;
 * - answers fresh for 30 s, so moving between screens does not load the same list twice; a save
 *   invalidates what it changed (the mutations in data/<area>/);
 * - network mode "always": offline, a load fails at once (its error and Retry, under the "You are
 *   offline" banner) instead of waiting paused, and a save is refused at once with the offline message
 *   (shared/offline/offline.ts) instead of being queued and sent later, when its picks may be stale.
 *   Loads that failed offline run again on reconnect (refetchOnReconnect).
 */
export function getQueryClient(): QueryClient {
  client ??= new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  return client;
}

let owner: number | null = null;

/**
 * The cache, for the signed-in user `userId`: a cache filled for another user (a sign-out, then a
 * sign-in in the same tab) is emptied first, since several answers depend on who asks (`IsMe`, `IsOwn`).
 */
export function getQueryClientFor(userId: number | null): QueryClient {
  const queryClient = getQueryClient();
  if (owner !== userId) {
    queryClient.clear();
    owner = userId;
  }
  return queryClient;
}

/** Forgets every answer (sign-out, account deletion): the next user must not see this one's data. */
export function clearServerState(): void {
  client?.clear();
}

// Tests and stories start each case with a fresh store: a fresh cache too.
onAppStoreReset(() => {
  client?.clear();
  client = undefined;
  owner = null;
});
