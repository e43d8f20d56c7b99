import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the app started exactly as the README starts it
 * (`npm start`), on its own port and a fresh data folder (embedded PGlite, file outbox for emails).
 *
 * A second server runs the same app on PostgreSQL (a fresh database on 127.0.0.1:5432) for the picks
 * suite, which moves fixtures' start times with the CLI while the app runs — PGlite is one process's.
 * A third plays the demo season live at a test pace (DEMO_PACE) for the live suite (project `live`);
 * the first keeps the daily demo calendar (DEMO_PACE=daily) that the other suites were written for.
 * E2E_REUSE_SERVERS=1 (with E2E_KEEP_DATA=1) uses servers already running on those ports, to re-run one suite quickly.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E_DATA_DIR = join(import.meta.dirname, 'test-results', 'e2e-data');
export const E2E_PG_PORT = Number(process.env.E2E_PG_PORT ?? 4311);
export const E2E_PG_DATA_DIR = join(import.meta.dirname, 'test-results', 'e2e-data-pg');
export const E2E_PG_DATABASE = process.env.E2E_PG_DATABASE ?? 'fcl_e2e';
export const E2E_PG_DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${E2E_PG_DATABASE}`;
/** Where the vendor suite (e2e/vendor.spec.ts) runs its local Entity Sport server; the PostgreSQL server calls it. */
export const E2E_VENDOR_PORT = Number(process.env.E2E_VENDOR_PORT ?? E2E_PORT + 9);
/** The live suite's server: the demo season played live at a test pace (a T20 in a minute, one every 90 s). */
export const E2E_LIVE_PORT = Number(process.env.E2E_LIVE_PORT ?? 4312);
export const E2E_LIVE_DATA_DIR =
  process.env.E2E_LIVE_DATA_DIR ?? join(import.meta.dirname, 'test-results', 'e2e-data-live');
export const E2E_LIVE_PACE = '1/1.5';
if (!process.env.E2E_KEEP_DATA && !process.env.PLAYWRIGHT_WORKER_INDEX && !process.env.TEST_WORKER_INDEX) {
  rmSync(E2E_DATA_DIR, { recursive: true, force: true });
  rmSync(E2E_PG_DATA_DIR, { recursive: true, force: true });
  rmSync(E2E_LIVE_DATA_DIR, { recursive: true, force: true });
}

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /(live|mobile)\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // Issue 16: every screen at 360×740 and 390×844, and at 1280×800 (the suite sets each size itself).
    {
      name: 'mobile',
      testMatch: /mobile\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], channel: undefined, viewport: { width: 390, height: 844 } },
    },
    {
      name: 'live',
      testMatch: /live\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${E2E_LIVE_PORT}` },
    },
  ],
  webServer: [
    {
      command: 'npm start',
      url: `http://127.0.0.1:${E2E_PORT}/api/faq/`,
      timeout: 300_000,
      reuseExistingServer: Boolean(process.env.E2E_REUSE_SERVERS),
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        APP_URL: `http://127.0.0.1:${E2E_PORT}`,
        // The suite registers and signs in many accounts from one address.
        RATE_LIMIT_MULTIPLIER: '20',
        // The suites were written for the daily demo calendar (fixtures at 10:00 and 14:00 UTC).
        DEMO_PACE: 'daily',
        LOG_LEVEL: 'warn',
      },
    },
    {
      command: 'node scripts/e2e-postgres-server.mjs',
      url: `http://127.0.0.1:${E2E_PG_PORT}/api/faq/`,
      timeout: 400_000,
      reuseExistingServer: Boolean(process.env.E2E_REUSE_SERVERS),
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_PG_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_PG_DATA_DIR,
        APP_URL: `http://127.0.0.1:${E2E_PG_PORT}`,
        E2E_PG_DATABASE,
        E2E_WAIT_FOR_URL: `http://127.0.0.1:${E2E_PORT}/api/faq/`,
        // Only the suite's own season: no demo season, so the series list is predictable.
        DEMO_SEASON: 'off',
        // Lock-time auto-picks and reminders within a second of a fixture starting or entering the window.
        PICK_JOBS_INTERVAL_MS: '1000',
        REMINDER_WINDOW_HOURS: '72',
        // Result emails a second after a result settles (the operator suite reads them).
        RESULT_EMAIL_DELAY_MS: '1000',
        // The vendor suite's local Entity Sport, looked at every second by the vendor sync.
        ENTITYSPORT_BASE_URL: `http://127.0.0.1:${E2E_VENDOR_PORT}/v2`,
        VENDOR_SYNC_TICK_S: '1',
        RATE_LIMIT_MULTIPLIER: '20',
        LOG_LEVEL: 'warn',
      },
    },
    {
      command: 'node scripts/e2e-live-server.mjs',
      url: `http://127.0.0.1:${E2E_LIVE_PORT}/api/faq/`,
      timeout: 400_000,
      reuseExistingServer: Boolean(process.env.E2E_REUSE_SERVERS),
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_LIVE_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_LIVE_DATA_DIR,
        APP_URL: `http://127.0.0.1:${E2E_LIVE_PORT}`,
        E2E_WAIT_FOR_URL: `http://127.0.0.1:${E2E_PORT}/api/faq/`,
        DEMO_PACE: E2E_LIVE_PACE,
        PICK_JOBS_INTERVAL_MS: '1000',
        RATE_LIMIT_MULTIPLIER: '20',
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
