import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CricsheetFetchConfig, loadConfig } from '../../src/config';
import { type Database, openDatabase } from '../../src/db/database';
import type { DB } from '../../src/db/schema';
import {
  fetchState,
  runCricsheetFetch,
  SCHEDULED_FETCH_ACTOR,
  startCricsheetFetchTimer,
} from '../../src/operator/fetch';
import { HAVE_IPL_2024, IPL_2024_DIR } from '../cricket/builder';
import { tableDigests } from '../cricket/helpers';
import { DB_TARGET, TEST_POSTGRES_URL } from '../db';
import { PASSWORD, type SignedIn, signUp, startTestApp, type TestApp } from '../helpers';

/**
 * The scheduled Cricsheet fetch against a real local HTTP server that serves a zip of the whole IPL
 * 2024 season (71 files, built here with fflate) and honours If-None-Match / If-Modified-Since like
 * cricsheet.org. The steps run in order on one database: first import, 304, a changed file, failures.
 */

/** What the local server answers; each request's headers are kept. */
interface Served {
  status: number;
  body: Uint8Array;
  etag: string | null;
  lastModified: Date | null;
}

const FILES = HAVE_IPL_2024
  ? readdirSync(IPL_2024_DIR)
      .filter((f) => f.endsWith('.json'))
      .sort()
  : [];
const original = new Map(FILES.map((f) => [f, readFileSync(join(IPL_2024_DIR, f))]));

/** A zip laid out as Cricsheet's downloads are: the match files and a README. */
function seasonZip(files: ReadonlyMap<string, Uint8Array>): Uint8Array {
  const entries: Record<string, Uint8Array> = { 'README.txt': strToU8('The matches of IPL 2024.\n') };
  for (const [name, bytes] of files) entries[name] = bytes;
  return zipSync(entries, { level: 1 });
}

/** A match file with one single to a batter turned into a four; returns the batter's registry id. */
function withAFour(bytes: Uint8Array): { bytes: Uint8Array; batter: string } {
  type Delivery = { batter: string; runs: { batter: number; extras: number; total: number }; extras?: unknown };
  const match = JSON.parse(Buffer.from(bytes).toString('utf8')) as {
    info: { registry: { people: Record<string, string> } };
    innings: { overs: { deliveries: Delivery[] }[] }[];
  };
  const d = match.innings[0]?.overs.flatMap((o) => o.deliveries).find((x) => x.runs.batter === 1 && !x.extras);
  if (!d) throw new Error('no single in the first innings');
  d.runs.batter = 4;
  d.runs.total += 3;
  const batter = match.info.registry.people[d.batter];
  if (!batter) throw new Error('batter not in the registry');
  return { bytes: strToU8(JSON.stringify(match)), batter };
}

