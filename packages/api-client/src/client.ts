import createFetchClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './generated/schema';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Reads one cookie from `document.cookie` (undefined outside a browser). */
export function readCookie(name: string, cookieString = globalThis.document?.cookie ?? ''): string | undefined {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** True when `url` (as written by the caller, before the base URL is applied) is relative to this origin. */
function isRelative(url: string): boolean {
  return !/^[a-z][a-z\d+\-.]*:/i.test(url) && !url.startsWith('//');
}

/**
 * Copies cookie XSRF-TOKEN into header X-XSRF-TOKEN on non-GET, non-HEAD requests whose base URL is
 * relative (same origin). Absolute base URLs pointing at another origin never receive the token.
 */
export function xsrfMiddleware(
  baseUrl: string,
  getCookie: () => string | undefined = () => readCookie(XSRF_COOKIE),
): Middleware {
  const relative = isRelative(baseUrl);
  return {
    onRequest({ request }) {
      if (request.method === 'GET' || request.method === 'HEAD' || !relative) return undefined;
      const token = getCookie();
      if (token) request.headers.set(XSRF_HEADER, token);
      return request;
    },
  };
}

export interface ApiHooks {
  /** Called when a request starts and when it settles; drives a global loading indicator. */
  onActivity?: (delta: 1 | -1) => void;
}

/** Counts requests in flight so a screen can show one loading overlay for any number of calls. */
export function activityMiddleware(onActivity: (delta: 1 | -1) => void): Middleware {
  return {
    onRequest() {
      onActivity(1);
      return undefined;
    },
    onResponse() {
      onActivity(-1);
      return undefined;
    },
    onError() {
      onActivity(-1);
      return undefined;
    },
  };
}

export interface CreateApiClientOptions extends ApiHooks {
  /** Defaults to `/api` (same origin). */
  baseUrl?: string;
  /** Defaults to `globalThis.fetch`, read at call time so tests can replace it. */
  fetch?: typeof fetch;
  headers?: Record<string, string>;
}

export type ApiClient = Client<paths>;

/** The one typed client for the Fantasy Cricket API. */
export function createApiClient(options: CreateApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '/api';
  const client = createFetchClient<paths>({
    baseUrl,
    credentials: 'same-origin',
    fetch: options.fetch ?? ((input: Request) => globalThis.fetch(input)),
    headers: options.headers,
  });
  client.use(xsrfMiddleware(baseUrl));
  if (options.onActivity) client.use(activityMiddleware(options.onActivity));
  return client;
}

/** Error body every failing call carries (`{ error: { message } }`). */
export interface ApiErrorBody {
  error?: { message?: string; code?: string };
}

/** The server's message from a failed call, if it sent one. */
export function errorMessage(body: unknown): string | undefined {
  const message = (body as ApiErrorBody | undefined)?.error?.message;
  return typeof message === 'string' && message.length > 0 ? message : undefined;
}
