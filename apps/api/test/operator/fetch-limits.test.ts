import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CricsheetFetchConfig } from '../../src/config';
import type { DB } from '../../src/db/schema';
import { isLocalAddress, type ResolveHost, systemResolve } from '../../src/operator/addresses';
import { type FetchRunOptions, fetchState, runCricsheetFetch, SCHEDULED_FETCH_ACTOR } from '../../src/operator/fetch';
import { tableDigests } from '../cricket/helpers';
import { DB_TARGET } from '../db';
import { startTestApp, type TestApp } from '../helpers';
import { MATCHES, matchBytes } from './imports-setup';
import { emptyObjectsDeflated, rawZip, zerosDeflated } from './zips';

/**
 * The scheduled fetch against local HTTP servers: downloads past the file limits are failed runs
 * that import nothing (the same reader as the console's uploads), and redirects to loopback,
 * private or link-local addresses are refused unless the configured URL is on one. "A public
 * configured URL" is `localhost` made public by the resolver the check uses (injected: no DNS).
 */

const MiB = 1024 * 1024;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A server on `host` whose answers `route` gives; every path asked is kept. */
async function serve(host: string, route: Handler): Promise<{ server: Server; port: number; asked: string[] }> {
  const asked: string[] = [];
  const server = createServer((req, res) => {
    asked.push(req.url ?? '');
    route(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, port: (server.address() as AddressInfo).port, asked };
}

const send = (res: ServerResponse, body: Uint8Array, type = 'application/zip') =>
  res.writeHead(200, { 'content-type': type, 'content-length': body.length }).end(body);

describe(`scheduled fetch: file limits and redirects on ${DB_TARGET}`, () => {
  let t: TestApp;
  let db: Kysely<DB>;
  let settings: CricsheetFetchConfig;
  /** What the download server answers at each path (a redirect when the value is a string). */
  const files = new Map<string, Uint8Array | string>();
  let origin: Awaited<ReturnType<typeof serve>>;
  /** A service the fetch must never reach through a redirect (the database, the API, metadata). */
  let secret: Awaited<ReturnType<typeof serve>>;

  /** `localhost` is public to the check; `internal.test` is a private name; the rest as the system says. */
  const resolveHost: ResolveHost = async (host) => {
    if (host === 'localhost') return ['93.184.216.34'];
    if (host === 'internal.test') return ['10.20.30.40'];
    if (host === 'dual.test') return ['93.184.216.34', 'fd12:3456::1'];
    return systemResolve(host);
  };

  const run = (url: string, extra: Partial<FetchRunOptions> = {}) =>
    runCricsheetFetch(
      db,
      { ...settings, url },
      { trigger: 'console', actor: SCHEDULED_FETCH_ACTOR, dueOnly: false, resolveHost, ...extra },
    );
  const lastRun = () =>
    db
      .selectFrom('import_runs')
      .selectAll()
      .where('kind', '=', 'fetch')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    // `localhost` as the system resolves it (127.0.0.1 or ::1): the fetch connects there for real.
    origin = await serve('localhost', (req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const answer = files.get(path);
      if (answer === undefined) res.writeHead(404).end();
      else if (typeof answer === 'string') res.writeHead(302, { location: answer }).end();
      else send(res, answer, path.endsWith('.json') ? 'application/json' : 'application/zip');
    });
    secret = await serve('127.0.0.1', (_req, res) => send(res, matchBytes(MATCHES[0]), 'application/json'));
    t = await startTestApp();
    db = t.db;
    settings = t.app.deps.config.cricsheetFetch;
  });

  afterAll(async () => {
    await t?.close();
    await new Promise((r) => origin?.server.close(r));
    await new Promise((r) => secret?.server.close(r));
  });

  it('a zip bomb is a failed run that imports nothing and keeps no validators', async () => {
    files.set(
      '/bomb.zip',
      rawZip([{ name: '1422119.json', data: await zerosDeflated(512), method: 8, declaredSize: 64 }]),
    );
    const before = await tableDigests(db);
    const result = await run(`http://localhost:${origin.port}/bomb.zip`);
    expect(result).toMatchObject({ ran: true, outcome: 'failed' });
    expect((await lastRun()).message).toBe(
      'The download is not usable: 1422119.json in bomb.zip: more than the 8 MB allowed for one file (IMPORT_FILE_MAX_MB).',
    );
    expect(await tableDigests(db)).toEqual(before);
    expect(await fetchState(db)).toMatchObject({ etag: null, lease_holder: null });
  });

  it('190 MiB of empty objects, honestly declared, is a failed run at the default limits', async () => {
    const json = emptyObjectsDeflated(Math.floor((190 * MiB) / 3));
    files.set('/objects.zip', rawZip([{ name: '1422119.json', data: json.data, method: 8, declaredSize: json.size }]));
    const before = await tableDigests(db);
    expect(await run(`http://localhost:${origin.port}/objects.zip`)).toMatchObject({ outcome: 'failed' });
    expect((await lastRun()).message).toBe(
      'The download is not usable: 1422119.json in objects.zip: more than the 8 MB allowed for one file (IMPORT_FILE_MAX_MB).',
    );
    expect(await tableDigests(db)).toEqual(before);
  });

  it('a file of too many values, or too large or complex for the reader, is a failed run', async () => {
    const before = await tableDigests(db);
    const many = emptyObjectsDeflated(Math.floor((4 * MiB) / 3));
    files.set('/many.zip', rawZip([{ name: '1422119.json', data: many.data, method: 8, declaredSize: many.size }]));
    expect(await run(`http://localhost:${origin.port}/many.zip`)).toMatchObject({ outcome: 'failed' });
    expect((await lastRun()).message).toBe(
      'The download is not usable: 1422119.json is too complex to read: more than 1,000,000 values (a T20 match file has about 5,000).',
    );
    // Within the caps, but more than a 16 MB reader can hold (about 45 MB to parse).
    const heavy = emptyObjectsDeflated(Math.floor((2 * MiB) / 3));
    files.set('/heavy.zip', rawZip([{ name: '1422119.json', data: heavy.data, method: 8, declaredSize: heavy.size }]));
    const fileLimits = { ...t.app.deps.config.fileLimits, readerHeapMb: 16 };
    expect(await run(`http://localhost:${origin.port}/heavy.zip`, { fileLimits })).toMatchObject({
      outcome: 'failed',
    });
    expect((await lastRun()).message).toBe(
      'The download is not usable: 1422119.json is too large or too complex to read (reading it needs more than the 16 MB allowed, IMPORT_READER_HEAP_MB).',
    );
    expect(await tableDigests(db)).toEqual(before);
  }, 60_000);

  it('a plain .json download is held to the file limit too', async () => {
    files.set('/big.json', new TextEncoder().encode(`{"padding":"${'x'.repeat(9 * MiB)}"}`));
    expect(await run(`http://localhost:${origin.port}/big.json`)).toMatchObject({ outcome: 'failed' });
    expect((await lastRun()).message).toBe(
      'The download is not usable: big.json: more than the 8 MB allowed for one file (IMPORT_FILE_MAX_MB).',
    );
  });

  it('refuses redirects from a public URL to loopback, private and link-local addresses, and never asks them', async () => {
    const p = secret.port;
    const targets = [
      `http://127.0.0.1:${p}/match.json`,
      `http://127.9.9.9:${p}/`,
      `http://[::1]:${p}/`,
      `http://[::ffff:127.0.0.1]:${p}/`,
      `http://[::ffff:7f00:1]:${p}/`,
      `http://2130706433:${p}/`, // 127.0.0.1 as a number
      `http://0.0.0.0:${p}/`,
      `http://[::]:${p}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/',
      'http://10.0.0.1/',
      'http://172.16.5.4/',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      'http://[fd00::1]/',
      `http://internal.test:${p}/`, // a name that resolves to 10.20.30.40
      'http://dual.test/', // one public and one unique-local address
      `http://localhost:${origin.port}/to-loopback`, // a public hop first, then the loopback address
    ];
    files.set('/to-loopback', `http://127.0.0.1:${p}/match.json`);
    const before = await tableDigests(db);
    for (const [i, target] of targets.entries()) {
      files.set(`/r${i}`, target);
      const result = await run(`http://localhost:${origin.port}/r${i}`);
      expect(result, target).toMatchObject({ ran: true, outcome: 'failed' });
      expect((await lastRun()).message, target).toMatch(
        /^The download of http:\/\/localhost:\d+\/r\d+ was redirected to .* \(.+\), a loopback, private or link-local address: refused, as the configured URL is not on one\.$/,
      );
    }
    expect(secret.asked).toEqual([]);
    expect(await tableDigests(db)).toEqual(before);
  });

  it('follows redirects to public addresses, and to local ones when the configured URL is local', async () => {
    files.set('/match.json', matchBytes(MATCHES[0]));
    files.set('/moved', '/match.json');
    // A public configured URL redirected to a public address (localhost, public to the check).
    expect(await run(`http://localhost:${origin.port}/moved`)).toMatchObject({ outcome: 'succeeded' });
    expect((await lastRun()).counts).toEqual({ imported: 1 });
    // A configured URL on the loopback address (a local mirror) may lead to another local address.
    const mirror = await serve('127.0.0.1', (_req, res) =>
      res.writeHead(302, { location: `http://127.0.0.1:${secret.port}/match.json` }).end(),
    );
    try {
      expect(await run(`http://127.0.0.1:${mirror.port}/hop`)).toMatchObject({ outcome: 'succeeded' });
    } finally {
      await new Promise((r) => mirror.server.close(r));
    }
    expect(mirror.asked).toEqual(['/hop']);
    expect(secret.asked).toEqual(['/match.json']);
  });

  it('refuses a redirect that is not http(s), and a redirect loop', async () => {
    files.set('/file', 'file:///etc/passwd');
    expect(await run(`http://localhost:${origin.port}/file`)).toMatchObject({ outcome: 'failed' });
    expect((await lastRun()).message).toMatch(
      /was redirected to file:\/\/\/etc\/passwd, which is not http or https\.$/,
    );
    files.set('/loop', '/loop');
    expect(await run(`http://localhost:${origin.port}/loop`)).toMatchObject({ outcome: 'failed' });
    expect((await lastRun()).message).toMatch(/was redirected more than 10 times\.$/);
  });
});

describe('local addresses', () => {
  it('are loopback, private, link-local, unspecified and shared ones, IPv4-mapped included', () => {
    const local = [
      '127.0.0.1',
      '127.255.0.9',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.254',
      '::1',
      '::',
      'fe80::1',
      'febf::1',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:0.0.0.0',
      'fec0::1',
    ];
    const outside = ['8.8.8.8', '172.32.0.1', '100.128.0.1', '192.169.0.1', '2606:4700::1111', '::ffff:8.8.8.8'];
    for (const a of local) expect(isLocalAddress(a), a).toBe(true);
    for (const a of outside) expect(isLocalAddress(a), a).toBe(false);
  });
});
