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
 * index.html never; any GET outside /api that is not a file gets index.html (client routing).
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
    setHeaders(reply, path) {
      if (path.endsWith('.html')) reply.header('cache-control', 'no-cache');
      else if (/[/\\]assets[/\\]/.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  return {
    fallback: (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html', dist),
  };
}
