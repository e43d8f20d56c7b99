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

/** The answer a write gets while offline, without a request: a 503 with `error.code` "offline". */
function offlineAnswer(): Response {
  return new Response(JSON.stringify({ error: { code: OFFLINE_CODE, message: offlineMessages.saveRefused } }), {
    status: 503,
    statusText: 'Service Unavailable',
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * The API client's fetch: refuses every write (POST, PUT, PATCH, DELETE) while the browser is offline,
 * before it is sent — the call fails at once with `offlineMessages.saveRefused`, so no screen waits on a
 * save that cannot happen, queues it for later or shows it as saved. Reads go out as usual and fail as
 * network errors (the service worker never answers /api from a cache). A fetch, not a middleware: the
 * client's middlewares (the loading overlay's counter) see it as an ordinary answer.
 */
export function offlineAwareFetch(input: Request): Promise<Response> {
  if (!READS.has(input.method) && isOffline()) return Promise.resolve(offlineAnswer());
  return globalThis.fetch(input);
}
