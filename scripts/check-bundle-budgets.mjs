#!/usr/bin/env node
// Byte budgets of the web app's first load, checked on the production build (run `pnpm build` first):
// the JavaScript and CSS a browser must fetch before the landing page and the home page can render,
// gzip-compressed (zlib level 9, as a server or CDN compressing static files ships them).
//
//   node scripts/check-bundle-budgets.mjs           table, exit 1 when a budget is exceeded
//   node scripts/check-bundle-budgets.mjs --json    the same figures as JSON (bench/web.ts reads them)
//   node scripts/check-bundle-budgets.mjs --dist <dir>
//
// A route's first load = what index.html loads (the entry script, its modulepreloads and stylesheets)
// + the route's lazy chunks (its screen, and for /home screens the signed-in shell's layout) and
// everything Vite preloads with them (`__vite__mapDeps` in the entry), closed over static imports.
// What the entry fetches as it starts but no page needs to render (the session check: main.tsx
// imports it after rendering starts) is counted apart, "after render", with its own budget.
// Timings are not checked here: they live in `pnpm bench web` (docs/performance.md).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
/**
 * Budgets in gzip bytes: today's first loads plus a little, so a regression fails the build. `atStart`
 * is all the JavaScript the route fetches as it starts (its first load plus "after render"): for the
 * landing page that is the 100 KB of issue 8 (98.5 KB when it was set, 94.7 KB of it on the render
 * path: react-dom + react + scheduler ~68 KB, react-router in declarative mode ~11 KB). Raise one only
 * with a reason in the commit message.
 */
export const BUDGETS = {
  // Landing all-at-start 100 -> 100.25 KB (measured 100.1 KB): the player-first sign-in (the login
  // form's prefill and return path) and the kit's responsive Stack/Columns in the shared entry. The
  // 100 KB target of issue 8 stands: bringing it back under is open work (docs/performance.md).
  landing: { js: 97 * KB, css: 10 * KB, atStart: 100.25 * KB },
  // Home raised from 120/122 KB by issue 14: TanStack Query in the signed-in shell, measured +11.4 KB
  // (117.7 -> 129.1 KB), then to 136/138 KB by issue 15: the home page's "Live now" card with the live
  // state, lock countdown and the tab's live-topics provider, measured +4.2 KB (129.1 -> 133.3 KB; the
  // stream and its cache updates load only when a screen follows something), then to 144/146 KB by
  // Home putting the player first (decision 0035): their leagues, the one-tap join (its mutation, the
  // Gamer Name field), skeletons, measured +7.5 KB (134.2 -> 141.7 KB). docs/performance.md,
  // "Byte budgets in CI". Home CSS 10 -> 11 KB (measured 10.6 KB): the kit's layout primitives
  // (Columns, responsive Stack: one rule per property and breakpoint) and Home's player-first layout.
  // Home JS 144 -> 145 KB by issue 27 (measured 143.3 -> 144.2 KB): the card offering the site's
  // Player Selection league with team rules, with its one-tap join (decision 0046).
  home: { js: 145 * KB, css: 11 * KB, atStart: 146 * KB },
};
/** The lazy chunks each route renders (apps/web/src/app/routes.tsx): /home screens sit in the lazy shell. */
const ROUTE_CHUNKS = {
  landing: ['landing'],
  home: ['HomeLayout', 'home'],
};
/** Lazy chunks the entry loads as it starts on any route, not needed to render (main.tsx): the session check. */
const STARTUP_CHUNKS = ['session'];
/** Their gzip bytes beyond what the route's first load already has (the API client, for the landing page). */
const AFTER_RENDER_BUDGET = 5 * KB;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const distArg = args.indexOf('--dist');
const dist = resolve(root, distArg >= 0 ? args[distArg + 1] : 'apps/web/dist');
const asJson = args.includes('--json');

function fail(message) {
  console.error(`check-bundle-budgets: ${message}`);
  process.exit(2);
}

