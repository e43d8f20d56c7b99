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
      onwarn(warning, warn) {
        // Radix ships "use client" directives, meaningless in a client-only bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
