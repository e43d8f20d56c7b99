import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it, onTestFinished } from 'vitest';
import { DEFAULT_FILE_LIMITS } from '../../src/config';
import { readCricsheetFiles, readDataFile } from '../../src/operator/file-reader';
import { csvCells, jsonShape } from '../../src/operator/file-reading';
import { FileRefusal, type ReceivedFile, unpackFiles } from '../../src/operator/zip';
import { MATCHES, matchBytes } from './imports-setup';
import { rawZip, zerosDeflated } from './zips';

/** The file reader on its own: unpacking within the caps, the shape of a file counted before parsing it, the worker. */

const MiB = 1024 * 1024;
const text = (s: string) => new TextEncoder().encode(s);
const unpacked = (files: ReceivedFile[], limits = DEFAULT_FILE_LIMITS) =>
  [...unpackFiles(files, limits)].map((f) => [f.name, Buffer.from(f.bytes).toString('latin1')]);
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(FileRefusal);
    return (e as Error).message;
  }
  throw new Error('not refused');
};

describe('unpacking', () => {
  it("takes a zip's .json entries (folders flattened, other files left out) and plain files as they are", () => {
    const zip = zipSync({
      'ipl/a.json': strToU8('{"a":1}'),
      'ipl/README.txt': strToU8('not a match'),
      'ipl/deeper/b.JSON': strToU8('[2]'),
      'ipl/empty/': new Uint8Array(0),
    });
    expect(
      unpacked([
        { name: 'season.zip', bytes: zip },
        { name: 'c.json', bytes: text('3') },
      ]),
    ).toEqual([
      ['a.json', '{"a":1}'],
      ['b.JSON', '[2]'],
      ['c.json', '3'],
    ]);
  });

  it('reads stored and deflated entries whatever size they declare, and ZIP64 directories', () => {
    const entries = [
      { name: 'stored.json', data: text('{"s":1}'), method: 0, declaredSize: 1 },
      { name: 'deflated.json', data: deflateRawSync(Buffer.from('{"d":2}')), method: 8, declaredSize: 99_999 },
    ] as const;
    const expected = [
      ['stored.json', '{"s":1}'],
      ['deflated.json', '{"d":2}'],
    ];
    expect(unpacked([{ name: 'x.zip', bytes: rawZip(entries) }])).toEqual(expected);
    expect(unpacked([{ name: 'x.zip', bytes: rawZip(entries, { zip64: true }) }])).toEqual(expected);
  });

  it('stops inflating at the caps: one file, all files, the number of files', async () => {
    const limits = { ...DEFAULT_FILE_LIMITS, fileBytes: 2 * MiB, totalBytes: 5 * MiB, files: 3 };
    const bomb = rawZip([{ name: 'a.json', data: await zerosDeflated(64), method: 8, declaredSize: 10 }]);
    expect(refusal(() => unpacked([{ name: 'bomb.zip', bytes: bomb }], limits))).toBe(
      'a.json in bomb.zip: more than the 2 MB allowed for one file (IMPORT_FILE_MAX_MB)',
    );
    const twoMiB = await zerosDeflated(2);
    const three = rawZip(['a', 'b', 'c'].map((n) => ({ name: `${n}.json`, data: twoMiB, method: 8, declaredSize: 1 })));
    expect(refusal(() => unpacked([{ name: 'three.zip', bytes: three }], limits))).toBe(
      'three.zip: more than 5 MB unpacked (IMPORT_UNZIPPED_MAX_MB)',
    );
    const four = ['a', 'b', 'c', 'd'].map((n) => ({ name: `${n}.json`, bytes: text('{}') }));
    expect(refusal(() => unpacked(four, limits))).toBe('d.json: more than 3 files');
    expect(refusal(() => unpacked([{ name: 'big.json', bytes: new Uint8Array(2 * MiB + 1) }], limits))).toBe(
      'big.json: more than the 2 MB allowed for one file (IMPORT_FILE_MAX_MB)',
    );
  });

  it('refuses a broken zip with the reason', () => {
    const good = zipSync({ 'a.json': strToU8('{"a":1}') });
    expect(refusal(() => unpacked([{ name: 'half.zip', bytes: good.slice(0, 20) }]))).toBe(
      'half.zip: not a readable zip file (no end of central directory)',
    );
    const garbled = rawZip([{ name: 'a.json', data: text('not deflate at all'), method: 8, declaredSize: 5 }]);
    expect(refusal(() => unpacked([{ name: 'garbled.zip', bytes: garbled }]))).toMatch(
      /^garbled\.zip: not a readable zip file \(.+\)$/,
    );
    const lzma = rawZip([{ name: 'a.json', data: text('x'), method: 14, declaredSize: 1 }]);
    expect(refusal(() => unpacked([{ name: 'lzma.zip', bytes: lzma }]))).toBe(
      'lzma.zip: not a readable zip file (a.json: compression method 14 is not supported)',
    );
  });
});

