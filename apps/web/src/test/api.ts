import type { paths } from '@fantasy-cricket/api-client';
import { vi } from 'vitest';

type Method = 'get' | 'post' | 'put' | 'delete';
type Path = keyof paths;

/** Methods a path of the contract defines. */
type MethodsOf<P extends Path> = {
  [M in Method]: paths[P][M] extends { responses: object } ? M : never;
}[Method];

type Responses<P extends Path, M extends Method> = paths[P][M] extends { responses: infer R } ? R : never;

/** The JSON body the contract declares for one status of one operation. */
export type JsonOf<P extends Path, M extends Method, S extends keyof Responses<P, M>> = Responses<P, M>[S] extends {
  content: { 'application/json': infer J };
}
  ? J
  : undefined;

export interface CapturedRequest {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

type Reply = { status: number; body?: unknown; statusText?: string } | Promise<Response> | Response;

interface Route {
  method: string;
  pattern: RegExp;
  reply: (request: CapturedRequest) => Reply | Promise<Reply>;
}

/**
 * One stubbed answer, typed by the contract: `reply('/user/authenticate_user', 'post', 200, {...})`.
 * `body` must be the JSON the contract declares for that status.
 */
export function reply<P extends Path, M extends MethodsOf<P>, S extends keyof Responses<P, M> & number>(
  path: P,
  method: M,
  status: S,
  body: JsonOf<P, M, S> | ((request: CapturedRequest) => JsonOf<P, M, S>),
  statusText?: string,
): Route {
  const pattern = new RegExp(`^/api${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
  return {
    method: method.toUpperCase(),
    pattern,
    reply: (request) => ({
      status,
      statusText,
      body: typeof body === 'function' ? (body as (r: CapturedRequest) => unknown)(request) : body,
    }),
  };
}

/** An answer decided by the test, e.g. one that never settles or settles on demand. */
export function custom(
  path: Path,
  method: Method,
  respond: (request: CapturedRequest) => Reply | Promise<Reply>,
): Route {
  return {
    method: method.toUpperCase(),
    pattern: new RegExp(`^/api${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    reply: respond,
  };
}

/** A failure the contract does not document (a 5xx from the server or a proxy), with an error body. */
export function serverFailure(path: Path, method: Method, status = 500, message = 'Something broke.'): Route {
  return custom(path, method, () => jsonResponse(status, apiError(message)));
}

/** A JSON error body as the API sends it. */
export function apiError(message: string, extra: Record<string, unknown> = {}) {
  return { error: { message }, ...extra };
}

export function jsonResponse(status: number, body: unknown, statusText = ''): Response {
  const noBody = status === 204 || body === undefined;
  return new Response(noBody ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: noBody ? {} : { 'Content-Type': 'application/json' },
  });
}

const OPERATOR_STATUS_PATH = '/api/operator/status';
const USER_LEAGUES_PATH = /^\/api\/league\/userLeagues\/[^/]+$/;

/**
 * Replaces fetch with the given routes (first match wins). Unmatched calls fail the test loudly, except
 * the shell's own calls: operator status, answered "not an operator", and the user's leagues (the
 * sidebar's count of join requests), answered "no leagues", unless stubbed.
 * Returns the requests seen, for assertions on payloads and headers.
 */
export function mockApi(...routes: Route[]) {
  const requests: CapturedRequest[] = [];
  const fetchMock = vi.fn(async (input: Request | string | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
    const captured: CapturedRequest = {
      method: request.method,
      path: url.pathname,
      url,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    const route = routes.find((r) => r.method === request.method && r.pattern.test(url.pathname));
    // The signed-in shell asks on every screen whether the user is a site operator (its console link).
    // Unless the test stubs that call, the answer is "not an operator" and the call stays out of `requests`.
    if (!route && request.method === 'GET' && url.pathname === OPERATOR_STATUS_PATH) {
      return jsonResponse(200, { Operator: false });
    }
    // Likewise its sidebar reads the user's leagues (join requests waiting): none unless stubbed.
    if (!route && request.method === 'GET' && USER_LEAGUES_PATH.test(url.pathname)) {
      return jsonResponse(200, { data: [] });
    }
    requests.push(captured);
    if (!route) throw new Error(`No stubbed answer for ${request.method} ${url.pathname}`);
    const answer = await route.reply(captured);
    if (answer instanceof Response) return answer;
    return jsonResponse(answer.status, answer.body, answer.statusText);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetch: fetchMock };
}
