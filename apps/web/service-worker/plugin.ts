import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const TEMPLATE = new URL('./sw.js', import.meta.url);

/** Public files the shell needs offline besides the build's own (apps/web/public). */
export const SHELL_PUBLIC_FILES = [
  '/index.html',
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/icon-maskable-512.png',
  '/icons/apple-touch-icon.png',
];

/** The worker's source: the template with this build's version and precache list filled in. */
export function serviceWorkerSource(template: string, builtFiles: readonly string[]): string {
  const precache = [...SHELL_PUBLIC_FILES, ...[...builtFiles].sort().map((f) => `/${f}`)];
  const version = createHash('sha256').update(template).update(precache.join('\n')).digest('hex').slice(0, 12);
  return template.replace('__SW_VERSION__', version).replace('/* __SW_PRECACHE__ */ []', JSON.stringify(precache));
}

/**
 * Emits `sw.js` at the root of the build (a hand-written worker, no workbox): the template
 * `service-worker/sw.js` with a version derived from the build's file names (hashed, so any change
 * gives a new version, hence a new cache and an update) and the app shell to precache: every built
 * script and stylesheet (not source maps) plus the public files above. Build only: in `vite dev`
 * there is no worker (main.tsx registers it in production builds only).
 */
export function serviceWorker(): Plugin {
  return {
    name: 'fcl:service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const built = Object.keys(bundle).filter((file) => /\.(?:js|css)$/.test(file));
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: serviceWorkerSource(readFileSync(TEMPLATE, 'utf8'), built),
      });
    },
  };
}