if (!existsSync(join(dist, 'index.html'))) fail(`no ${join(dist, 'index.html')}: run \`pnpm build\` first`);
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const attr = (tag, name) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
const local = (href) => href.replace(/^\//, '');
const entry = tags.filter((t) => t.startsWith('<script') && /type="module"/.test(t)).map((t) => attr(t, 'src'));
const preloads = tags.filter((t) => /rel="modulepreload"/.test(t)).map((t) => attr(t, 'href'));
const styles = tags.filter((t) => /rel="stylesheet"/.test(t)).map((t) => attr(t, 'href'));
if (entry.length !== 1 || !entry[0]) fail('index.html has no single module entry script');
const entryFile = local(entry[0]);
const entrySource = readFileSync(join(dist, entryFile), 'utf8');

// Vite's preload table: const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=[…files…])))=>…
const table = /m\.f\|\|\(m\.f=(\[[^\]]*\])/.exec(entrySource);
const depFiles = table ? JSON.parse(table[1]) : [];
// Each lazy route: import(`./landing-HASH.js`),__vite__mapDeps([0,1,2])
const lazy = new Map();
// (or, for an import with code after it, import(`./session-HASH.js`);return{…}},__vite__mapDeps([…]))
for (const m of entrySource.matchAll(
  /import\(["'`]\.\/([^"'`]+\.js)["'`]\)(?:(?!import\()[\s\S]){0,200}?__vite__mapDeps\(\[([\d,\s]*)\]\)/g,
)) {
  const deps = m[2]
    .split(',')
    .filter((s) => s.trim() !== '')
    .map((i) => depFiles[Number(i)]);
  lazy.set(`assets/${m[1]}`, deps);
}

/** Static imports of a chunk (`import{a}from"./x.js"`, `import"./x.js"`), as dist-relative paths. */
function staticImports(file) {
  const src = readFileSync(join(dist, file), 'utf8');
  const out = [];
  for (const m of src.matchAll(/(?:\bfrom|\bimport)\s*["'`](\.\/[^"'`]+\.js)["'`]/g)) {
    out.push(join(dirname(file), m[1]).replace(/\\/g, '/'));
  }
  return out;
}

function closure(files) {
  const seen = new Set();
  const queue = [...files];
  while (queue.length > 0) {
    const f = queue.pop();
    if (seen.has(f)) continue;
    seen.add(f);
    if (f.endsWith('.js')) queue.push(...staticImports(f));
  }
  return seen;
}

const gz = new Map();
function gzipSize(file) {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gz.get(file);
}
function rawSize(file) {
  return readFileSync(join(dist, file)).length;
}

/** The route's lazy chunk: `<name>-<8-character hash>.js` among the entry's dynamic imports. */
function routeChunk(name) {
  const pattern = new RegExp(`^assets/${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-[A-Za-z0-9_-]{8}\\.js$`);
  const found = [...lazy.keys()].filter((f) => pattern.test(f));
  if (found.length !== 1) fail(`expected one lazy chunk for route "${name}", found ${found.length}`);
  return found[0];
}

const initial = [entryFile, ...preloads.map(local)];
const report = {};
for (const [route, budget] of Object.entries(BUDGETS)) {
  const chunks = ROUTE_CHUNKS[route].map(routeChunk);
  const deps = chunks.flatMap((chunk) => lazy.get(chunk) ?? []);
  const files = closure([...initial, ...chunks, ...deps.filter((f) => f.endsWith('.js'))]);
  const css = new Set([...styles.map(local), ...deps.filter((f) => f.endsWith('.css'))]);
  const js = [...files].filter((f) => f.endsWith('.js'));
  const sum = (list, size) => list.reduce((s, f) => s + size(f), 0);
  const startup = STARTUP_CHUNKS.map(routeChunk);
  const later = [
    ...closure([...startup, ...startup.flatMap((c) => lazy.get(c) ?? []).filter((f) => f.endsWith('.js'))]),
  ].filter((f) => !files.has(f));
  report[route] = {
    chunk: chunks.join(' + '),
    js: { files: js.length, gzip: sum(js, gzipSize), raw: sum(js, rawSize), budget: budget.js },
    css: { files: css.size, gzip: sum([...css], gzipSize), raw: sum([...css], rawSize), budget: budget.css },
    afterRender: {
      files: later.length,
      gzip: sum(later, gzipSize),
      raw: sum(later, rawSize),
      budget: AFTER_RENDER_BUDGET,
    },
    atStart: {
      files: js.length + later.length,
      gzip: sum(js, gzipSize) + sum(later, gzipSize),
      raw: sum(js, rawSize) + sum(later, rawSize),
      budget: budget.atStart,
    },
  };
}

const over = Object.entries(report).flatMap(([route, r]) =>
  ['js', 'css', 'afterRender', 'atStart'].filter((k) => r[k].gzip > r[k].budget).map((k) => `${route} ${k}`),
);
if (asJson) {
  console.log(JSON.stringify({ dist, gzipLevel: 9, routes: report, over }, null, 2));
} else {
  const kb = (n) => `${(n / KB).toFixed(1)} KB`;
  console.log('first-load bytes (gzip level 9)   files   gzip      budget    raw');
  for (const [route, r] of Object.entries(report)) {
    for (const k of ['js', 'css', 'afterRender', 'atStart']) {
      const x = r[k];
      const mark = x.gzip > x.budget ? 'OVER' : 'ok';
      const label =
        { afterRender: `${route} js after render`, atStart: `${route} js, all at start` }[k] ?? `${route} ${k}`;
      console.log(
        `${label.padEnd(32)}  ${String(x.files).padStart(5)}   ${kb(x.gzip).padStart(8)}  ${kb(x.budget).padStart(8)}  ${kb(x.raw).padStart(9)}  ${mark}`,
      );
    }
  }
}
if (over.length > 0) {
  if (!asJson) console.error(`check-bundle-budgets: over budget: ${over.join(', ')}`);
  process.exit(1);
}
