import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_FILE_LIMITS, type FileLimits } from '../../src/config';
import { HAVE_IPL_2024, IPL_2024_DIR } from '../cricket/builder';
import { DB_TARGET } from '../db';
import { type ImportsWorld, MATCHES, matchBytes, startImportsWorld, upload, writeCounts } from './imports-setup';
import { emptyObjectsDeflated, rawZip, zerosDeflated } from './zips';

/**
 * What an operator's upload may hold and cost to read (config `fileLimits`, docs/reliability.md):
 * zips are inflated only up to the caps, counting the bytes actually inflated; files are read in a
 * worker thread whose heap is limited, so a hostile file is refused without stalling or ending the API.
 */

const MiB = 1024 * 1024;

type Answer = { statusCode: number; json(): { error: { message: string } } };

/** Asks `ask` over and over while `pending` runs: how many answers came back before it finished. */
async function answeredWhile<T>(pending: Promise<T>, ask: () => Promise<Answer>) {
  let done = false;
  const settled = pending.finally(() => {
    done = true;
  });
  let answered = 0;
  while (!done) {
    const res = await ask();
    expect(res.statusCode).toBe(200);
    if (!done) answered += 1;
    await new Promise((r) => setTimeout(r, 20));
  }
  return { result: await settled, answered };
}

/** Row counts that must not move, apart from the import history (a refused upload is a failed run). */
async function countsBesidesRuns(w: ImportsWorld) {
  const { import_runs: _runs, ...rest } = await writeCounts(w.t);
  return rest;
}

