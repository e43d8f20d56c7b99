import { z } from 'zod';

/**
 * zod 4 compiles object parsers with `new Function` when it may, and finds out whether it may by
 * calling `Function('')` once. Under the app's Content-Security-Policy (script-src 'self', no
 * 'unsafe-eval') that probe is blocked and reported as a CSP violation on every page. Jitless mode
 * parses without generated code and never probes. Imported first by main.tsx: it must run before any
 * schema (packages/rules) is created.
 */
z.config({ jitless: true });
