import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** helmet's options (no nonces: the CSP is the same for every answer). */
export interface HelmetOptions {
  contentSecurityPolicy: { useDefaults: boolean; directives: Record<string, string[]> };
  hsts: false | { maxAge: number; includeSubDomains: boolean };
}

type HelmetMiddleware = (
  req: unknown,
  res: { setHeader(name: string, value: string): void; removeHeader(name: string): void },
  next: (err?: unknown) => void,
) => void;

/**
 * The headers helmet sets for these options, computed once at start. The @fastify/helmet plugin ran
 * helmet's whole option parsing — CSP directives included — on every request (12 % of the CPU of a
 * small API answer, profiled); helmet itself is called once here and its headers reused.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const middleware = helmet(options) as unknown as HelmetMiddleware;
  const headers: Record<string, string> = {};
  let failed: unknown;
  middleware(
    {},
    {
      setHeader: (name, value) => {
        headers[name.toLowerCase()] = String(value);
      },
      removeHeader: () => {},
    },
    (err) => {
      failed = err;
    },
  );
  if (failed) throw failed;
  if (!headers['content-security-policy']) throw new Error('helmet set no Content-Security-Policy');
  return headers;
}

/**
 * Sends `headers` with every answer (API, web app, errors, 404s): one synchronous hook that sets
 * precomputed values, instead of helmet's two async hooks per request plus an onSend hook.
 */
export function installSecurityHeaders(app: FastifyInstance, headers: Record<string, string>): void {
  const entries = Object.entries(headers);
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of entries) raw.setHeader(name, value);
    done();
  });
}

/**
 * `Cache-Control: no-store` on every `/api` answer — JSON, errors, 404s, the live event stream, the API
 * reference — so no browser cache, shared proxy or CDN keeps a copy of an answer (most carry a person's
 * leagues, picks or names). Set on the raw response before the route runs, like the headers above, so
 * answers written by hand (the SSE stream, which adds `no-transform`) and error answers carry it too; a
 * route may still set its own (none does). No `/api` answer has an ETag or Last-Modified and the web
 * app never makes conditional requests (TanStack Query refetches in full), so `no-cache` with
 * revalidation would save nothing: `no-store` is the whole policy. The web app's static files
 * (`src/http/web.ts`) keep their own caching: `no-cache` for the HTML shell, a year for hashed assets.
 */
export function installApiNoStore(app: FastifyInstance, isApiPath: (url: string) => boolean): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiPath(request.url)) reply.raw.setHeader('cache-control', API_CACHE_CONTROL);
    done();
  });
}

/** The Cache-Control of every `/api` answer. */
export const API_CACHE_CONTROL = 'no-store';
