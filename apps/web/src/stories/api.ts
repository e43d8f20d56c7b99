import type { paths, Schema } from '@fantasy-cricket/api-client';
import { HttpResponse } from 'msw';
import { createOpenApiHttp } from 'openapi-msw';

/**
 * msw's `http`, typed by the contract (the `paths` generated from openapi.yaml): only the contract's
 * paths and methods are accepted, and `response(status).json(body)` only takes the body the contract
 * declares for that status. The base is the app client's (`/api`), so the screens call it unchanged.
 *
 * ```ts
 * http.get('/league/userLeagues/{userId}', ({ response }) => response(200).json({ data: [makeLeague()] }))
 * ```
 */
export const http = createOpenApiHttp<paths>({ baseUrl: '/api' });

/**
 * A failure the contract does not document per operation: a 500 from the server (or a proxy) with the
 * contract's error body. Use it as `response.untyped(serverError())`; the body is still typed.
 */
export function serverError(message = 'Something went wrong on our side.'): Response {
  const body: Schema<'Error'> = { error: { message } };
  return HttpResponse.json(body, { status: 500, statusText: 'Internal Server Error' });
}

/** The signed-in user's leagues (`GET /league/userLeagues/{userId}`), which most signed-in screens start with. */
export const userLeagues = (data: Schema<'League'>[]) => [
  http.get('/league/userLeagues/{userId}', ({ response }) => response(200).json({ data })),
];

/** The same call failing with a 500. */
export const userLeaguesFail = () => [
  http.get('/league/userLeagues/{userId}', ({ response }) => response.untyped(serverError())),
];
