import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../../src/db/database';
import type { Clock } from '../../src/live/feed';
import {
  createVendorHttp,
  databaseCallCounter,
  parseRetryAfter,
  parseShape,
  queryAuth,
  redactSecrets,
  type VendorAuth,
  type VendorCallLog,
  VendorError,
  type VendorHttpOptions,
} from '../../src/vendors/http';
import { freshDatabase } from '../db';

/** A clock whose sleeps return at once and are recorded; `now` is set by the test. */
class FakeClock implements Clock {
  slept: number[] = [];
  constructor(public at = new Date('2024-04-01T10:00:00Z')) {}
  now() {
    return new Date(this.at);
  }
  async sleep(ms: number) {
    this.slept.push(ms);
  }
}

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => void;

let server: Server;
let baseUrl: string;
let handler: Handler;
/** Every request the server saw: path with query, and headers. */
let seen: { url: URL; headers: IncomingMessage['headers'] }[] = [];
let database: Database;

beforeAll(async () => {
  database = await freshDatabase();
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push({ url, headers: req.headers });
    handler(req, res, url);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await database.close();
});

let vendorSeq = 0;
let vendor: string;
beforeEach(() => {
  seen = [];
  vendor = `test-${++vendorSeq}`;
});

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

function client(extra: Partial<VendorHttpOptions> = {}) {
  const clock = new FakeClock();
  const logs: VendorCallLog[] = [];
  const http = createVendorHttp({
    vendor,
    baseUrl,
    auth: queryAuth('token', 'SECRET-TOKEN-1'),
    timeoutMs: 300,
    retries: 2,
    dailyCallBudget: 100,
    calls: databaseCallCounter(database.db),
    clock,
    log: (e) => logs.push(e),
    ...extra,
  });
  return { http, clock, logs };
}

async function failure(p: Promise<unknown>): Promise<VendorError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof VendorError) return e;
    throw e;
  }
  throw new Error('expected a VendorError');
}

