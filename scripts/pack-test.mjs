#!/usr/bin/env node
// Proof from outside: the two published packages work for a team that is not in this repository.
// (Over 500 lines on purpose: one script, read top to bottom, that builds and drives the outside project.)
//
//   1. `pnpm pack` packages/ui and packages/api-client (run `pnpm build` first: the tarballs hold dist/).
//   2. A fresh project in os.tmpdir() installs the two tarballs plus react, react-dom, typescript and the
//      React/Node types (from the local pnpm store when present, otherwise the npm registry).
//   3. `tsc --noEmit` on code that uses both packages with full types, strict, skipLibCheck off (our .d.ts
//      files are checked too), including lines that only compile when the contract's types are there.
//   4. The compiled code runs under Node: renders Button and DataTable with react-dom/server, finds their
//      classes in the packaged stylesheet, and calls a running API (started here on a free port with a
//      temporary DATA_DIR and DEMO_SEASON=off): GET /faq/, GET /session and GET /live/fixtures through the typed client.
//   5. The READMEs' browser quick starts in a second fresh project, a Vite + React app, built for production:
//      the JavaScript and CSS a bare React app, a Button-only app and a Button + DataTable + Modal app ship
//      (gzip), failing when the Button-only app adds more than BUDGET over the bare one (tree-shaking).
//   6. That app, served by `vite preview` with the client README's `/api` proxy in front of the API, runs in
//      headless Chromium: its first call is a sign-in POST (no GET before it: the client gets the XSRF cookie
//      itself) answered "200 status failure", which `login()` turns into an error errorMessage() reads.
//
// Prints "pack test: PASS" or "pack test: FAIL — <reason>" and exits non-zero on failure.
// Usage: node scripts/pack-test.mjs [--keep]   (--keep leaves the temporary project for inspection)
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const keep = process.argv.includes('--keep');
const started = Date.now();
const work = mkdtempSync(join(tmpdir(), 'fc-pack-test-'));
let api;
let preview;

/**
 * Budgets of the Button-only app over a bare React app (gzip level 9, Vite production build). Measured:
 * +2.7 KB JavaScript (Button, Spinner, Radix Slot, the recipes runtime), 2.7 KB CSS (theme.css + button.css).
 * Before per-component entries the same app added 43.9 KB of JavaScript and 8.5 KB of CSS.
 */
const BUDGET = { buttonJs: 4 * 1024, buttonCss: 4 * 1024 };

const log = (msg) => console.log(`» ${msg} (${Math.round((Date.now() - started) / 1000)} s)`);
function run(cmd, args, cwd, env = {}) {
  return execFileSync(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    .toString()
    .trim();
}
function fail(reason, detail) {
  if (detail) console.error(String(detail));
  console.error(`pack test: FAIL — ${reason}`);
  cleanup();
  process.exit(1);
}
function cleanup() {
  if (api && api.exitCode === null) api.kill('SIGTERM');
  if (preview && preview.exitCode === null) preview.kill('SIGTERM');
  if (keep) console.log(`(kept ${work})`);
  else rmSync(work, { recursive: true, force: true });
}
function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}
function pinned(name) {
  // The versions this repository itself is tested with.
  const pkgs = [join(ROOT, 'package.json'), join(ROOT, 'packages/ui/package.json')];
  for (const file of pkgs) {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    const v = json.devDependencies?.[name] ?? json.dependencies?.[name];
    if (v) return v;
  }
  throw new Error(`no pinned version for ${name}`);
}

