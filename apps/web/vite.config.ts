import { fileURLToPath } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The UI kit and the API client are consumed as source (no prebuild): vanilla-extract compiles the
 * kit's `.css.ts` files as part of this app, so no separate stylesheet import is needed.
 */
export const aliases = {
  '@fantasy-cricket/ui': fromHere('../../packages/ui/src/index.ts'),
  '@fantasy-cricket/api-client': fromHere('../../packages/api-client/src/index.ts'),
};

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  resolve: {
    alias: aliases,
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
      onwarn(warning, warn) {
        // Radix ships "use client" directives, meaningless in a client-only bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
