import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema';
import { type Clock, realClock } from '../live/feed';
import type { VendorName } from './provider';

/**
 * The one HTTP client every data vendor is called through. It gives each request a timeout, retries
 * 5xx answers, timeouts and network failures a bounded number of times with a growing wait, honours a
 * 429's Retry-After, sends conditional requests (If-None-Match / If-Modified-Since) when the caller
 * has validators, counts every call it makes per vendor per UTC day in the database (so several
 * processes share the day's budget; migration 0022) and refuses a call once the day's budget is spent.
 * Credentials (a token or keys, in the URL or a header) are redacted from every message and log line
 * it produces; a failure is a `VendorError` of a kind the caller can act on.
 */

export type VendorErrorKind =
  /** The vendor refused the credentials (401/403, or its body says unauthorized). */
  | 'auth'
  /** The vendor's rate limit (429) or our daily budget: try again after `retryAfterMs`. */
  | 'quota'
  /** 5xx after the retries. */
  | 'server'
  | 'timeout'
  /** The vendor could not be reached (DNS, refused connection, reset). */
  | 'network'
  /** The answer does not have the documented shape: `field` names the missing or changed field. */
  | 'shape'
  /** The vendor (or its documentation) does not give what was asked. */
  | 'not-supported'
  /** Any other 4xx: the request itself was refused (400 invalid request, 404 unknown id). */
  | 'request';

export class VendorError extends Error {
  readonly vendor: string;
  readonly kind: VendorErrorKind;
  /** The HTTP status that caused it, when there was one. */
  readonly status: number | undefined;
  /** For 'quota': how long to wait before asking again. */
  readonly retryAfterMs: number | undefined;
  /** For 'shape': the path of the field, e.g. `response.items[0].teama.team_id`. */
  readonly field: string | undefined;

  constructor(
    vendor: string,
    kind: VendorErrorKind,
    message: string,
    extra: { status?: number | undefined; retryAfterMs?: number | undefined; field?: string | undefined } = {},
  ) {
    super(`${vendor}: ${message}`);
    this.name = 'VendorError';
    this.vendor = vendor;
    this.kind = kind;
    this.status = extra.status;
    this.retryAfterMs = extra.retryAfterMs;
    this.field = extra.field;
  }
}