async function startServer(served: Served, requests: IncomingHttpHeaders[]): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    requests.push(req.headers);
    if (served.status !== 200) {
      res.writeHead(served.status, { 'content-type': 'text/plain' }).end('Internal error\n');
      return;
    }
    const validators: Record<string, string> = {};
    if (served.etag) validators.etag = served.etag;
    if (served.lastModified) validators['last-modified'] = served.lastModified.toUTCString();
    const inm = req.headers['if-none-match'];
    const ims = req.headers['if-modified-since'];
    // RFC 9110: If-None-Match decides when present; If-Modified-Since only without it.
    const notModified =
      inm !== undefined
        ? served.etag !== null && inm === served.etag
        : ims !== undefined && served.lastModified !== null && served.lastModified.getTime() <= Date.parse(ims);
    if (notModified) {
      res.writeHead(304, validators).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/zip', 'content-length': served.body.length, ...validators });
    res.end(served.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/downloads/ipl_json.zip` };
}

/** Everything an import writes: the cricket tables (digests) and the score lines. */
async function fingerprint(db: Kysely<DB>) {
  const { rows } = await sql<{ n: number; total: number }>`
    SELECT count(*)::int AS n, coalesce(sum(points), 0)::int AS total FROM player_fixture_points`.execute(db);
  return { tables: await tableDigests(db), points: rows[0] };
}

async function runs(db: Kysely<DB>) {
  return db.selectFrom('import_runs').selectAll().where('kind', '=', 'fetch').orderBy('id').execute();
}

async function linesOf(db: Kysely<DB>, runId: number) {
  return db.selectFrom('import_run_lines').selectAll().where('run_id', '=', runId).orderBy('line_no').execute();
}

/** Makes the scheduled run due now (what the interval does after an hour). */
async function makeDue(db: Kysely<DB>) {
  await sql`UPDATE cricsheet_fetch SET next_run_at = now() - interval '1 second'`.execute(db);
}

async function playerPoints(db: Kysely<DB>, fixtureId: number, cricsheetId: string) {
  const row = await db
    .selectFrom('player_fixture_points as p')
    .innerJoin('players as pl', 'pl.id', 'p.player_id')
    .select((eb) => eb.fn.sum<number>('p.points').as('points'))
    .where('p.fixture_id', '=', fixtureId)
    .where('pl.cricsheet_id', '=', cricsheetId)
    .executeTakeFirstOrThrow();
  const stats = await db
    .selectFrom('player_fixture_stats as s')
    .innerJoin('players as pl', 'pl.id', 's.player_id')
    .select(['s.runs', 's.fours'])
    .where('s.fixture_id', '=', fixtureId)
    .where('pl.cricsheet_id', '=', cricsheetId)
    .executeTakeFirstOrThrow();
  return { points: Number(row.points), runs: stats.runs, fours: stats.fours };
}

describe('fetch configuration', () => {
  it('is off without CRICSHEET_FETCH_URL; the interval, timeout and size cap have defaults', () => {
    const off = loadConfig({}).cricsheetFetch;
    expect(off).toMatchObject({
      url: undefined,
      intervalMs: 60 * 60_000,
      timeoutMs: 120_000,
      maxBytes: 100 * 1024 * 1024,
    });
    expect(startCricsheetFetchTimer({} as Kysely<DB>, off, { info() {}, warn() {}, error() {} })).toBeUndefined();
    const on = loadConfig({
      CRICSHEET_FETCH_URL: 'https://cricsheet.org/downloads/ipl_json.zip',
      CRICSHEET_FETCH_INTERVAL_MINUTES: '15',
      CRICSHEET_FETCH_TIMEOUT_S: '30',
      CRICSHEET_FETCH_MAX_MB: '20',
    }).cricsheetFetch;
    expect(on).toMatchObject({
      url: 'https://cricsheet.org/downloads/ipl_json.zip',
      intervalMs: 15 * 60_000,
      timeoutMs: 30_000,
      maxBytes: 20 * 1024 * 1024,
    });
  });

  it('refuses a URL that is not http(s) and an interval that is not whole minutes', () => {
    expect(() => loadConfig({ CRICSHEET_FETCH_URL: 'ftp://cricsheet.org/x.zip' })).toThrow(
      /CRICSHEET_FETCH_URL must be an http or https URL/,
    );
    expect(() => loadConfig({ CRICSHEET_FETCH_URL: 'not a url' })).toThrow(/CRICSHEET_FETCH_URL/);
    expect(() => loadConfig({ CRICSHEET_FETCH_INTERVAL_MINUTES: '1.5' })).toThrow(
      /CRICSHEET_FETCH_INTERVAL_MINUTES must be a positive integer/,
    );
  });
});

describe.skipIf(!HAVE_IPL_2024)(`scheduled Cricsheet fetch on ${DB_TARGET}`, () => {
  const requests: IncomingHttpHeaders[] = [];
  const served: Served = {
    status: 200,
    body: seasonZip(original),
    etag: '"season-1"',
    lastModified: new Date('2024-06-01T10:00:00Z'),
  };
  let server: Server;
  let url: string;
  let t: TestApp;
  let db: Kysely<DB>;
  let settings: CricsheetFetchConfig;
  const changedFile = FILES[10] ?? '';
  let changedBatter = '';

  beforeAll(async () => {
    ({ server, url } = await startServer(served, requests));
    t = await startTestApp({ cricsheetFetch: { url } });
    db = t.db;
    settings = t.app.deps.config.cricsheetFetch;
  });

  afterAll(async () => {
    await t?.close();
    await new Promise((r) => server?.close(r));
  });

  it('first run downloads the season zip and imports every match, recorded line by line', async () => {
    expect(FILES).toHaveLength(71);
    const result = await runCricsheetFetch(db, settings, {
      trigger: 'schedule',
      actor: SCHEDULED_FETCH_ACTOR,
      dueOnly: true,
    });
    expect(result).toMatchObject({ ran: true, outcome: 'succeeded' });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.['if-none-match']).toBeUndefined();
    expect(requests[0]?.['if-modified-since']).toBeUndefined();
    // No kept connection for the next run to find closed by the server.
    expect(requests[0]?.connection).toBe('close');

    const imported = await db.selectFrom('cricsheet_imports').select('cricsheet_match_id').execute();
    expect(imported).toHaveLength(71);
    const results = await db.selectFrom('fixture_results').select('fixture_id').execute();
    expect(results.length).toBeGreaterThanOrEqual(65);
    const [run] = await runs(db);
    expect(run).toMatchObject({
      kind: 'fetch',
      trigger: 'schedule',
      source: url,
      started_by: null,
      started_by_label: 'scheduled fetch',
      outcome: 'succeeded',
      counts: { imported: 71 },
    });
    expect(run?.message).toMatch(/ipl_json\.zip .*71 match files.*71 imported/);
    const lines = await linesOf(db, run!.id);
    expect(lines.map((l) => l.key).sort()).toEqual(FILES);
    expect(lines.every((l) => l.status === 'imported' && l.fixture_id !== null)).toBe(true);
    expect(run?.rescored_fixture_ids.length).toBeGreaterThan(60);

    const state = await fetchState(db);
    expect(state).toMatchObject({
      url,
      etag: '"season-1"',
      last_modified: 'Sat, 01 Jun 2024 10:00:00 GMT',
      lease_holder: null,
      lease_until: null,
      last_run_id: run!.id,
    });
    expect(new Date(state.next_run_at!).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
  }, 180_000);

  it('the timer does not run again before the interval has passed', async () => {
    const before = requests.length;
    const result = await runCricsheetFetch(db, settings, {
      trigger: 'schedule',
      actor: SCHEDULED_FETCH_ACTOR,
      dueOnly: true,
    });
    expect(result).toEqual({ ran: false, reason: 'not_due' });
    expect(requests).toHaveLength(before);
    expect(await runs(db)).toHaveLength(1);
  });

  it('second run sends the validators, gets 304 and writes nothing but its record', async () => {
    await makeDue(db);
    const before = await fingerprint(db);
    const result = await runCricsheetFetch(db, settings, {
      trigger: 'schedule',
      actor: SCHEDULED_FETCH_ACTOR,
      dueOnly: true,
    });
    expect(result).toMatchObject({ ran: true, outcome: 'not_modified' });
    const sent = requests.at(-1);
    expect(sent?.['if-none-match']).toBe('"season-1"');
    expect(sent?.['if-modified-since']).toBe('Sat, 01 Jun 2024 10:00:00 GMT');
    const run = (await runs(db)).at(-1);
    expect(run).toMatchObject({ outcome: 'not_modified', counts: {} });
    expect(run?.message).toMatch(/Not modified/);
    expect(await linesOf(db, run!.id)).toEqual([]);
    expect(await fingerprint(db)).toEqual(before);
    expect(await fetchState(db)).toMatchObject({ etag: '"season-1"', last_run_id: run!.id });
  });

  it('a changed file is updated and re-scored; the other matches are unchanged', async () => {
    const changed = withAFour(original.get(changedFile)!);
    changedBatter = changed.batter;
    const matchId = changedFile.replace('.json', '');
    const fixture = await db
      .selectFrom('fixtures')
      .select('id')
      .where('cricsheet_match_id', '=', matchId)
      .executeTakeFirstOrThrow();
    const before = await playerPoints(db, fixture.id, changedBatter);

    served.body = seasonZip(new Map([...original, [changedFile, changed.bytes]]));
    served.etag = '"season-2"';
    served.lastModified = new Date('2024-06-02T10:00:00Z');
    await makeDue(db);
    const result = await runCricsheetFetch(db, settings, {
      trigger: 'schedule',
      actor: SCHEDULED_FETCH_ACTOR,
      dueOnly: true,
    });
    expect(result).toMatchObject({ ran: true, outcome: 'succeeded' });
    expect(requests.at(-1)?.['if-none-match']).toBe('"season-1"');

    const run = (await runs(db)).at(-1)!;
    expect(run.counts).toEqual({ updated: 1, unchanged: 70 });
    const lines = await linesOf(db, run.id);
    expect(lines.filter((l) => l.status === 'updated')).toEqual([
      expect.objectContaining({ key: changedFile, fixture_id: fixture.id }),
    ]);
    expect(run.rescored_fixture_ids).toContain(fixture.id);

    const after = await playerPoints(db, fixture.id, changedBatter);
    expect(after.runs).toBe(before.runs + 3);
    expect(after.fours).toBe(before.fours + 1);
    expect(after.points).not.toBe(before.points);
    expect(await fetchState(db)).toMatchObject({ etag: '"season-2"', last_modified: 'Sun, 02 Jun 2024 10:00:00 GMT' });
  }, 120_000);

  it('a broken zip is recorded as failed, changes nothing and keeps the validators', async () => {
    const before = await fingerprint(db);
    const good = served.body;
    served.body = good.slice(0, Math.floor(good.length / 2));
    served.etag = '"season-broken"';
    await makeDue(db);
    const result = await runCricsheetFetch(db, settings, {
      trigger: 'schedule',
      actor: SCHEDULED_FETCH_ACTOR,
      dueOnly: true,
    });
    expect(result).toMatchObject({ ran: true, outcome: 'failed' });
    const run = (await runs(db)).at(-1)!;
    expect(run.outcome).toBe('failed');
    expect(run.message).toMatch(/ipl_json\.zip: not a readable zip file/);
    expect(await fingerprint(db)).toEqual(before);
    const state = await fetchState(db);
    expect(state).toMatchObject({ etag: '"season-2"', lease_holder: null, last_run_id: run.id });
    // A failed run still waits for the interval: no retry loop against a broken download.
    expect(new Date(state.next_run_at!).getTime()).toBeGreaterThan(Date.now());

    // The next run sends the kept validators again (the broken download is retried in full).
    await makeDue(db);
    await runCricsheetFetch(db, settings, { trigger: 'schedule', actor: SCHEDULED_FETCH_ACTOR, dueOnly: true });
    expect(requests.at(-1)?.['if-none-match']).toBe('"season-2"');
    served.body = good;
    served.etag = '"season-2"';
  });

  it('a 500 and an unreachable server are recorded as failed and change nothing', async () => {
    const before = await fingerprint(db);
    served.status = 500;
    await makeDue(db);
    expect(
      await runCricsheetFetch(db, settings, { trigger: 'schedule', actor: SCHEDULED_FETCH_ACTOR, dueOnly: true }),
    ).toMatchObject({ ran: true, outcome: 'failed' });
    expect((await runs(db)).at(-1)?.message).toMatch(/answered 500 Internal Server Error/);
    served.status = 200;

    // A port nothing listens on (a server closed at once).
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    await makeDue(db);
    expect(
      await runCricsheetFetch(
        db,
        { ...settings, url: `http://127.0.0.1:${port}/ipl_json.zip` },
        { trigger: 'schedule', actor: SCHEDULED_FETCH_ACTOR, dueOnly: true },
      ),
    ).toMatchObject({ ran: true, outcome: 'failed' });
    expect((await runs(db)).at(-1)?.message).toMatch(/Could not download .*ECONNREFUSED/);

    expect(await fingerprint(db)).toEqual(before);
    expect(await fetchState(db)).toMatchObject({ url, etag: '"season-2"', lease_holder: null });
  });

  it('runs once when two runs are due at the same time; a held lease makes the other wait, a lapsed one is taken over', async () => {
    served.body = seasonZip(original); // the original file back: one match to update
    served.etag = '"season-3"';
    await makeDue(db);
    const before = requests.length;
    const runsBefore = (await runs(db)).length;
    const results = await Promise.all([
      runCricsheetFetch(db, settings, { trigger: 'schedule', actor: SCHEDULED_FETCH_ACTOR, dueOnly: true }),
      runCricsheetFetch(db, settings, { trigger: 'schedule', actor: SCHEDULED_FETCH_ACTOR, dueOnly: true }),
    ]);
    expect(results.filter((r) => r.ran)).toHaveLength(1);
    expect(requests.length - before).toBe(1);
    expect((await runs(db)).length - runsBefore).toBe(1);
    expect((await runs(db)).at(-1)?.counts).toEqual({ updated: 1, unchanged: 70 });

    // Another process holds the job: neither the timer nor "Run now" starts a second run.
    await sql`UPDATE cricsheet_fetch SET lease_holder = 'other-process', lease_until = now() + interval '1 minute',
              next_run_at = now() - interval '1 second'`.execute(db);
    const busy = await runCricsheetFetch(db, settings, {
      trigger: 'console',
      actor: SCHEDULED_FETCH_ACTOR,
      dueOnly: false,
    });
    expect(busy).toMatchObject({ ran: false, reason: 'busy' });
    expect(requests.length - before).toBe(1);

    // That process died: its lease lapses and the next look runs the fetch.
    await sql`UPDATE cricsheet_fetch SET lease_until = now() - interval '1 second'`.execute(db);
    const timer = startCricsheetFetchTimer(db, settings, { info() {}, warn() {}, error() {} });
    try {
      expect(await timer?.tick()).toMatchObject({ ran: true, outcome: 'not_modified' });
    } finally {
      timer?.stop();
    }
    expect(await fetchState(db)).toMatchObject({ lease_holder: null, lease_until: null, etag: '"season-3"' });
  }, 120_000);

  it.skipIf(DB_TARGET !== 'postgres')(
    'two API processes (separate connection pools) on one PostgreSQL database: one run per due interval',
    async () => {
      const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
      const other: Database = await openDatabase({
        databaseUrl: TEST_POSTGRES_URL,
        schema: rows[0]!.schema,
        poolSize: 3,
      });
      try {
        served.etag = '"season-4"'; // a new download: a run would import
        await makeDue(db);
        const before = requests.length;
        const runsBefore = (await runs(db)).length;
        const quiet = { info() {}, warn() {}, error() {} };
        const a = startCricsheetFetchTimer(db, settings, quiet);
        const b = startCricsheetFetchTimer(other.db, settings, quiet);
        try {
          const results = await Promise.all([a?.tick(), b?.tick()]);
          expect(results.filter((r) => r?.ran)).toHaveLength(1);
          // Later looks of both processes within the interval do nothing.
          const again = await Promise.all([a?.tick(), b?.tick()]);
          expect(again.filter((r) => r?.ran)).toHaveLength(0);
        } finally {
          a?.stop();
          b?.stop();
        }
        expect(requests.length - before).toBe(1);
        expect((await runs(db)).length - runsBefore).toBe(1);
        expect((await runs(db)).at(-1)?.counts).toEqual({ unchanged: 71 });
      } finally {
        await other.close();
      }
    },
    120_000,
  );

  describe('through the HTTP API', () => {
    let operator: SignedIn;
    let user: SignedIn;

    beforeAll(async () => {
      operator = await signUp(t, undefined, { first: 'Olu', last: 'Operator' });
      user = await signUp(t);
      await db.insertInto('operators').values({ user_id: operator.userId, granted_by_label: 'test' }).execute();
    });

    it('getFetchStatus: the configuration, the validators, the last run and the next run, for operators only', async () => {
      expect((await t.client().get('/api/operator/fetch')).statusCode).toBe(401);
      expect((await user.client.get('/api/operator/fetch')).statusCode).toBe(403);
      const res = await operator.client.get('/api/operator/fetch');
      expect(res.statusCode).toBe(200);
      const last = (await runs(db)).at(-1)!;
      const state = await fetchState(db);
      expect(res.json()).toEqual({
        Enabled: true,
        Url: url,
        IntervalMinutes: 60,
        LastRun: expect.objectContaining({
          ImportRunID: last.id,
          Kind: 'fetch',
          Trigger: 'schedule',
          Outcome: last.outcome,
        }),
        NextRunAt: new Date(state.next_run_at!).toISOString(),
        ETag: state.etag,
        LastModified: state.last_modified,
      });
    });

    it('runCricsheetFetch: runs now as the operator, answers the report and writes the audit entry', async () => {
      expect((await user.client.post('/api/operator/fetch')).statusCode).toBe(403);
      const res = await operator.client.post('/api/operator/fetch');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        Kind: 'fetch',
        Trigger: 'console',
        Source: url,
        StartedBy: `Olu Operator <${operator.email}>`,
        Outcome: 'not_modified',
        Lines: [],
        RescoredFixtureIDs: [],
      });
      const audit = await db.selectFrom('audit_log').selectAll().where('action', '=', 'fetch.run').execute();
      expect(audit).toEqual([
        expect.objectContaining({
          actor_user_id: operator.userId,
          target: url,
          after: expect.objectContaining({ ImportRunID: body.ImportRunID, Outcome: 'not_modified' }),
        }),
      ]);

      // A changed download through "Run now": the report lists every match.
      served.etag = '"season-5"';
      const changed = withAFour(original.get(changedFile)!);
      served.body = seasonZip(new Map([...original, [changedFile, changed.bytes]]));
      const updated = await operator.client.post('/api/operator/fetch');
      expect(updated.statusCode).toBe(200);
      expect(updated.json().Outcome).toBe('succeeded');
      expect(updated.json().Counts).toEqual({ updated: 1, unchanged: 70 });
      expect(updated.json().Lines).toHaveLength(71);
      expect(updated.json().Lines.find((l: { Status: string }) => l.Status === 'updated')).toMatchObject({
        Key: changedFile,
        FixtureID: expect.any(Number),
      });
    }, 120_000);

    it('runCricsheetFetch: 400 while another run holds the job', async () => {
      await sql`UPDATE cricsheet_fetch SET lease_holder = 'other-process', lease_until = now() + interval '1 minute'`.execute(
        db,
      );
      const before = requests.length;
      const res = await operator.client.post('/api/operator/fetch');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/A Cricsheet fetch is running now/);
      expect(requests.length).toBe(before);
      await sql`UPDATE cricsheet_fetch SET lease_holder = NULL, lease_until = NULL`.execute(db);
    });

    it('without CRICSHEET_FETCH_URL: the status says off and runCricsheetFetch answers 400', async () => {
      const off = await startTestApp({}, {}, t.database);
      try {
        const client = off.client();
        // Same database: sign the operator in on this app.
        const login = await client.post('/api/user/authenticate_user', {
          email: operator.email,
          password: PASSWORD,
        });
        expect(login.json().status).toBe('success');
        const status = await client.get('/api/operator/fetch');
        expect(status.json()).toMatchObject({
          Enabled: false,
          Url: null,
          IntervalMinutes: null,
          NextRunAt: null,
          ETag: null,
        });
        const before = (await runs(db)).length;
        const res = await client.post('/api/operator/fetch');
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toMatch(/No Cricsheet download is configured: set CRICSHEET_FETCH_URL/);
        expect((await runs(db)).length).toBe(before);
      } finally {
        await off.close();
      }
    });
  });

  it('a server that sends only Last-Modified: the next run asks If-Modified-Since and gets 304', async () => {
    served.etag = null;
    served.lastModified = new Date('2024-06-03T10:00:00Z');
    await makeDue(db);
    expect(
      await runCricsheetFetch(db, settings, { trigger: 'schedule', actor: SCHEDULED_FETCH_ACTOR, dueOnly: true }),
    ).toMatchObject({ ran: true, outcome: 'succeeded' });
    expect(await fetchState(db)).toMatchObject({ etag: null, last_modified: 'Mon, 03 Jun 2024 10:00:00 GMT' });
    await makeDue(db);
    const before = await fingerprint(db);
    expect(
      await runCricsheetFetch(db, settings, { trigger: 'schedule', actor: SCHEDULED_FETCH_ACTOR, dueOnly: true }),
    ).toMatchObject({ ran: true, outcome: 'not_modified' });
    expect(requests.at(-1)?.['if-none-match']).toBeUndefined();
    expect(requests.at(-1)?.['if-modified-since']).toBe('Mon, 03 Jun 2024 10:00:00 GMT');
    expect(await fingerprint(db)).toEqual(before);
  }, 120_000);

  it('a URL of one match file imports that match; a new URL starts without the old validators', async () => {
    const single = `${new URL(url).origin}/matches/${changedFile}`;
    served.body = original.get(changedFile)!;
    served.etag = '"one-match"';
    await makeDue(db);
    expect(
      await runCricsheetFetch(
        db,
        { ...settings, url: single },
        { trigger: 'schedule', actor: SCHEDULED_FETCH_ACTOR, dueOnly: true },
      ),
    ).toMatchObject({ ran: true, outcome: 'succeeded' });
    expect(requests.at(-1)?.['if-modified-since']).toBeUndefined();
    const run = (await runs(db)).at(-1)!;
    expect(run.source).toBe(single);
    // The HTTP test above left the four in this match: the original file corrects it back.
    expect((await linesOf(db, run.id)).map((l) => [l.key, l.status])).toEqual([[changedFile, 'updated']]);
    expect(await fetchState(db)).toMatchObject({ url: single, etag: '"one-match"' });
  });
});