describe('vendor HTTP client', () => {
  it('sends the credentials and conditional headers; a 304 is "not modified"', async () => {
    handler = (req, res) => {
      if (req.headers['if-none-match'] === '"v1"') {
        res.writeHead(304);
        res.end();
      } else json(res, 200, { status: 'ok' }, { etag: '"v1"', 'last-modified': 'Mon, 01 Apr 2024 09:00:00 GMT' });
    };
    const { http } = client();
    const first = await http.getJson('/matches/1/live', { per_page: 5 });
    expect(first).toEqual({
      kind: 'ok',
      body: { status: 'ok' },
      etag: '"v1"',
      lastModified: 'Mon, 01 Apr 2024 09:00:00 GMT',
    });
    expect(seen[0]!.url.pathname).toBe('/v2/matches/1/live');
    expect(seen[0]!.url.searchParams.get('token')).toBe('SECRET-TOKEN-1');
    expect(seen[0]!.url.searchParams.get('per_page')).toBe('5');
    const second = await http.getJson(
      '/matches/1/live',
      {},
      { etag: '"v1"', lastModified: 'Mon, 01 Apr 2024 09:00:00 GMT' },
    );
    expect(second).toEqual({ kind: 'not-modified' });
    expect(seen[1]!.headers['if-modified-since']).toBe('Mon, 01 Apr 2024 09:00:00 GMT');
    expect((await http.usage()).calls).toBe(2);
  });

  it('retries a 5xx with a growing, bounded wait, then succeeds', async () => {
    let n = 0;
    handler = (_req, res) => (++n <= 2 ? json(res, 501, { status: 'error' }) : json(res, 200, { ok: true }));
    const { http, clock } = client({ backoffMs: 100, maxBackoffMs: 150 });
    expect(await http.getJson('x')).toMatchObject({ kind: 'ok', body: { ok: true } });
    expect(clock.slept).toEqual([100, 150]);
    expect((await http.usage()).calls).toBe(3);
  });

  it('gives up on a 5xx after the retries, as a server error', async () => {
    handler = (_req, res) => json(res, 503, {});
    const { http, clock } = client({ retries: 1 });
    const e = await failure(http.getJson('x'));
    expect(e.kind).toBe('server');
    expect(e.status).toBe(503);
    expect(seen).toHaveLength(2);
    expect(clock.slept).toEqual([500]);
  });

  it('times out a request that gets no answer, and retries it', async () => {
    handler = () => {
      /* never answers */
    };
    const { http } = client({ retries: 1, timeoutMs: 100 });
    const e = await failure(http.getJson('slow'));
    expect(e.kind).toBe('timeout');
    expect(seen).toHaveLength(2);
  });

  it('waits a short Retry-After and tries again', async () => {
    let n = 0;
    handler = (_req, res) => (++n === 1 ? json(res, 429, {}, { 'retry-after': '2' }) : json(res, 200, { ok: 1 }));
    const { http, clock } = client();
    expect(await http.getJson('x')).toMatchObject({ kind: 'ok' });
    expect(clock.slept).toEqual([2000]);
  });

  it('does not wait out a long Retry-After: fails with quota and the wait', async () => {
    handler = (_req, res) => json(res, 429, {}, { 'retry-after': '3600' });
    const { http, clock } = client();
    const e = await failure(http.getJson('x'));
    expect(e.kind).toBe('quota');
    expect(e.retryAfterMs).toBe(3_600_000);
    expect(clock.slept).toEqual([]);
    expect(seen).toHaveLength(1);
  });

  it('a refused credential is an auth error; a refreshable token is renewed once', async () => {
    handler = (_req, res) => json(res, 401, { status: 'unauthorized' });
    const plain = client();
    const e = await failure(plain.http.getJson('x'));
    expect(e.kind).toBe('auth');
    expect(e.status).toBe(401);
    expect(seen).toHaveLength(1);

    seen = [];
    let token = 'old-token';
    const auth: VendorAuth = {
      secrets: () => [token],
      apply: async () => ({ query: { token } }),
      invalidate: () => {
        token = 'new-token';
        return true;
      },
    };
    handler = (_req, res, url) =>
      url.searchParams.get('token') === 'new-token' ? json(res, 200, { ok: 1 }) : json(res, 403, {});
    const refreshing = client({ auth });
    expect(await refreshing.http.getJson('x')).toMatchObject({ kind: 'ok' });
    expect(seen.map((s) => s.url.searchParams.get('token'))).toEqual(['old-token', 'new-token']);
  });

  it('counts calls per vendor per UTC day in the database and refuses calls beyond the budget', async () => {
    handler = (_req, res) => json(res, 200, {});
    const a = client({ dailyCallBudget: 3 });
    // A second process: its own client on the same database shares the count.
    const b = client({ dailyCallBudget: 3, clock: a.clock });
    await a.http.getJson('1');
    await b.http.getJson('2');
    await a.http.getJson('3');
    expect(await b.http.usage()).toEqual({ vendor, day: '2024-04-01', calls: 3, budget: 3, remaining: 0 });
    const e = await failure(b.http.getJson('4'));
    expect(e.kind).toBe('quota');
    expect(e.retryAfterMs).toBe(14 * 3_600_000); // 10:00 UTC to midnight
    expect(seen).toHaveLength(3);
    // The next UTC day starts from zero.
    a.clock.at = new Date('2024-04-02T00:00:01Z');
    await a.http.getJson('5');
    expect(await a.http.usage()).toMatchObject({ day: '2024-04-02', calls: 1, remaining: 2 });
    const rows = await database.db.selectFrom('vendor_calls').selectAll().where('vendor', '=', vendor).execute();
    expect(rows.map((r) => [r.day, r.calls]).sort()).toEqual([
      ['2024-04-01', 3],
      ['2024-04-02', 1],
    ]);
  });

  it('a budget of zero makes no call at all', async () => {
    handler = (_req, res) => json(res, 200, {});
    const { http } = client({ dailyCallBudget: 0 });
    expect((await failure(http.getJson('x'))).kind).toBe('quota');
    expect(seen).toHaveLength(0);
    expect((await http.usage()).calls).toBe(0);
  });

  it('never shows a secret in an error message or a log line', async () => {
    handler = (_req, res) => json(res, 500, {});
    const { http, logs } = client({ retries: 1 });
    const e = await failure(
      http.request({
        path: 'auth',
        method: 'POST',
        query: { secret_key: 'KEY/with+chars' },
        secrets: ['KEY/with+chars'],
      }),
    );
    expect(e.message).toContain('[redacted]');
    // A network failure: the URL with the token appears in the message, redacted.
    const dead = createVendorHttp({
      vendor,
      baseUrl: 'http://127.0.0.1:9/v2',
      auth: queryAuth('token', 'SECRET-TOKEN-1'),
      retries: 0,
      dailyCallBudget: null,
      calls: databaseCallCounter(database.db),
      log: (l) => logs.push(l),
    });
    const n = await failure(dead.getJson('x'));
    expect(n.kind).toBe('network');
    const everything = [e.message, n.message, ...logs.map((l) => JSON.stringify(l))].join('\n');
    expect(everything).not.toContain('SECRET-TOKEN-1');
    expect(everything).not.toContain('KEY/with+chars');
    expect(everything).not.toContain(encodeURIComponent('KEY/with+chars'));
    expect(everything).toContain('token=[redacted]');
  });

  it('an answer that is not JSON is a shape error on $', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>maintenance</html>');
    };
    const e = await failure(client().http.getJson('x'));
    expect(e).toMatchObject({ kind: 'shape', field: '$' });
  });

  it('any other 4xx is a refused request, not retried', async () => {
    handler = (_req, res) => json(res, 400, { status: 'invalid' });
    const e = await failure(client().http.getJson('x'));
    expect(e).toMatchObject({ kind: 'request', status: 400 });
    expect(seen).toHaveLength(1);
  });
});

describe('helpers', () => {
  it('parses Retry-After as seconds or an HTTP date', () => {
    const now = new Date('2024-04-01T10:00:00Z');
    expect(parseRetryAfter('5', now)).toBe(5000);
    expect(parseRetryAfter('Mon, 01 Apr 2024 10:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });

  it('redacts a secret as written and encoded', () => {
    expect(redactSecrets('a=x y&b=x%20y&c=x+y', ['x y'])).toBe('a=[redacted]&b=[redacted]&c=[redacted]');
  });

  it('parseShape names the missing or changed field', () => {
    const schema = z.object({
      response: z.object({ items: z.array(z.object({ cid: z.number(), title: z.string() })) }),
    });
    const missing = (() => {
      try {
        parseShape(
          'entitysport',
          schema,
          {
            response: {
              items: [
                { cid: 1, title: 'a' },
                { cid: 2, name: 'b' },
              ],
            },
          },
          'GET competitions',
        );
      } catch (e) {
        return e as VendorError;
      }
    })();
    expect(missing).toMatchObject({ kind: 'shape', field: 'response.items[1].title' });
    expect(missing!.message).toBe('entitysport: GET competitions: field response.items[1].title is missing');
    expect(() => parseShape('v', schema, { response: { items: [{ cid: '1', title: 'a' }] } }, 'GET x')).toThrow(
      /field response\.items\[0\]\.cid is not as documented/,
    );
  });
});
