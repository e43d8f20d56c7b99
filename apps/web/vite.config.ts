import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';
import { serviceWorker } from './service-worker/plugin.ts';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The UI kit and the API client are consumed as source (no prebuild): vanilla-extract compiles the
 * kit's `.css.ts` files as part of this app, so no separate stylesheet import is needed.
 */
export const aliases = {
  // The kit's opt-in page-wide rules (box-sizing, body, reduced motion); listed before the package name,
  // which would otherwise match it as a prefix.
  '@fantasy-cricket/ui/global.css': fromHere('../../packages/ui/src/theme/global.css.ts'),
  '@fantasy-cricket/ui': fromHere('../../packages/ui/src/index.ts'),
  '@fantasy-cricket/api-client': fromHere('../../packages/api-client/src/index.ts'),
};

/**
 * react-router 7's package exports point at its development build only, for production bundles too
 * (remix-run/react-router#14102, open): its dev warnings stay in. Its `dist/production` files are the
 * same code with `ENABLE_DEV_WARNINGS = false`, so the production build uses them and the minifier
 * drops the warnings. Development, tests and stories keep the package's own resolution.
 */
function reactRouterProduction() {
  const fromDom = createRequire(createRequire(import.meta.url).resolve('react-router-dom'));
  const dist = join(dirname(fromDom.resolve('react-router/package.json')), 'dist/production');
  return [
    { find: /^react-router$/, replacement: join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: join(dist, 'dom-export.mjs') },
  ];
}

export default defineConfig(({ command }) => ({
  // serviceWorker: dist/sw.js, the installable app's offline shell (service-worker/plugin.ts).
  // precompress: .br and .gz beside each built text file, for the API's static serving.
  plugins: [react(), vanillaExtractPlugin(), serviceWorker(), precompress()],
  resolve: {
    alias: [
      ...Object.entries(aliases).map(([find, replacement]) => ({ find, replacement })),
      ...(command === 'build' ? reactRouterProduction() : []),
    ],
    dedupe: ['react', 'react-dom', 'react-router-dom', 'jotai'],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // packages/rules only declares constants, messages, schemas and functions. Marked free of side
      // effects, a chunk that imports a message does not drag in every zod schema (and zod itself):
      // the landing and home pages' first load stays within its budget (scripts/check-bundle-budgets.mjs).
      treeshake: { moduleSideEffects: [{ test: /[\\/]packages[\\/]rules[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        // The libraries every page runs (React, the router, jotai) in one chunk: left to itself, Rolldown
        // spread them over several small shared chunks, each fetched and compressed on its own.
        codeSplitting: {
          groups: [
            { name: 'framework', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|jotai)[\\/]/ },
          ],
        },
      },
      onwarn(warning, warn) {
        // Radix ships "use client" directives, meaningless in a client-only bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
}));