// ── 1. pack ────────────────────────────────────────────────────────────────────────────────────────
const tarballs = join(work, 'tarballs');
mkdirSync(tarballs);
for (const pkg of ['ui', 'api-client']) {
  const dir = join(ROOT, 'packages', pkg);
  if (!existsSync(join(dir, 'dist', 'index.d.ts'))) fail(`packages/${pkg}/dist is missing: run \`pnpm build\` first`);
  try {
    run('pnpm', ['pack', '--pack-destination', tarballs], dir);
  } catch (err) {
    fail(`pnpm pack failed in packages/${pkg}`, err.stderr);
  }
}
const tgz = readdirSync(tarballs);
const uiTgz = tgz.find((f) => f.startsWith('fantasy-cricket-ui-'));
const clientTgz = tgz.find((f) => f.startsWith('fantasy-cricket-api-client-'));
if (!uiTgz || !clientTgz) fail(`expected two tarballs, got: ${tgz.join(', ')}`);
log(`packed ${uiTgz}, ${clientTgz}`);
const mustContain = {
  [uiTgz]: [
    'README.md',
    'CHANGELOG.md',
    'dist/index.js',
    'dist/button.js',
    'dist/button.css',
    'dist/global.css',
    'dist/theme.css',
  ],
  [clientTgz]: ['README.md', 'CHANGELOG.md', 'dist/index.js', 'dist/index.d.ts'],
};
for (const [file, expected] of Object.entries(mustContain)) {
  const listed = run('tar', ['-tzf', join(tarballs, file)], work).split('\n');
  const missing = expected.filter((f) => !listed.includes(`package/${f}`));
  if (missing.length > 0) fail(`${file} does not contain ${missing.join(', ')} (package.json "files")`);
}

