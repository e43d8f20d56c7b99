// What the extra end-to-end servers share (scripts/e2e-postgres-server.mjs, scripts/e2e-live-server.mjs):
// waiting for the first server, which builds the web app, and running the built API in the foreground.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const apiDir = join(root, 'apps', 'api');

/** Resolves once `url` answers 2xx; throws after `timeoutMs`. */
export async function waitForUrl(url, timeoutMs = 300_000) {
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

/** Runs the API (`pnpm start:built`'s command) with `env`; signals pass through, its exit is ours. */
export function runApi(env) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: apiDir, stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}
