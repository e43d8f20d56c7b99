import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface WebApp {
  /** Answers a GET for a client-side route (no file): index.html, or the "not built" page. */
  fallback(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

const NOT_BUILT = (dir: string) =>
  `Fantasy Cricket: the web app has not been built yet.\n\nRun \`pnpm build\` at the repository root, then restart the server.\n(Looked for ${dir}/index.html.)\n`;

/**
 * Serves the built single-page app from `dist` at `/`. Hashed assets are cached for a year,
 * index.html, the service worker (`sw.js`) and the web app manifest are always revalidated; any GET
 * outside /api that is not a file gets index.html (client routing).
 * The web build writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file
 * (apps/web/precompress.ts): they are sent as they are to a client that accepts them, with
 * Content-Encoding and `Vary: accept-encoding`; other clients, and files without a copy, get the file.
 */
export async function registerWeb(app: FastifyInstance, dist: string): Promise<WebApp> {
  if (!existsSync(join(dist, 'index.html'))) {
    app.log.warn(`web app not found in ${dist}: run \`pnpm build\` to build it; the API still works`);
    return {
      fallback: (_request, reply) => reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT(dist)),
    };
  }
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    wildcard: true,
    index: 'index.html',
    preCompressed: true,
    setHeaders(reply, sent) {
      // `sent` is the file sent: for a compressed copy, `index.html.br` and the like.
      const path = sent.replace(/\.(?:br|gz)$/, '');
      if (path.endsWith('.html')) reply.header('cache-control', 'no-cache');
      else if (/[/\\]assets[/\\]/.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      else if (/[/\\]sw\.js$/.test(path)) {
        // The service worker: always revalidated (a new build's worker must be found on the next load),
        // and allowed to control the whole origin.
        reply.header('cache-control', 'no-cache');
        reply.header('service-worker-allowed', '/');
      } else if (path.endsWith('.webmanifest')) {
        reply.header('content-type', 'application/manifest+json; charset=utf-8');
        reply.header('cache-control', 'no-cache');
      }
    },
  });
  return {
    fallback: (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html', dist),
  };
}
