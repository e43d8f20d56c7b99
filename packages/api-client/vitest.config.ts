import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'api-client', environment: 'happy-dom', include: ['src/**/*.test.ts'] } });
