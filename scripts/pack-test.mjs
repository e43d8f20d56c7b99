#!/usr/bin/env node
// Proof from outside: the two published packages work for a team that is not in this repository.
//
//   1. `pnpm pack` packages/ui and packages/api-client (run `pnpm build` first: the tarballs hold dist/).
//   2. A fresh project in os.tmpdir() installs the two tarballs plus react, react-dom, typescript and the
//      React/Node types (from the local pnpm store when present, otherwise the npm registry).
//   3. `tsc --noEmit` on code that uses both packages with full types, strict, skipLibCheck off (our .d.ts
//      files are checked too), including lines that only compile when the contract's types are there.
//   4. The compiled code runs under Node: renders Button and DataTable with react-dom/server, finds their
//      classes in the packaged stylesheet, and calls a running API (started here on a free port with a
//      temporary DATA_DIR and DEMO_SEASON=off): GET /faq/, GET /session and GET /live/fixtures through the typed client.
//
// Prints "pack test: PASS" or "pack test: FAIL — <reason>" and exits non-zero on failure.
// Usage: node scripts/pack-test.mjs [--keep]   (--keep leaves the temporary project for inspection)
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const keep = process.argv.includes('--keep');
const started = Date.now();
const work = mkdtempSync(join(tmpdir(), 'fc-pack-test-'));
let api;

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
writeFileSync(join(app, 'src', 'styles.ts'), "import '@fantasy-cricket/ui/styles.css';\n");
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

cleanup();
console.log(`pack test: PASS (${Math.round((Date.now() - started) / 1000)} s)`);
