/**
 * zod 4 compiles object parsers with `new Function` when it may, and finds out whether it may by
 * calling `Function('')` once. Under the app's Content-Security-Policy (script-src 'self', no
 * 'unsafe-eval') that probe is blocked and reported as a CSP violation on every page. Jitless mode
 * parses without generated code and never probes. Imported first by main.tsx: it must run before any
 * schema (packages/rules) is created.
 *
 * Without importing zod: `z.config()` would put zod's core into the entry chunk (3 KB gzip of the
 * landing page's first load, which creates no schema). zod keeps its configuration on
 * `globalThis.__zod_globalConfig` and adopts an existing object when it loads, so seeding (or updating)
 * that object is the same as `z.config({ jitless: true })`; zod-jitless.test.ts checks that zod sees it.
 */
const scope = globalThis as typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;

export {};
