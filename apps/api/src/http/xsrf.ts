import { XSRF_COOKIE, XSRF_HEADER } from '@fantasy-cricket/rules';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { HttpError, apiMessages } from './errors';
import { SESSION_COOKIE, setXsrfCookie, xsrfTokenFor } from './session';
import { isWellFormedToken, newToken, safeEqual } from './tokens';

const SAFE_METHODS = new Set(['GET', 'HEAD']);
const HEADER = XSRF_HEADER.toLowerCase();

function isApi(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

/**
 * Double-submit XSRF protection, tied to the session. With a session cookie the XSRF-TOKEN must be
 * that session's token (`xsrfTokenFor`: an HMAC keyed with the session cookie), so a token from
 * another session, or an anonymous one, is refused. Without a session cookie (sign-in, registration,
 * before there is a session) any well-formed random token is accepted. Any response to a request
 * whose XSRF-TOKEN cookie does not fit sets the right one; sign-in and sign-out set it again when the
 * session changes (`setSessionCookie`, `clearSessionCookie`). Every non-GET/HEAD request under /api
 * must echo the cookie in the X-XSRF-TOKEN header, otherwise 403 before anything else runs.
 */
export function installXsrf(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    const session = request.cookies[SESSION_COOKIE];
    const bound = session !== undefined && isWellFormedToken(session) ? xsrfTokenFor(session) : null;
    const valid = cookie !== undefined && (bound === null ? isWellFormedToken(cookie) : safeEqual(cookie, bound));
    if (!valid) setXsrfCookie(reply, bound ?? newToken(), config);
    if (SAFE_METHODS.has(request.method) || !isApi(request.url)) return;
    const header = request.headers[HEADER];
    if (!valid || typeof header !== 'string' || !safeEqual(header, cookie)) {
      throw new HttpError(403, apiMessages.xsrf);
    }
  });
}