async function lastRun(w: ImportsWorld) {
  return w.t.db.selectFrom('import_runs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
}

describe(`console uploads and their file limits on ${DB_TARGET}`, () => {
  let w: ImportsWorld;
  const post = (Files: { FileName: string; ContentBase64: string }[]) =>
    w.op.client.post('/api/operator/results/cricsheet', { Files });
  /** Sets limits on the app's configuration (read by each request) for one test; the defaults after it. */
  const limits = (changes: Partial<FileLimits>) => Object.assign(w.t.app.deps.config.fileLimits, changes);

  beforeAll(async () => {
    w = await startImportsWorld();
  });
  afterEach(() => {
    limits(DEFAULT_FILE_LIMITS);
  });
  afterAll(async () => {
    await w.t.close();
  });

  it('refuses a zip bomb (an entry declaring 64 bytes that inflates to 512 MiB) with a 400, writing nothing', async () => {
    const bomb = rawZip([{ name: 'ipl/1422119.json', data: await zerosDeflated(512), method: 8, declaredSize: 64 }]);
    expect(bomb.length).toBeLessThan(3 * MiB);
    const before = await countsBesidesRuns(w);
    const res = await post([upload('bomb.zip', bomb)]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'ipl/1422119.json in bomb.zip: more than the 8 MB allowed for one file (IMPORT_FILE_MAX_MB). Nothing was imported.',
    );
    expect(await countsBesidesRuns(w)).toEqual(before);
    expect(await lastRun(w)).toMatchObject({ kind: 'cricsheet', outcome: 'failed', source: 'bomb.zip' });
  });

  it('refuses 190 MiB of empty objects in a 200 KB zip that declares its size honestly', async () => {
    const json = emptyObjectsDeflated(Math.floor((190 * MiB) / 3));
    expect(json.size).toBeGreaterThan(189 * MiB);
    const zip = rawZip([{ name: '1422119.json', data: json.data, method: 8, declaredSize: json.size }]);
    expect(zip.length).toBeLessThan(300 * 1024);
    const before = await countsBesidesRuns(w);
    const { result: res } = await answeredWhile(post([upload('objects.zip', zip)]), () =>
      w.op.client.get('/api/operator/imports?limit=1'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      '1422119.json in objects.zip: more than the 8 MB allowed for one file (IMPORT_FILE_MAX_MB). Nothing was imported.',
    );
    expect(await countsBesidesRuns(w)).toEqual(before);
    // The API is still there and reads the next upload.
    const next = await post([upload(`${MATCHES[0]}.json`, matchBytes(MATCHES[0]))]);
    expect(next.statusCode).toBe(200);
    expect(next.json().Counts).toEqual({ imported: 1 });
  });

  it('refuses a file of more values, or nested deeper, than a match file may have, before parsing it', async () => {
    const before = await countsBesidesRuns(w);
    const json = emptyObjectsDeflated(Math.floor((4 * MiB) / 3));
    const zip = rawZip([{ name: '1422119.json', data: json.data, method: 8, declaredSize: json.size }]);
    const many = await post([upload('objects.zip', zip)]);
    expect(many.statusCode).toBe(400);
    expect(many.json().error.message).toBe(
      '1422119.json is too complex to read: more than 1,000,000 values (a T20 match file has about 5,000). Nothing was imported.',
    );
    const deep = await post([upload('deep.json', `{"info":${'['.repeat(100_000)}${']'.repeat(100_000)}}`)]);
    expect(deep.statusCode).toBe(400);
    expect(deep.json().error.message).toBe(
      'deep.json is too complex to read: nested more than 64 levels deep. Nothing was imported.',
    );
    const cells = await w.op.client.post('/api/operator/squads', {
      File: upload('wide.csv', `season,team\n${'x,'.repeat(1_000_000)}`),
      Apply: true,
    });
    expect(cells.statusCode).toBe(400);
    expect(cells.json().error.message).toBe('wide.csv is too complex to read: more than 1,000,000 cells.');
    expect(await countsBesidesRuns(w)).toEqual(before);
  });

  it('refuses a schedule or squads file of more rows than one file may have, writing nothing', async () => {
    const before = await writeCounts(w.t);
    const rows = JSON.stringify(Array.from({ length: 5001 }, () => ({})));
    for (const Apply of [false, true]) {
      const res = await w.op.client.post('/api/operator/schedule', { File: upload('many.json', rows), Apply });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('many.json has 5001 rows, more than the 5000 one file may have.');
    }
    const csv = ['season,team,player,cricsheet_id,position']
      .concat(Array.from({ length: 5001 }, (_, i) => `IPL 2099,Team,Player ${i},id${i},Batsman`))
      .join('\n');
    const squads = await w.op.client.post('/api/operator/squads', { File: upload('many.csv', csv), Apply: false });
    expect(squads.statusCode).toBe(400);
    expect(squads.json().error.message).toBe('many.csv has 5001 rows, more than the 5000 one file may have.');
    const after = await writeCounts(w.t);
    expect({ ...after, import_runs: 0 }).toEqual({ ...before, import_runs: 0 });
    expect(after.import_runs).toBe(before.import_runs! + 1); // the refused apply
  });

  it('records what a file says even when it holds U+0000 (refused by the database in text): never a 500', async () => {
    const nul = await post([upload('nul.json', '\u0000\u0000')]);
    expect(nul.statusCode).toBe(200);
    expect(nul.json().Lines).toEqual([
      expect.objectContaining({ Key: 'nul.json', Status: 'failed', Reason: expect.stringContaining('\uFFFD') }),
    ]);
    const row = { season: 'IPL 2099\u0000', startTime: '2099-04-01T14:00:00Z', home: 'A\u0000', away: 'B' };
    const schedule = await w.op.client.post('/api/operator/schedule', {
      File: upload('nul-schedule.json', JSON.stringify([row])),
      Apply: true,
    });
    expect(schedule.statusCode).toBe(400);
  });

  it.skipIf(!HAVE_IPL_2024)(
    'still imports the 71 matches of IPL 2024 in one zip',
    async () => {
      const files = readdirSync(IPL_2024_DIR).filter((f) => f.endsWith('.json'));
      expect(files).toHaveLength(71);
      const zip = zipSync(
        Object.fromEntries(files.map((f) => [`ipl_2024/${f}`, new Uint8Array(readFileSync(join(IPL_2024_DIR, f)))])),
      );
      const res = await post([upload('ipl_2024.zip', zip)]);
      expect(res.statusCode).toBe(200);
      expect(res.json().Outcome).toBe('succeeded');
      expect(res.json().Lines).toHaveLength(71);
      const imported = await w.t.db.selectFrom('cricsheet_imports').select('cricsheet_match_id').execute();
      expect(imported.map((r) => `${r.cricsheet_match_id}.json`).sort()).toEqual(files.sort());
    },
    180_000,
  );

  describe('with a 16 MB reader', () => {
    beforeEach(() => {
      limits({ readerHeapMb: 16 });
    });

    it('refuses a file too large or complex to read: its reader runs out of heap, the API answers meanwhile', async () => {
      // 2 MiB of empty objects (700,000 values, within the cap) need about 45 MB to parse.
      const json = emptyObjectsDeflated(Math.floor((2 * MiB) / 3));
      const zip = rawZip([{ name: '1422119.json', data: json.data, method: 8, declaredSize: json.size }]);
      const before = await countsBesidesRuns(w);
      const { result: res, answered } = await answeredWhile(post([upload('objects.zip', zip)]), () =>
        w.op.client.get('/api/operator/imports?limit=1'),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(
        '1422119.json is too large or too complex to read (reading it needs more than the 16 MB allowed, IMPORT_READER_HEAP_MB). Nothing was imported.',
      );
      expect(answered).toBeGreaterThan(0);
      expect(await countsBesidesRuns(w)).toEqual(before);
      expect(await lastRun(w)).toMatchObject({ kind: 'cricsheet', outcome: 'failed', source: 'objects.zip' });
      // A new reader for the next upload.
      const next = await post([upload(`${MATCHES[1]}.json`, matchBytes(MATCHES[1]))]);
      expect(next.statusCode).toBe(200);
      expect(next.json()).toMatchObject({ Outcome: 'succeeded', Lines: [{ Key: `${MATCHES[1]}.json` }] });
    }, 60_000);

    it('refuses a schedule too large or complex to read, writing nothing', async () => {
      const before = await writeCounts(w.t);
      const rows = `[${'{},'.repeat(700_000)}{}]`;
      const res = await w.op.client.post('/api/operator/schedule', { File: upload('objects.json', rows), Apply: true });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(
        'objects.json is too large or too complex to read (reading it needs more than the 16 MB allowed, IMPORT_READER_HEAP_MB).',
      );
      const after = await writeCounts(w.t);
      expect({ ...after, import_runs: 0 }).toEqual({ ...before, import_runs: 0 });
    }, 60_000);
  });

  describe('with small size limits', () => {
    beforeEach(() => {
      limits({ fileBytes: 1 * MiB, totalBytes: 2.5 * MiB, files: 3 });
    });

    it('counts the bytes inflated in all, and the files, whatever the zip declares', async () => {
      const before = await countsBesidesRuns(w);
      const one = await zerosDeflated(1);
      const three = rawZip(
        ['a.json', 'b.json', 'c.json'].map((name) => ({ name, data: one, method: 8, declaredSize: 64 }) as const),
      );
      const total = await post([upload('three.zip', three)]);
      expect(total.statusCode).toBe(400);
      expect(total.json().error.message).toBe(
        'three.zip: more than 2.5 MB unpacked (IMPORT_UNZIPPED_MAX_MB). Nothing was imported.',
      );
      const small = new TextEncoder().encode('{}');
      const four = rawZip(
        ['a.json', 'b.json', 'c.json', 'd.json'].map(
          (name) => ({ name, data: small, method: 0, declaredSize: 2 }) as const,
        ),
      );
      const files = await post([upload('four.zip', four)]);
      expect(files.statusCode).toBe(400);
      expect(files.json().error.message).toBe('four.zip: more than 3 files. Nothing was imported.');
      expect(await countsBesidesRuns(w)).toEqual(before);
    });

    it('holds a plain file to the limit too: Cricsheet, schedule and squads', async () => {
      const before = await countsBesidesRuns(w);
      const big = `{"padding":"${'x'.repeat(1.5 * MiB)}"}`;
      const results = await w.op.client.post('/api/operator/results/cricsheet', { Files: [upload('big.json', big)] });
      expect(results.statusCode).toBe(400);
      expect(results.json().error.message).toBe(
        'big.json: more than the 1 MB allowed for one file (IMPORT_FILE_MAX_MB). Nothing was imported.',
      );
      for (const kind of ['schedule', 'squads']) {
        const res = await w.op.client.post(`/api/operator/${kind}`, { File: upload('big.json', big), Apply: false });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(
          'big.json: more than the 1 MB allowed for one file (IMPORT_FILE_MAX_MB).',
        );
      }
      expect(await countsBesidesRuns(w)).toEqual(before);
    });
  });
});

describe('file limit settings', () => {
  it('have defaults and environment settings', async () => {
    const { loadConfig } = await import('../../src/config');
    expect(loadConfig({}).fileLimits).toEqual(DEFAULT_FILE_LIMITS);
    expect(DEFAULT_FILE_LIMITS).toMatchObject({ fileBytes: 8 * MiB, totalBytes: 200 * MiB, readerHeapMb: 256 });
    expect(
      loadConfig({ IMPORT_FILE_MAX_MB: '2.5', IMPORT_UNZIPPED_MAX_MB: '50', IMPORT_READER_HEAP_MB: '128' }).fileLimits,
    ).toMatchObject({ fileBytes: 2.5 * MiB, totalBytes: 50 * MiB, readerHeapMb: 128 });
    expect(() => loadConfig({ IMPORT_READER_HEAP_MB: '0' })).toThrow(
      /IMPORT_READER_HEAP_MB must be a positive integer/,
    );
  });
});
