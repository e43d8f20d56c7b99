#!/usr/bin/env node
// The third end-to-end server: the same API + built web app on its own embedded database, with the
// demo season played live at a test pace (DEMO_PACE from the environment, e.g. 1/1.5) for e2e/live.spec.ts.
// 1. waits for the first e2e server (it builds the web app: `npm start`),
// 2. runs the API (`pnpm start:built`'s command) with its own DATA_DIR and port.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const apiDir = join(root, 'apps', 'api');
const waitFor = process.env.E2E_WAIT_FOR_URL;

async function waitForUrl(url, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

if (waitFor) await waitForUrl(waitFor);

const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: apiDir,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
