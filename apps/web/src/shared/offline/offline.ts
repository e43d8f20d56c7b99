import type { ApiClient } from '@fantasy-cricket/api-client';
import { useSyncExternalStore } from 'react';

/** The offline state's texts (beyond the spec: the installable app of issue 16). */
export const offlineMessages = {
  title: 'You are offline',
  detail:
    'Nothing new can load and nothing can be saved until you reconnect. Scores and picks on screen may be out of date.',
  saveRefused: 'You are offline: nothing was saved. Reconnect and try again.',
} as const;

/** The `error.code` of the answer a write gets while offline (never sent by the server). */
export const OFFLINE_CODE = 'offline';

/** Whether the browser says it has no network (`navigator.onLine` false); true means "maybe online". */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The browser's online/offline state, re-rendering when it changes. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses every write (POST, PUT, PATCH, DELETE) while the browser is offline, before it is sent: the
 * call fails at once with `offlineMessages.saveRefused` (a 503 with `error.code` "offline", answered here
 * without a request), so no screen waits on a save that cannot happen or shows it as saved. Reads go
 * out as usual and fail as network errors (the service worker never answers /api from a cache).
 */
export const offlineWrites: Parameters<ApiClient['use']>[0] = {
  onRequest({ request }) {
    if (READS.has(request.method) || !isOffline()) return undefined;
    return new Response(JSON.stringify({ error: { code: OFFLINE_CODE, message: offlineMessages.saveRefused } }), {
      status: 503,
      statusText: 'Service Unavailable',
      headers: { 'content-type': 'application/json' },
    });
  },
};