/** What a request carries to authenticate: query parameters and headers. */
export interface AuthParts {
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

/**
 * How a vendor's requests are authenticated. `apply` may make calls of its own through `client`
 * (Entity Sport obtains a token from its auth endpoint): those are counted like any other.
 */
export interface VendorAuth {
  /** Every secret value in play (keys, the current token): redacted wherever they would appear. */
  secrets(): string[];
  apply(client: VendorHttp): Promise<AuthParts>;
  /**
   * Called after a 401/403: forgets a cached token. True when a fresh one may succeed (the request
   * is then made once more); false when the credentials themselves were refused.
   */
  invalidate?(): boolean;
}

/** A fixed credential in a query parameter (`?api_token=…`). */
export function queryAuth(param: string, value: string): VendorAuth {
  return { secrets: () => [value], apply: async () => ({ query: { [param]: value } }) };
}

/** A fixed credential in a header (`Authorization: …`). */
export function headerAuth(header: string, value: string): VendorAuth {
  return { secrets: () => [value], apply: async () => ({ headers: { [header]: value } }) };
}

/**
 * Counts the calls of a vendor per UTC day. `take` counts one call unless `budget` calls were already
 * made that day, atomically across processes.
 */
export interface VendorCallCounter {
  /** The day's count including this call, or null when the budget is spent (nothing counted). */
  take(vendor: string, day: string, budget: number | null, at: Date): Promise<number | null>;
  count(vendor: string, day: string): Promise<number>;
}

/** The counter in the database (table `vendor_calls`), shared by every process. */
export function databaseCallCounter(db: Kysely<DB>): VendorCallCounter {
  return {
    async take(vendor, day, budget, at) {
      if (budget !== null && budget <= 0) return null;
      // One statement: the row is created with 1, or incremented only while under the budget.
      const row = await sql<{ calls: number }>`
        INSERT INTO vendor_calls (vendor, day, calls, last_call_at) VALUES (${vendor}, ${day}, 1, ${at})
        ON CONFLICT (vendor, day) DO UPDATE SET calls = vendor_calls.calls + 1, last_call_at = ${at}
        WHERE ${budget === null} OR vendor_calls.calls < ${budget ?? 0}
        RETURNING calls`.execute(db);
      const calls = row.rows[0]?.calls;
      return calls ?? null;
    },
    async count(vendor, day) {
      const row = await db
        .selectFrom('vendor_calls')
        .select('calls')
        .where('vendor', '=', vendor)
        .where('day', '=', day)
        .executeTakeFirst();
      return row?.calls ?? 0;
    },
  };
}

/** A counter held by one process only (tests, a one-off command): not shared with other processes. */
export function memoryCallCounter(): VendorCallCounter {
  const counts = new Map<string, number>();
  return {
    async take(vendor, day, budget) {
      const key = `${vendor}\u0000${day}`;
      const n = counts.get(key) ?? 0;
      if (budget !== null && n >= budget) return null;
      counts.set(key, n + 1);
      return n + 1;
    },
    async count(vendor, day) {
      return counts.get(`${vendor}\u0000${day}`) ?? 0;
    },
  };
}

export interface VendorHttpOptions {
  vendor: VendorName | string;
  /** e.g. 'https://rest.entitysport.com/v2' (a path prefix is kept). */
  baseUrl: string;
  auth: VendorAuth;
  /** Per attempt (default 10 s). */
  timeoutMs?: number;
  /** Further attempts after a 5xx, a timeout, a network failure or a short 429 (default 2). */
  retries?: number;
  /** Calls allowed per UTC day (the plan's allowance, or a share of it); null: unlimited. */
  dailyCallBudget: number | null;
  calls: VendorCallCounter;
  /** First wait before a retry, doubled each time (default 500 ms), at most `maxBackoffMs` (default 8 s). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** A 429 asking to wait longer than this is not waited for: the call fails with 'quota' (default 30 s). */
  maxRetryAfterMs?: number;
  clock?: Clock;
  fetch?: typeof fetch;
  /** One entry per attempt, secrets redacted. */
  log?: (entry: VendorCallLog) => void;
}

export interface VendorCallLog {
  vendor: string;
  method: string;
  /** The URL with every secret redacted. */
  url: string;
  attempt: number;
  status: number | null;
  ms: number;
  outcome: 'ok' | 'not-modified' | VendorErrorKind | 'retry';
}

export interface Conditional {
  etag?: string | undefined;
  lastModified?: string | undefined;
}

export type VendorJson =
  | { kind: 'ok'; body: unknown; etag?: string | undefined; lastModified?: string | undefined }
  | { kind: 'not-modified' };

export interface VendorRequest {
  method?: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | number | undefined> | undefined;
  conditional?: Conditional | undefined;
  /** A form body (application/x-www-form-urlencoded), e.g. the keys sent to an auth endpoint. */
  form?: Record<string, string> | undefined;
  /** False for the call that obtains the credentials themselves. Default true. */
  auth?: boolean;
  /** Extra secrets in this request (keys sent to an auth endpoint). */
  secrets?: string[];
}

export interface VendorUsage {
  vendor: string;
  /** UTC day, 'YYYY-MM-DD'. */
  day: string;
  calls: number;
  budget: number | null;
  remaining: number | null;
}

export interface VendorHttp {
  readonly vendor: string;
  getJson(
    path: string,
    query?: Record<string, string | number | undefined>,
    conditional?: Conditional,
  ): Promise<VendorJson>;
  request(req: VendorRequest): Promise<VendorJson>;
  /** The calls of the day so far and what remains of the budget. */
  usage(): Promise<VendorUsage>;
  /** `text` with every secret the client knows of replaced by `[redacted]`. */
  redact(text: string): string;
}

/** The UTC day of an instant, 'YYYY-MM-DD'. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Milliseconds from `at` to the next UTC midnight. */
export function msToNextUtcDay(at: Date): number {
  const next = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1);
  return next - at.getTime();
}

