import { XSRF_COOKIE, XSRF_HEADER } from '@fantasy-cricket/rules';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { HttpError, apiMessages } from './errors';
import { isWellFormedToken, newToken, safeEqual } from './tokens';

const SAFE_METHODS = new Set(['GET', 'HEAD']);
const HEADER = XSRF_HEADER.toLowerCase();

function isApi(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

/**
 * Double-submit XSRF protection. Any response to a request without a (well-formed) XSRF-TOKEN
 * cookie sets one, readable by the web app; every non-GET/HEAD request under /api must echo it in
 * the X-XSRF-TOKEN header, otherwise 403 before anything else runs.
 */
export function installXsrf(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    const valid = cookie !== undefined && isWellFormedToken(cookie);
    if (!valid) {
      reply.setCookie(XSRF_COOKIE, newToken(), {
        path: '/',
        httpOnly: false,
        sameSite: 'lax',
        secure: config.production,
        maxAge: Math.floor(config.session.absoluteMs / 1000),
      });
    }
    if (SAFE_METHODS.has(request.method) || !isApi(request.url)) return;
    const header = request.headers[HEADER];
    if (!valid || typeof header !== 'string' || !safeEqual(header, cookie)) {
      throw new HttpError(403, apiMessages.xsrf);
    }
  });
}
