import { type ApiClient, createApiClient, errorMessage } from '@fantasy-cricket/api-client';
import { loadingAtom, pendingRequestsAtom, storedUserAtom } from './atoms';
import { OFFLINE_CODE, offlineAwareFetch } from './offline/offline';
import { createLoadingTracker } from './loading';
import { getAppStore, onAppStoreReset } from './store';

const loadingTracker = createLoadingTracker(
  (count) => getAppStore().set(pendingRequestsAtom, count),
  (loading) => getAppStore().set(loadingAtom, loading),
);
onAppStoreReset(() => loadingTracker.reset());

/**
 * The one client every server call of the app goes through: the base URL from the build's environment
 * (`VITE_API_BASE_URL`, default same-origin `/api`), XSRF header on writes, and the activity hook that
 * drives the global loading overlay.
 */
export const api: ApiClient = createApiClient({
  baseUrl: import.meta.env.VITE_API_BASE_URL || undefined,
  onActivity: loadingTracker.track,
  // Writes are refused while the browser is offline, with a clear message (offline/offline.ts).
  fetch: offlineAwareFetch as typeof fetch,
});

/**
 * A 401 means the server has no session for us: a stored user is stale, so forget it and let the
 * route guards send the person to /landing.
 */
api.use({
  onResponse({ response }) {
    if (response.status === 401) {
      const store = getAppStore();
      if (store.get(storedUserAtom)) store.set(storedUserAtom, null);
    }
    return undefined;
  },
});

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** A failed call: HTTP status (0 when the network failed), status text and the parsed body. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly body: unknown;

  constructor(status: number, statusText: string, body: unknown) {
    super(errorMessage(body) ?? (status ? `${status} ${statusText}`.trim() : 'Network request failed'));
    this.name = 'ApiError';
    this.status = status;
    // HTTP/2 and some proxies send no reason phrase; the spec's messages print one.
    this.statusText = statusText || STATUS_TEXT[status] || '';
    this.body = body;
  }

  /** The server's `error.message`, when it sent one. */
  get serverMessage(): string | undefined {
    return errorMessage(this.body);
  }

  /** A write refused before it was sent because the browser is offline (`offlineAwareFetch`). */
  get offline(): boolean {
    const error = (this.body as { error?: { code?: unknown } } | null | undefined)?.error;
    return this.status === 503 && error?.code === OFFLINE_CODE;
  }
}

interface CallResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** Awaits an api call and returns its data, or throws an ApiError for a failed or unreachable call. */
export async function unwrap<T>(call: Promise<CallResult<T>>): Promise<T> {
  let result: CallResult<T>;
  try {
    result = await call;
  } catch (cause) {
    throw new ApiError(0, '', { cause });
  }
  if (!result.response.ok) {
    throw new ApiError(result.response.status, result.response.statusText, result.error);
  }
  return result.data as T;
}
