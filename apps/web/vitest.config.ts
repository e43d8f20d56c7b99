import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { aliases } from './vite.config.ts';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  resolve: {
    alias: aliases,
    dedupe: ['react', 'react-dom', 'react-router-dom', 'jotai'],
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    environmentOptions: { happyDOM: { url: 'http://localhost:5173/' } },
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // A screen's first test also pays for loading its module graph: on a loaded 2-core machine that
    // alone can pass vitest's default 5 s.
    testTimeout: 15_000,
  },
});
