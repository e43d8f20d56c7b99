import { createHash } from 'node:crypto';
import scalarReference from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import { loadOpenApi } from './openapi';

/** Where the interactive API reference lives (the contract itself: `${REFERENCE_PATH}/openapi.json`). */
export const REFERENCE_PATH = '/api/docs';

/** `'sha256-…'` CSP sources for every inline `<script>` body in an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The interactive API reference (Scalar) built from `openapi.yaml`, at `/api/docs`.
 *
 * Everything is served from this process: the Scalar bundle ships inside `@scalar/fastify-api-reference`
 * (served at `/api/docs/js/scalar.js`), the contract at `/api/docs/openapi.json` and `.yaml`; no CDN, no
 * web fonts. The page's one inline configuration script is allowed by its hash: the strict
 * Content-Security-Policy of the rest of the app (script-src 'self') stays as it is.
 */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
        return payload;
      }
      const csp = reply.getHeader('content-security-policy');
      const hashes = inlineScriptHashes(payload);
      if (typeof csp === 'string' && hashes.length > 0) {
        reply.header(
          'content-security-policy',
          csp.replace(/script-src ([^;]*)/, (_all, sources: string) => `script-src ${sources} ${hashes.join(' ')}`),
        );
      }
      request.log.debug({ hashes: hashes.length }, 'api reference page');
      return payload;
    });
    await scope.register(scalarReference, {
      routePrefix: REFERENCE_PATH,
      logLevel: 'warn',
      configuration: {
        content: loadOpenApi(),
        pageTitle: 'Fantasy Cricket API reference',
        // Offline: no fonts from Scalar's CDN, no links to Scalar's hosted tools.
        withDefaultFonts: false,
        hideClientButton: true,
        showDeveloperTools: 'never',
        mcp: { disabled: true },
        // No AI agent: on localhost it would fetch Scalar's registry (blocked by connect-src 'self').
        agent: { disabled: true },
        telemetry: false,
      },
    });
  });
}