// ── 2. a consumer project outside the repository ───────────────────────────────────────────────────
const app = join(work, 'consumer');
mkdirSync(join(app, 'src'), { recursive: true });
writeFileSync(
  join(app, 'package.json'),
  JSON.stringify(
    {
      name: 'pack-test-consumer',
      private: true,
      type: 'module',
      dependencies: {
        '@fantasy-cricket/ui': `file:../tarballs/${uiTgz}`,
        '@fantasy-cricket/api-client': `file:../tarballs/${clientTgz}`,
        react: pinned('react'),
        'react-dom': pinned('react-dom'),
      },
      devDependencies: {
        typescript: pinned('typescript'),
        '@types/react': pinned('@types/react'),
        '@types/react-dom': pinned('@types/react-dom'),
        '@types/node': pinned('@types/node'),
      },
    },
    null,
    2,
  ),
);
writeFileSync(
  join(app, 'tsconfig.json'),
  JSON.stringify(
    {
      compilerOptions: {
        target: 'es2022',
        module: 'nodenext',
        moduleResolution: 'nodenext',
        jsx: 'react-jsx',
        strict: true,
        noUncheckedIndexedAccess: true,
        skipLibCheck: false,
        types: ['node'],
        outDir: 'out',
        rootDir: 'src',
      },
      include: ['src'],
    },
    null,
    2,
  ),
);
// What a bundler's client types (e.g. vite/client) declare for stylesheet imports.
writeFileSync(join(app, 'src', 'css.d.ts'), "declare module '*.css';\n");
// Typed only (Node cannot import CSS): the documented stylesheet entry point resolves for TypeScript.
writeFileSync(
  join(app, 'src', 'styles.ts'),
  "import '@fantasy-cricket/ui/styles.css';\nimport '@fantasy-cricket/ui/theme.css';\nimport '@fantasy-cricket/ui/button.css';\nimport '@fantasy-cricket/ui/global.css';\n",
);
writeFileSync(
  join(app, 'src', 'main.tsx'),
  `import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApiClient, errorMessage, type paths, type Schema } from '@fantasy-cricket/api-client';
import {
  Button,
  type ButtonProps,
  buttonVariants,
  createDataTableColumnHelper,
  DataTable,
  lightTheme,
  vars,
} from '@fantasy-cricket/ui';
// The per-component entry points are the same components with the same types.
import { Button as ButtonEntry, type ButtonProps as ButtonEntryProps } from '@fantasy-cricket/ui/button';
import { Modal } from '@fantasy-cricket/ui/modal';
import { darkTheme } from '@fantasy-cricket/ui/theme';
import { renderToString } from 'react-dom/server';

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

// ── the kit ──
const variant: ButtonProps['variant'] = 'danger';
check(buttonVariants.includes(variant), 'buttonVariants lists danger');
// @ts-expect-error — 'huge' is not a Button size: only compiles when the kit's types are present.
const wrong: ButtonProps = { size: 'huge' };
void wrong;

const button = renderToString(<Button variant={variant}>Delete Profile</Button>);
check(ButtonEntry === Button, '@fantasy-cricket/ui/button is the same Button as the barrel');
const entryProps: ButtonEntryProps = { variant: 'ghost' };
check(renderToString(<ButtonEntry {...entryProps}>Go</ButtonEntry>).startsWith('<button'), 'Button from its entry');
check(typeof Modal === 'object' && darkTheme.length > 0, 'the modal and theme entries');
check(button.includes('Delete Profile') && button.startsWith('<button'), \`Button rendered: \${button}\`);

type Row = { name: string; points: number };
const col = createDataTableColumnHelper<Row>();
const columns = col.columns([
  col.accessor('name', { header: 'Member', meta: { rowHeader: true } }),
  col.accessor('points', { header: 'Points', meta: { align: 'end' } }),
]);
const table = renderToString(
  <DataTable columns={columns} data={[{ name: 'SixerSam', points: 412 }]} caption="Leaderboard" emptyMessage="None" />,
);
check(table.includes('SixerSam') && table.includes('<caption'), 'DataTable rendered');

const css = readFileSync(fileURLToPath(import.meta.resolve('@fantasy-cricket/ui/styles.css')), 'utf8');
const classes = [...button.matchAll(/class="([^"]+)"/g)].flatMap((m) => (m[1] ?? '').split(' '));
// The recipe's base class and the chosen variant's class are styled (unstyled variant slots are not emitted).
const styled = classes.filter((c) => css.includes(\`.\${c}\`));
check(classes[0] !== undefined && styled.includes(classes[0]), \`Button's base class is in styles.css: \${classes[0]}\`);
check(styled.some((c) => c.includes('danger')), 'the danger variant class is in styles.css');
check(css.includes(\`.\${lightTheme}\`), 'the light theme class is in styles.css');
// The page-wide rules are opt-in: styles.css leaves the host's body and box-sizing alone; global.css has them.
// A selector that starts a rule (after a brace, a comma or the start), not ".x > *" inside a component rule.
const pageWide = /(^|[{},])\\s*(body|html|\\*)\\s*[{,]/;
check(!pageWide.test(css), 'styles.css has no page-wide rules (body, html, *)');
const globalCss = readFileSync(fileURLToPath(import.meta.resolve('@fantasy-cricket/ui/global.css')), 'utf8');
check(pageWide.test(globalCss) && globalCss.includes('box-sizing: border-box'), 'global.css has them');
// Per-component stylesheets: button.css styles the Button and nothing of the DataTable.
const buttonCss = readFileSync(fileURLToPath(import.meta.resolve('@fantasy-cricket/ui/button.css')), 'utf8');
const tableClasses = [...table.matchAll(/class="([^"]+)"/g)].flatMap((m) => (m[1] ?? '').split(' ')).filter((c) => css.includes(\`.\${c}\`));
check(classes[0] !== undefined && buttonCss.includes(\`.\${classes[0]}\`), 'button.css styles the Button');
check(tableClasses.length > 0 && tableClasses.every((c) => !buttonCss.includes(\`.\${c}\`)), 'button.css has none of the DataTable');
check(vars.color.primary.startsWith('var(--'), 'vars are CSS variables');

// ── the client, against a running API ──
const api = createApiClient({ baseUrl: \`\${process.env.API_URL}/api\` });

const faq = await api.GET('/faq/');
check(faq.response.status === 200 && faq.data, \`GET /faq/ answered \${faq.response.status}\`);
const questions: string[] = faq.data.map((item: Schema<'Faq'>) => item.Question);
check(questions.length > 0 && questions.every((q) => q.length > 0), 'FAQ questions');

// Not signed in is an expected answer of /session: 204, no body.
const session = await api.GET('/session');
check(session.response.status === 204, \`GET /session without a cookie answered \${session.response.status}\`);
const signedIn: Schema<'SessionUser'> | undefined = session.data;
check(signedIn === undefined, 'no session user');
// An operation that needs a session answers 401 with a message errorMessage() reads.
const live = await api.GET('/live/fixtures');
check(live.response.status === 401, \`GET /live/fixtures without a cookie answered \${live.response.status}\`);
check(typeof errorMessage(live.error) === 'string', 'a 401 carries a message');

// Never called: @ts-expect-error only compiles when the client's types are present.
const notInContract = () =>
  // @ts-expect-error — not an operation of the contract.
  api.GET('/no/such/path');
void notInContract;
type FaqAnswer = paths['/faq/']['get']['responses'][200]['content']['application/json'];
const typed: FaqAnswer = faq.data;

console.log(\`kit: Button + DataTable rendered; \${styled.length} of the Button's \${classes.length} classes styled in styles.css\`);
console.log(\`client: \${typed.length} FAQ entries, e.g. "\${questions[0]}"; /session → 204; /live/fixtures → 401 "\${errorMessage(live.error)}"\`);
`,
);

