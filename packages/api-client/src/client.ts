import createFetchClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './generated/schema';

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

/** The call that gives a browser its XSRF-TOKEN cookie when it has none: any answer of the API sets it. */
export const XSRF_PRIME_PATH = '/session';

export interface XsrfOptions {
  /** Reads the XSRF-TOKEN cookie; defaults to `document.cookie`. */
  getCookie?: () => string | undefined;
  /** The fetch the priming `GET {baseUrl}/session` goes through; defaults to `globalThis.fetch`. */
  fetch?: (input: Request) => Promise<Response>;
}

/**
 * Copies cookie XSRF-TOKEN into header X-XSRF-TOKEN on non-GET, non-HEAD requests whose base URL is
 * relative (same origin). Absolute base URLs pointing at another origin never receive the token.
 *
 * The server sets the cookie on its answers, so a first unsafe call (a sign-in on a fresh page) would
 * have none to echo and be refused with 403. When the cookie is missing, the middleware first makes one
 * `GET {baseUrl}/session` (which sets it) and waits for it; concurrent unsafe calls share that one
 * request. If the cookie is still missing afterwards (cookies blocked), the call goes out without the
 * header and the server's 403 says why.
 */
export function xsrfMiddleware(
  baseUrl: string,
  getCookieOrOptions: (() => string | undefined) | XsrfOptions = {},
): Middleware {
  const options = typeof getCookieOrOptions === 'function' ? { getCookie: getCookieOrOptions } : getCookieOrOptions;
  const getCookie = options.getCookie ?? (() => readCookie(XSRF_COOKIE));
  const fetchImpl = options.fetch ?? ((input: Request) => globalThis.fetch(input));
  const relative = isRelative(baseUrl);
  let priming: Promise<void> | undefined;
  const prime = () => {
    priming ??= (async () => {
      try {
        const url = `${baseUrl.replace(/\/+$/, '')}${XSRF_PRIME_PATH}`;
        const response = await fetchImpl(
          new Request(new URL(url, globalThis.location?.href), {
            method: 'GET',
            credentials: 'same-origin',
            cache: 'no-store',
          }),
        );
        await response.body?.cancel();
      } catch {
        // No cookie then: the unsafe call goes out and the server answers 403 with its message.
      } finally {
        priming = undefined;
      }
    })();
    return priming;
  };
  return {
    async onRequest({ request }) {
      if (request.method === 'GET' || request.method === 'HEAD' || !relative) return undefined;
      let token = getCookie();
      if (!token) {
        await prime();
        token = getCookie();
      }
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
  const fetchImpl = options.fetch ?? ((input: Request) => globalThis.fetch(input));
  const client = createFetchClient<paths>({
    baseUrl,
    credentials: 'same-origin',
    fetch: fetchImpl,
    headers: options.headers,
  });
  client.use(xsrfMiddleware(baseUrl, { fetch: fetchImpl }));
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

/** The answer of `POST /user/authenticate_user` (200 either way: `status` says whether it worked). */
export type LoginResult = components['schemas']['LoginResult'];
/** A successful sign-in: the session cookie is set and the member's details are there. */
export type LoginSuccess = LoginResult & {
  status: 'success';
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
};
/** A refused sign-in (unknown email or wrong password): HTTP 200 with `status: "failure"`. */
export type LoginFailure = LoginResult & { status: 'failure' };

/** What the spec's login screen shows when `status` is not 'success'. */
export const LOGIN_FAILURE_MESSAGE = 'Invalid credentials, please try again.';

/** True for the sign-in's "200 with status failure" answer (the spec's shape), which is not an HTTP error. */
export function isLoginFailure(data: LoginResult | undefined): data is LoginFailure {
  return data !== undefined && data.status !== 'success';
}

/**
 * A refused sign-in as an error with the same `{ error: { message } }` shape as the API's failed calls,
 * so `errorMessage(err)` reads it like any other: the server's message, else LOGIN_FAILURE_MESSAGE.
 */
export class LoginFailedError extends Error {
  readonly error: { message: string; code: 'login_failed' };
  readonly result: LoginFailure;
  constructor(result: LoginFailure) {
    const message = result.message && result.message.length > 0 ? result.message : LOGIN_FAILURE_MESSAGE;
    super(message);
    this.name = 'LoginFailedError';
    this.error = { message, code: 'login_failed' };
    this.result = result;
  }
}

/**
 * The success or a thrown error: LoginFailedError for `status: "failure"`, and for a 4xx/5xx an Error whose
 * `error` is the server's body (`errorMessage(err)` gives its message; 400 'Email verification is
 * pending…', 429 with the wait).
 */
export function loginResultOrThrow(answer: { data?: LoginResult; error?: unknown; response: Response }): LoginSuccess {
  const { data, error, response } = answer;
  if (data === undefined) {
    const message = errorMessage(error) ?? `Login failed: ${response.status} ${response.statusText}`.trim();
    throw Object.assign(new Error(message), { error: { message }, status: response.status });
  }
  if (isLoginFailure(data) || data.user_id === undefined) throw new LoginFailedError({ ...data, status: 'failure' });
  return data as LoginSuccess;
}

/** Signs in: `await login(api, { email, password })` → LoginSuccess, or throws (see loginResultOrThrow). */
export async function login(api: ApiClient, body: { email: string; password: string }): Promise<LoginSuccess> {
  return loginResultOrThrow(await api.POST('/user/authenticate_user', { body }));
}
