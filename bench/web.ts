import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteerCore from 'puppeteer-core';
import { freshBenchDb, withDb } from './lib/db';
import { CHROMIUM, CHROMIUM_FLAGS, QUICK, ROOT } from './lib/env';
import { startApi } from './lib/proc';
import { type BenchReport, fmt, log, median, type TargetCheck, timed } from './lib/report';
import { createUsers, sessionFor } from './lib/seed';

/**
 * 5. Web: the first-load JavaScript and CSS (gzip) of the landing and home routes, from the production
 * build (`pnpm build`, then scripts/check-bundle-budgets.mjs, the same figures CI checks), and the
 * Lighthouse performance score (desktop preset, Debian's Chromium) of both pages served by the API as
 * in production (main.ts with the demo season). /home is measured signed in: a session cookie and the
 * stored user are put in the browser first, and the HTTP cache is cleared before each run.
 */

const run = promisify(execFile);
const RUNS = QUICK ? 1 : 3;
const LANDING_JS_TARGET = 100 * 1024;

interface Budgets {
  routes: Record<string, { chunk: string; js: Bytes; css: Bytes; afterRender: Bytes; atStart: Bytes }>;
  over: string[];
}
interface Bytes {
  files: number;
  gzip: number;
  raw: number;
  budget: number;
}

interface LighthouseRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  transferKb: number;
}

async function budgets(): Promise<Budgets> {
  try {
    const { stdout } = await run(process.execPath, ['scripts/check-bundle-budgets.mjs', '--json'], { cwd: ROOT });
    return JSON.parse(stdout) as Budgets;
  } catch (e) {
    const out = (e as { stdout?: string }).stdout;
    if (out) return JSON.parse(out) as Budgets; // exit 1: over budget, figures still printed
    throw e;
  }
}

/** The little of puppeteer-core (Lighthouse's own dependency) used here. */
interface Puppeteer {
  connect(o: { browserURL: string }): Promise<{
    newPage(): Promise<{
      goto(url: string, o: { waitUntil: 'load' }): Promise<unknown>;
      evaluate(fn: (u: string) => void, arg: string): Promise<unknown>;
      createCDPSession(): Promise<{ send(method: 'Network.clearBrowserCache'): Promise<unknown> }>;
    }>;
    setCookie(
      ...cookies: { name: string; value: string; domain: string; path: string; httpOnly: boolean }[]
    ): Promise<void>;
    disconnect(): Promise<void>;
  }>;
}
type BrowserGlobal = { localStorage: { setItem(key: string, value: string): void } };