log('installing the tarballs, react, react-dom and typescript into a fresh project');
try {
  run('pnpm', ['install', '--prefer-offline', '--reporter=silent', '--config.strict-peer-dependencies=false'], app);
} catch (err) {
  fail('installing into the consumer project failed', err.stderr || err.stdout);
}

// ── 3. start the API (in the background while TypeScript checks the consumer) ─────────────────────
const port = await freePort();
const dataDir = join(work, 'data');
mkdirSync(dataDir);
log(`starting the API on 127.0.0.1:${port} (DATA_DIR in a temporary folder, DEMO_SEASON=off)`);
let apiLog = '';
api = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_SEASON: 'off',
    DATABASE_URL: '', // the embedded database, whatever the caller's environment says
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
api.stdout.on('data', (d) => {
  apiLog += d;
});
api.stderr.on('data', (d) => {
  apiLog += d;
});
// ── 4. types ───────────────────────────────────────────────────────────────────────────────────────
log('tsc --noEmit (strict, skipLibCheck off)');
const tsc = join(app, 'node_modules', '.bin', 'tsc');
try {
  run(tsc, ['--noEmit', '-p', '.'], app);
} catch (err) {
  fail('tsc --noEmit found type errors in the consumer', err.stdout || err.stderr);
}
try {
  // Already checked: emit only.
  run(tsc, ['-p', '.', '--noCheck'], app);
} catch (err) {
  fail('tsc could not emit the consumer', err.stdout || err.stderr);
}

// ── 5. run it against the API ──────────────────────────────────────────────────────────────────────
const base = `http://127.0.0.1:${port}`;
let ready = false;
for (let i = 0; i < 120 && api.exitCode === null; i++) {
  try {
    if ((await fetch(`${base}/api/faq/`)).ok) {
      ready = true;
      break;
    }
  } catch {
    // not listening yet
  }
  await new Promise((r) => setTimeout(r, 500));
}
if (!ready) fail('the API did not start', apiLog);

try {
  const out = run(process.execPath, ['out/main.js'], app, { API_URL: base });
  for (const line of out.split('\n')) log(line);
} catch (err) {
  fail('the consumer failed at run time', `${err.stdout}\n${err.stderr}`);
}