/** A Retry-After header (seconds or an HTTP date) in milliseconds from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: Date): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now.getTime());
}

/** Replaces every secret (as written, URL-encoded, form-encoded) in `text` with `[redacted]`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) {
    if (s.length < 3) continue;
    const forms = new Set([s, encodeURIComponent(s), new URLSearchParams({ s }).toString().slice(2)]);
    for (const f of forms) out = out.split(f).join('[redacted]');
  }
  return out;
}

class Attempt extends Error {
  constructor(
    readonly error: VendorError,
    readonly retryable: boolean,
    readonly waitMs?: number,
  ) {
    super(error.message);
  }
}

export function createVendorHttp(options: VendorHttpOptions): VendorHttp {
  const vendor = options.vendor;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = Math.max(0, options.retries ?? 2);
  const backoffMs = options.backoffMs ?? 500;
  const maxBackoffMs = options.maxBackoffMs ?? 8_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000;
  const clock = options.clock ?? realClock;
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');

  const secretsOf = (extra: readonly string[] = []) => [...options.auth.secrets(), ...extra];
  const redact = (text: string, extra: readonly string[] = []) => redactSecrets(text, secretsOf(extra));
  const fail = (kind: VendorErrorKind, message: string, extra: ConstructorParameters<typeof VendorError>[3] = {}) =>
    new VendorError(vendor, kind, message, extra);

  function urlOf(path: string, query: Record<string, string | number | undefined>): URL {
    const url = new URL(`${base}/${path.replace(/^\/+/, '')}`);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    return url;
  }

  async function countCall(): Promise<void> {
    const now = clock.now();
    const taken = await options.calls.take(vendor, utcDay(now), options.dailyCallBudget, now);
    if (taken === null) {
      throw fail('quota', `the daily budget of ${options.dailyCallBudget} calls is spent (UTC day ${utcDay(now)})`, {
        retryAfterMs: msToNextUtcDay(now),
      });
    }
  }

  /** One HTTP exchange: a VendorJson, or an Attempt saying whether to try again. */
  async function attempt(req: VendorRequest, url: URL, headers: Record<string, string>, n: number) {
    const method = req.method ?? 'GET';
    const shown = redact(`${method} ${url.toString()}`, req.secrets);
    const started = Date.now();
    const log = (status: number | null, outcome: VendorCallLog['outcome']) =>
      options.log?.({
        vendor,
        method,
        url: redact(url.toString(), req.secrets),
        attempt: n,
        status,
        ms: Date.now() - started,
        outcome,
      });
    await countCall();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let res: Response;
    try {
      const body = req.form ? new URLSearchParams(req.form).toString() : undefined;
      if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
      res = await doFetch(url, { method, headers, signal: controller.signal, ...(body !== undefined ? { body } : {}) });
    } catch (e) {
      clearTimeout(timer);
      if (controller.signal.aborted) {
        log(null, 'timeout');
        throw new Attempt(fail('timeout', `${shown}: no answer within ${timeoutMs} ms`), true);
      }
      log(null, 'network');
      const reason = e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e);
      throw new Attempt(fail('network', `${shown}: ${redact(reason, req.secrets)}`), true);
    }
    try {
      const status = res.status;
      // An answer whose body is not read frees its connection.
      if (status < 200 || status >= 300) await res.body?.cancel().catch(() => undefined);
      if (status === 304) {
        log(status, 'not-modified');
        return { kind: 'not-modified' } as const;
      }
      if (status === 401 || status === 403) {
        log(status, 'auth');
        throw new Attempt(fail('auth', `${shown}: HTTP ${status} (credentials refused)`, { status }), false);
      }
      if (status === 429) {
        const wait = parseRetryAfter(res.headers.get('retry-after'), clock.now());
        log(status, 'quota');
        const after = wait === undefined ? '' : ` (Retry-After ${Math.ceil(wait / 1000)} s)`;
        const error = fail('quota', `${shown}: HTTP 429, the vendor's rate limit${after}`, {
          status,
          retryAfterMs: wait,
        });
        throw new Attempt(error, wait === undefined || wait <= maxRetryAfterMs, wait);
      }
      if (status >= 500) {
        log(status, 'server');
        throw new Attempt(fail('server', `${shown}: HTTP ${status}`, { status }), true);
      }
      if (status < 200 || status >= 300) {
        log(status, 'request');
        throw new Attempt(fail('request', `${shown}: HTTP ${status}`, { status }), false);
      }
      let text: string;
      try {
        text = await res.text();
      } catch {
        log(status, controller.signal.aborted ? 'timeout' : 'network');
        if (controller.signal.aborted) {
          throw new Attempt(fail('timeout', `${shown}: the answer did not finish within ${timeoutMs} ms`), true);
        }
        throw new Attempt(fail('network', `${shown}: the answer was cut off`), true);
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        log(status, 'shape');
        throw new Attempt(fail('shape', `${shown}: the answer is not JSON`, { status, field: '$' }), false);
      }
      log(status, 'ok');
      return {
        kind: 'ok',
        body,
        etag: res.headers.get('etag') ?? undefined,
        lastModified: res.headers.get('last-modified') ?? undefined,
      } as const;
    } finally {
      clearTimeout(timer);
    }
  }

  const client: VendorHttp = {
    vendor,
    redact: (text) => redact(text),
    getJson: (path, query, conditional) => client.request({ path, query, conditional }),
    async request(req) {
      let refreshed = false;
      for (let n = 1; ; n++) {
        const parts: AuthParts = req.auth === false ? {} : await options.auth.apply(client);
        const url = urlOf(req.path, { ...(req.query ?? {}), ...(parts.query ?? {}) });
        const headers: Record<string, string> = { accept: 'application/json', ...(parts.headers ?? {}) };
        if (req.conditional?.etag) headers['if-none-match'] = req.conditional.etag;
        if (req.conditional?.lastModified) headers['if-modified-since'] = req.conditional.lastModified;
        try {
          return await attempt(req, url, headers, n);
        } catch (e) {
          if (!(e instanceof Attempt)) throw e;
          const err = e.error;
          // A refused token: drop it and try once with a fresh one (not counted as a retry).
          if (err.kind === 'auth' && !refreshed && req.auth !== false && options.auth.invalidate?.()) {
            refreshed = true;
            n--;
            continue;
          }
          if (!e.retryable || n > retries) throw err;
          const wait = e.waitMs ?? Math.min(maxBackoffMs, backoffMs * 2 ** (n - 1));
          options.log?.({
            vendor,
            method: req.method ?? 'GET',
            url: redact(url.toString(), req.secrets),
            attempt: n,
            status: err.status ?? null,
            ms: wait,
            outcome: 'retry',
          });
          await clock.sleep(wait);
        }
      }
    },
    async usage() {
      const day = utcDay(clock.now());
      const calls = await options.calls.count(vendor, day);
      const budget = options.dailyCallBudget;
      return { vendor, day, calls, budget, remaining: budget === null ? null : Math.max(0, budget - calls) };
    },
  };
  return client;
}

/** `response.items[0].teama` from a zod issue path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out === '' ? String(p) : `.${String(p)}`;
  }
  return out === '' ? '$' : out;
}

/** The value at a path in parsed JSON, or undefined where the path leads nowhere. */
function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let v = value;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

/**
 * Checks a vendor's answer against its documented shape: the parsed value, or a 'shape' VendorError
 * naming the first field that is missing or not what the documentation says (`what` is the endpoint).
 */
export function parseShape<S extends z.ZodType>(vendor: string, schema: S, body: unknown, what: string): z.output<S> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const field = fieldPath(issue.path);
  const missing = valueAt(body, issue.path) === undefined;
  const problem = missing ? 'is missing' : `is not as documented (${issue.message})`;
  throw new VendorError(vendor, 'shape', `${what}: field ${field} ${problem}`, { field });
}
