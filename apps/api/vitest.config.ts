import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: `api-${process.env.DB_TARGET ?? 'pglite'}`,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Registers the results pipeline's subscribers (src/app.ts), as the app and the CLI do.
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own database; two workers fit the 2-core machines.
    maxWorkers: 2,
  },
});