describe('the shape of a file, counted before parsing it', () => {
  it('counts JSON values (keys included) and nesting exactly for valid JSON', () => {
    expect(jsonShape(text('{"a":[1,2,{"b":"x\\"y]"}],"c":true,"d":null,"e":-1.5e3}'))).toEqual({
      values: 14,
      depth: 3,
    });
    expect(jsonShape(text(' 42 '))).toEqual({ values: 1, depth: 0 });
    expect(jsonShape(text('[{},{},[]]'))).toEqual({ values: 4, depth: 2 });
    expect(jsonShape(new Uint8Array(1000))).toEqual({ values: 1, depth: 0 }); // not JSON: one bad token
    expect(jsonShape(matchBytes(MATCHES[0])).depth).toBe(11);
  });

  it('counts CSV cells, quoted commas and line breaks inside a cell not counted', () => {
    expect(csvCells(text('a,b,c\n1,"x,\ny",3\n'))).toBe(7);
  });
});

describe('reading in a worker thread', () => {
  it('reads Cricsheet files and reports what is not JSON', async () => {
    const read = await readCricsheetFiles(
      [
        { name: `${MATCHES[0]}.json`, bytes: new Uint8Array(matchBytes(MATCHES[0])) },
        { name: 'junk.json', bytes: text('{ nope') },
        { name: 'notes.txt', bytes: text('hello') },
      ],
      DEFAULT_FILE_LIMITS,
    );
    expect(read.files).toBe(3);
    expect(read.matches).toEqual([
      expect.objectContaining({ id: MATCHES[0], parsed: expect.objectContaining({ matchId: MATCHES[0] }) }),
    ]);
    expect(read.unreadable.map((u) => u.reason)).toEqual([
      expect.stringMatching(/^junk\.json: not valid JSON/),
      'notes.txt: not a .json or .zip file',
    ]);
  });

  it('refuses a file of more values, or nested deeper, than a file may have, before parsing it', async () => {
    const many = text(`[${'0,'.repeat(1_000_000)}0]`);
    await expect(readCricsheetFiles([{ name: 'many.json', bytes: many }], DEFAULT_FILE_LIMITS)).rejects.toThrow(
      'many.json is too complex to read: more than 1,000,000 values (a T20 match file has about 5,000)',
    );
    const deep = text(`{"info":${'['.repeat(65)}${']'.repeat(65)}}`);
    await expect(readCricsheetFiles([{ name: 'deep.json', bytes: deep }], DEFAULT_FILE_LIMITS)).rejects.toThrow(
      'deep.json is too complex to read: nested more than 64 levels deep',
    );
    const cells = text(`season,home\n${'x,'.repeat(1_000_000)}`);
    await expect(readDataFile('schedule', { name: 'wide.csv', bytes: cells }, DEFAULT_FILE_LIMITS)).rejects.toThrow(
      'wide.csv is too complex to read: more than 1,000,000 cells',
    );
  });

  it('hands over only the columns the importer reads, nested values emptied', async () => {
    const rows = JSON.stringify([
      {
        season: 'IPL 2099',
        start_time: '2099-04-01 14:00',
        home: { deep: [1, [2]] },
        away: 'B',
        extra: 'x'.repeat(99),
      },
    ]);
    expect(await readDataFile('schedule', { name: 's.json', bytes: text(rows) }, DEFAULT_FILE_LIMITS)).toEqual([
      { where: 's.json [0]', record: { season: 'IPL 2099', start_time: '2099-04-01 14:00', home: {}, away: 'B' } },
    ]);
  });

  it('abandons a read that takes longer than allowed, and reads the next file with a new reader', async () => {
    // 900,000 empty objects: within the caps, a few hundred milliseconds to parse, no message meanwhile.
    const slow = text(`[${'{},'.repeat(900_000)}{}]`);
    await expect(
      readCricsheetFiles([{ name: 'slow.json', bytes: slow }], { ...DEFAULT_FILE_LIMITS, readTimeoutMs: 1 }),
    ).rejects.toThrow(/^slow\.json took longer than 0\.001 s to read and was abandoned$/);
    const next = await readCricsheetFiles([{ name: 'next.json', bytes: text('{}') }], DEFAULT_FILE_LIMITS);
    expect(next.matches.map((m) => m.id)).toEqual(['next']);
  });

  it('works in the API as it runs, from source with `node --import tsx`, and lets the process end', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fc-reader-'));
    const src = (path: string) => pathToFileURL(fileURLToPath(new URL(`../../src/${path}`, import.meta.url))).href;
    const script = join(dir, 'read.mjs');
    writeFileSync(
      script,
      [
        `import { readFileSync } from 'node:fs';`,
        `import { DEFAULT_FILE_LIMITS } from '${src('config.ts')}';`,
        `import { readCricsheetFiles } from '${src('operator/file-reader.ts')}';`,
        `const bytes = new Uint8Array(readFileSync(process.argv[2]));`,
        `const read = await readCricsheetFiles([{ name: 'm.json', bytes }], DEFAULT_FILE_LIMITS);`,
        'console.log(read.matches[0].parsed.fixtureName);',
      ].join('\n'),
    );
    const match = join(dir, 'm.json');
    writeFileSync(match, matchBytes(MATCHES[0]));
    // Run where the API runs from (its folder: tsx resolves there); the idle reader must not keep it alive.
    const child = spawn(process.execPath, ['--import', 'tsx', script, match], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    onTestFinished(() => {
      child.kill();
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out.trim()).toBe('Match 1');
  }, 20_000);
});