// ── 6. the READMEs' browser quick starts: a Vite + React app, built for production ─────────────────
const web = join(work, 'vite-app');
mkdirSync(join(web, 'src'), { recursive: true });
writeFileSync(
  join(web, 'package.json'),
  JSON.stringify(
    {
      name: 'pack-test-vite-app',
      private: true,
      type: 'module',
      dependencies: {
        '@fantasy-cricket/ui': `file:../tarballs/${uiTgz}`,
        '@fantasy-cricket/api-client': `file:../tarballs/${clientTgz}`,
        react: pinned('react'),
        'react-dom': pinned('react-dom'),
      },
      devDependencies: {
        vite: pinned('vite'),
        '@vitejs/plugin-react': pinned('@vitejs/plugin-react'),
        typescript: pinned('typescript'),
        '@types/react': pinned('@types/react'),
        '@types/react-dom': pinned('@types/react-dom'),
      },
    },
    null,
    2,
  ),
);
writeFileSync(
  join(web, 'tsconfig.json'),
  JSON.stringify(
    {
      compilerOptions: {
        target: 'es2022',
        module: 'esnext',
        moduleResolution: 'bundler',
        jsx: 'react-jsx',
        strict: true,
        skipLibCheck: false,
        types: ['vite/client'],
        noEmit: true,
      },
      include: ['src'],
    },
    null,
    2,
  ),
);
// The client README's proxy recipe: the app and /api on one origin, so cookies and the XSRF token work.
writeFileSync(
  join(web, 'vite.config.ts'),
  `import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // \`vite\` and \`vite preview\` forward /api to the Fantasy Cricket API: same origin for the browser.
  server: { proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000' } } },
  build: { outDir: process.env.OUT_DIR ?? 'dist' },
});
`,
);
writeFileSync(
  join(web, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>pack test</title></head><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>\n',
);
const variants = {
  // A bare React app: the baseline.
  bare: `import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(<p>Hello</p>);
`,
  // The kit README's quick start, as written there.
  button: `import '@fantasy-cricket/ui/theme.css'; // the theme classes, once
import '@fantasy-cricket/ui/button.css'; // one stylesheet per component used (or styles.css: all of them)
import { Button, lightTheme } from '@fantasy-cricket/ui';
import { createRoot } from 'react-dom/client';

document.documentElement.classList.add(lightTheme); // or darkTheme
createRoot(document.getElementById('root')!).render(<Button onClick={() => alert('Howzat!')}>Create League</Button>);
`,
  tableModal: `import '@fantasy-cricket/ui/theme.css';
import '@fantasy-cricket/ui/button.css';
import '@fantasy-cricket/ui/data-table.css';
import '@fantasy-cricket/ui/modal.css';
import { Button, createDataTableColumnHelper, DataTable, lightTheme, Modal } from '@fantasy-cricket/ui';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

type Row = { name: string; points: number };
const col = createDataTableColumnHelper<Row>();
const columns = col.columns([
  col.accessor('name', { header: 'Member', meta: { rowHeader: true } }),
  col.accessor('points', { header: 'Points', meta: { align: 'end' } }),
]);
const rows: Row[] = [{ name: 'SixerSam', points: 412 }];

function App() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Show rules</Button>
      <DataTable columns={columns} data={rows} caption="Leaderboard" emptyMessage="No leaderboard data available." />
      <Modal open={open} onOpenChange={setOpen} title="Rules">Points for every run and wicket.</Modal>
    </>
  );
}
document.documentElement.classList.add(lightTheme);
createRoot(document.getElementById('root')!).render(<App />);
`,
  // The client README's browser use: a sign-in is the first call (no GET before it).
  client: `import '@fantasy-cricket/ui/theme.css';
import '@fantasy-cricket/ui/button.css';
import { createApiClient, errorMessage, isLoginFailure, login, LoginFailedError } from '@fantasy-cricket/api-client';
import { Button, lightTheme } from '@fantasy-cricket/ui';
import { createRoot } from 'react-dom/client';

const api = createApiClient(); // base URL '/api': same origin, through the proxy

async function signIn(): Promise<string> {
  try {
    const user = await login(api, { email: 'nobody@example.com', password: 'not-the-password' });
    return \`signed in as \${user.first_name}\`;
  } catch (err) {
    // A refused sign-in (200, status "failure") and an HTTP error read the same way.
    return \`\${err instanceof LoginFailedError ? 'refused' : 'error'}: \${errorMessage(err) ?? 'no message'}\`;
  }
}

// The same answer by hand: the spec's shape, typed.
async function rawAnswer(): Promise<string> {
  const { data, response } = await api.POST('/user/authenticate_user', { body: { email: 'a@b.co', password: 'x' } });
  return \`\${response.status} \${isLoginFailure(data) ? 'failure' : 'other'}\`;
}

document.documentElement.classList.add(lightTheme);
const out = document.createElement('output');
out.id = 'result';
document.body.append(out);
createRoot(document.getElementById('root')!).render(<Button>Create League</Button>);
signIn()
  .then(async (first) => \`\${first} | \${await rawAnswer()} | cookie: \${document.cookie.includes('XSRF-TOKEN=') ? 'yes' : 'no'}\`)
  .then((text) => {
    out.textContent = text;
  });
`,
};

log('a Vite + React app with the tarballs: installing');
try {
  run('pnpm', ['install', '--prefer-offline', '--reporter=silent', '--config.strict-peer-dependencies=false'], web);
} catch (err) {
  fail('installing into the Vite app failed', err.stderr || err.stdout);
}
const vite = join(web, 'node_modules', '.bin', 'vite');
mkdirSync(join(web, 'src', 'variants'));
for (const [name, code] of Object.entries(variants)) writeFileSync(join(web, 'src', 'variants', `${name}.tsx`), code);
writeFileSync(join(web, 'src', 'main.tsx'), "import './variants/bare';\n");
log("tsc on the Vite app's four variants (the READMEs' code; strict, skipLibCheck off)");
try {
  run(join(web, 'node_modules', '.bin', 'tsc'), ['-p', '.'], web);
} catch (err) {
  fail("tsc found type errors in the Vite app (the READMEs' code)", err.stdout || err.stderr);
}
const sizes = {};
for (const name of Object.keys(variants)) {
  writeFileSync(join(web, 'src', 'main.tsx'), `import './variants/${name}';\n`);
  try {
    run(vite, ['build', '--logLevel', 'warn'], web, { OUT_DIR: `dist-${name}` });
  } catch (err) {
    fail(`vite build of the ${name} variant failed`, err.stderr || err.stdout);
  }
  const assets = join(web, `dist-${name}`, 'assets');
  const gz = (ext) =>
    readdirSync(assets)
      .filter((f) => f.endsWith(ext))
      .reduce((sum, f) => sum + gzipSync(readFileSync(join(assets, f)), { level: 9 }).length, 0);
  sizes[name] = { js: gz('.js'), css: gz('.css') };
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const added = (name) => ({ js: sizes[name].js - sizes.bare.js, css: sizes[name].css - sizes.bare.css });
log(`gzip, Vite production build: bare React app ${kb(sizes.bare.js)} JS`);
for (const name of ['button', 'tableModal']) {
  log(
    `  ${name === 'button' ? '+ Button' : '+ Button, DataTable, Modal'}: +${kb(added(name).js)} JS, ${kb(sizes[name].css)} CSS`,
  );
}
if (added('button').js > BUDGET.buttonJs) {
  fail(
    `a Button-only app adds ${kb(added('button').js)} gzip of JavaScript to a bare React app, over the budget of ${kb(BUDGET.buttonJs)}: ` +
      'the kit no longer tree-shakes (is every component its own entry in packages/ui/tsup.config.ts, and "sideEffects" limited to CSS in package.json?)',
  );
}
if (added('button').css > BUDGET.buttonCss) {
  fail(`a Button-only app ships ${kb(added('button').css)} gzip of CSS, over the budget of ${kb(BUDGET.buttonCss)}`);
}

// ── 7. the client app in Chromium, behind the README's proxy ──────────────────────────────────────
const previewPort = await freePort();
log(`vite preview on 127.0.0.1:${previewPort}, /api proxied to the API; the app in headless Chromium`);
let previewLog = '';
preview = spawn(
  vite,
  ['preview', '--host', '127.0.0.1', '--port', String(previewPort), '--strictPort', '--outDir', 'dist-client'],
  {
    cwd: web,
    env: { ...process.env, API_URL: base },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
preview.stdout.on('data', (d) => {
  previewLog += d;
});
preview.stderr.on('data', (d) => {
  previewLog += d;
});
const appUrl = `http://127.0.0.1:${previewPort}/`;
let previewReady = false;
for (let i = 0; i < 60 && preview.exitCode === null; i++) {
  try {
    if ((await fetch(appUrl)).ok) {
      previewReady = true;
      break;
    }
  } catch {
    // not listening yet
  }
  await new Promise((r) => setTimeout(r, 250));
}
if (!previewReady) fail('vite preview did not start', previewLog);
const { chromium } = createRequire(join(ROOT, 'package.json'))('playwright');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
let result = '';
const calls = [];
try {
  const page = await browser.newPage();
  page.on('request', (r) => {
    if (r.url().includes('/api/')) calls.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await page.goto(appUrl);
  result = (await page.locator('#result:not(:empty)').textContent({ timeout: 20_000 })) ?? '';
} catch (err) {
  await browser.close();
  fail('the client app did not finish in Chromium', `${err}\n${previewLog}\n${apiLog}`);
}
await browser.close();
log(`browser: ${calls.join(', ')} → "${result}"`);
if (calls[0] !== 'GET /api/session' || calls[1] !== 'POST /api/user/authenticate_user') {
  fail(`expected the client to get the XSRF cookie (GET /api/session) before its first POST, saw: ${calls.join(', ')}`);
}
if (calls.filter((c) => c === 'GET /api/session').length !== 1)
  fail(`the cookie was fetched more than once: ${calls.join(', ')}`);
// The spec's login message, which the API sends with status "failure".
const expected = 'refused: Invalid credentials, please try again. | 200 failure | cookie: yes';
if (result !== expected) fail(`the client app answered "${result}", expected "${expected}"`);

cleanup();
console.log(`pack test: PASS (${Math.round((Date.now() - started) / 1000)} s)`);