async function lighthouseRuns(origin: string, cookie: { name: string; value: string }, user: unknown) {
  const puppeteer = puppeteerCore as unknown as Puppeteer;
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  const out: Record<string, LighthouseRun[]> = { landing: [], home: [] };
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    for (const [route, signedIn] of [
      ['landing', false],
      ['home', true],
    ] as const) {
      for (let i = 0; i < RUNS; i++) {
        if (signedIn) {
          await page.goto(`${origin}/landing`, { waitUntil: 'load' });
          await page.evaluate(
            (u) => (globalThis as unknown as BrowserGlobal).localStorage.setItem('user', u),
            JSON.stringify(user),
          );
          await browser.setCookie({ ...cookie, domain: new URL(origin).hostname, path: '/', httpOnly: true });
          await cdp.send('Network.clearBrowserCache');
        }
        const result = await lighthouse(
          `${origin}/${route}`,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            disableStorageReset: signedIn,
          },
          desktopConfig,
        );
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for /${route}`);
        if (lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.includes(`/${route}`))
          throw new Error(`/${route} ended on ${lhr.finalDisplayedUrl} (signed-in state lost?)`);
        const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
        out[route]!.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          fcp: num('first-contentful-paint'),
          lcp: num('largest-contentful-paint'),
          tbt: num('total-blocking-time'),
          cls: num('cumulative-layout-shift'),
          si: num('speed-index'),
          transferKb: num('total-byte-weight') / 1024,
        });
        log(`web: Lighthouse /${route} run ${i + 1}: ${out[route]!.at(-1)!.score}`);
      }
    }
    await browser.disconnect();
  } finally {
    await chrome.kill();
  }
  return out;
}

export async function web(): Promise<BenchReport> {
  let buildMs = 0;
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    log('web: pnpm build');
    buildMs = (await timed(() => run('pnpm', ['build'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }))).ms;
  }
  const b = await budgets();
  const bench = await freshBenchDb('postgres', 'web');
  const [userId] = await withDb(bench, ({ db }) => createUsers(db, 1, 'web'));
  const api = await startApi({
    name: 'api-web',
    databaseUrl: bench.url,
    dataDir: bench.dataDir,
    env: { DEMO_SEASON: 'on' },
  });
  let lh: Record<string, LighthouseRun[]>;
  try {
    const token = await withDb(bench, ({ db }) => sessionFor(db, userId!));
    const user = { userId, firstName: 'Bench', lastName: 'web 1', email: 'web-1@bench.invalid' };
    log('web: Lighthouse (desktop preset)');
    lh = await lighthouseRuns(api.url, { name: 'fcl_sid', value: token }, user);
  } finally {
    await api.stop();
  }
  const med = (route: string, k: keyof LighthouseRun) => median((lh[route] ?? []).map((r) => r[k]));
  const landing = b.routes.landing!;
  const targets: TargetCheck[] = [
    {
      name: 'web: landing route JavaScript fetched at start (gzip; first load + after render)',
      target: '≤ 100 KB',
      measured: `${fmt.kb(landing.atStart.gzip)} (render path ${fmt.kb(landing.js.gzip)})`,
      met: landing.atStart.gzip <= LANDING_JS_TARGET,
    },
    ...['landing', 'home'].map((route) => ({
      name: `web: Lighthouse performance, /${route}, desktop preset (median of ${RUNS})`,
      target: '≥ 95',
      measured: String(med(route, 'score')),
      met: med(route, 'score') >= 95,
    })),
    ...Object.entries(b.routes).map(([route, r]) => ({
      name: `web: CI byte budgets, ${route} (scripts/check-bundle-budgets.mjs)`,
      target: `js ≤ ${fmt.kb(r.js.budget)}, at start ≤ ${fmt.kb(r.atStart.budget)}, css ≤ ${fmt.kb(r.css.budget)}`,
      measured: `${fmt.kb(r.js.gzip)}, ${fmt.kb(r.atStart.gzip)}, ${fmt.kb(r.css.gzip)}`,
      met: r.js.gzip <= r.js.budget && r.atStart.gzip <= r.atStart.budget && r.css.gzip <= r.css.budget,
    })),
  ];
  return {
    name: 'web',
    title: '5. Web: first-load bytes of the production build, and Lighthouse (desktop preset, Debian Chromium)',
    tables: [
      {
        title: 'web: first load (gzip level 9)',
        columns: ['route', 'JS files', 'JS gzip', 'JS raw', 'CSS gzip', 'CSS raw', 'route chunk'],
        rows: Object.entries(b.routes).map(([route, r]) => [
          route,
          r.js.files,
          fmt.kb(r.js.gzip),
          fmt.kb(r.js.raw),
          fmt.kb(r.css.gzip),
          fmt.kb(r.css.raw),
          r.chunk,
        ]),
        notes: [buildMs ? `pnpm build: ${(buildMs / 1000).toFixed(0)} s` : 'build skipped (BENCH_SKIP_BUILD=1)'],
      },
      {
        title: `web: Lighthouse (median of ${RUNS})`,
        columns: ['page', 'score', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'Speed Index ms', 'transfer KB', 'scores'],
        rows: ['landing', 'home'].map((route) => [
          `/${route}`,
          med(route, 'score'),
          fmt.ms(med(route, 'fcp')),
          fmt.ms(med(route, 'lcp')),
          fmt.ms(med(route, 'tbt')),
          med(route, 'cls').toFixed(3),
          fmt.ms(med(route, 'si')),
          fmt.n(med(route, 'transferKb')),
          (lh[route] ?? []).map((r) => r.score).join(' '),
        ]),
        notes: ['served by apps/api/src/main.ts (the built app from apps/web/dist), demo season on, loopback'],
      },
    ],
    targets,
    data: { buildMs, budgets: b, lighthouse: lh },
  };
}
