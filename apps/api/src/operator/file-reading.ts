import type { FileLimits } from '../config';
import { type ReadMatch, readCricsheetMatch } from '../cricket/import/read-match';
import type { ScheduleRecord } from '../cricket/import/schedule';
import type { SquadRecords } from '../cricket/import/squads';
import { FileRefusal, type ReceivedFile, unpackFiles, unpackMessages } from './zip';

/**
 * What the file reader's worker thread does (file-reader.ts starts it): unpack, decode, parse and
 * check uploaded or downloaded files, and post what it read, file by file. Nothing here touches the
 * database; the main thread imports what it gets back.
 */

export type ReadJob =
  | { kind: 'cricsheet'; files: ReceivedFile[]; limits: FileLimits }
  | { kind: 'schedule' | 'squads'; file: ReceivedFile; limits: FileLimits };

/** A Cricsheet file that is not JSON at all: its import line. */
export interface UnreadableFile {
  key: string;
  status: 'failed';
  reason: string;
  path?: string;
}

export type ReaderMessage =
  /** Before each file: the file being read, named when the reading has to be abandoned. */
  | { type: 'reading'; name: string }
  | { type: 'match'; match: ReadMatch }
  | { type: 'unreadable'; line: UnreadableFile }
  | { type: 'schedule'; records: ScheduleRecord[] }
  | { type: 'squads'; records: SquadRecords }
  /** The end of a Cricsheet job: how many files the upload or download had once unpacked. */
  | { type: 'done'; files: number }
  /** The whole upload or download is refused: the message for the person. */
  | { type: 'refused'; message: string };

export const readMessages = {
  notText: (name: string) => `${name} is not a UTF-8 text file (JSON or CSV).`,
  tooManyRows: (name: string, rows: number, limit: number) =>
    `${name} has ${rows} rows, more than the ${limit} one file may have.`,
  tooManyValues: (name: string, limit: number) =>
    `${name} is too complex to read: more than ${limit.toLocaleString('en')} values (a T20 match file has about 5,000)`,
  tooManyCells: (name: string, limit: number) =>
    `${name} is too complex to read: more than ${limit.toLocaleString('en')} cells`,
  tooDeep: (name: string, limit: number) => `${name} is too complex to read: nested more than ${limit} levels deep`,
  tooComplex: (name: string, heapMb: number) =>
    `${name} is too large or too complex to read (reading it needs more than the ${heapMb} MB allowed, IMPORT_READER_HEAP_MB)`,
  tooSlow: (name: string, seconds: number) => `${name} took longer than ${seconds} s to read and was abandoned`,
  readerFailed: (name: string, why: string) => `${name} could not be read (${why})`,
} as const;

const matchIdOf = (name: string) => name.replace(/\.json$/i, '');

/**
 * What parsing a JSON text would build, counted on its bytes without building it: values (object
 * keys included: each string, number, literal, object and array) and the deepest nesting. Exact for
 * valid JSON; for anything else only a bound on what JSON.parse could build before it fails.
 */
export function jsonShape(bytes: Uint8Array): { values: number; depth: number } {
  let values = 0;
  let depth = 0;
  let deepest = 0;
  // The last byte outside strings that is not white space: -1 at the start.
  let prev = -1;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    switch (c) {
      case 0x22: // a string, skipped to its closing quote
        values += 1;
        for (i++; i < bytes.length && bytes[i] !== 0x22; i++) if (bytes[i] === 0x5c) i++;
        prev = c;
        break;
      case 0x7b: // {
      case 0x5b: // [
        values += 1;
        depth += 1;
        if (depth > deepest) deepest = depth;
        prev = c;
        break;
      case 0x7d: // }
      case 0x5d: // ]
        depth -= 1;
        prev = c;
        break;
      case 0x20:
      case 0x09:
      case 0x0a:
      case 0x0d:
        break;
      default:
        // A number or literal starts where a value may: first, after `[`, `,` or `:`.
        if (prev === -1 || prev === 0x5b || prev === 0x2c || prev === 0x3a) values += 1;
        prev = c;
    }
  }
  return { values, depth: deepest };
}

/** The cells of a CSV text (RFC 4180 quoting), counted on its bytes. */
export function csvCells(bytes: Uint8Array): number {
  let cells = 1;
  let quoted = false;
  for (const c of bytes) {
    if (c === 0x22) quoted = !quoted;
    else if (!quoted && (c === 0x2c || c === 0x0a)) cells += 1;
  }
  return cells;
}

/** Refuses a JSON or CSV file whose parse would build more than the limits allow. */
function checkShape(file: ReceivedFile, limits: FileLimits): void {
  if (file.name.toLowerCase().endsWith('.csv')) {
    if (csvCells(file.bytes) > limits.values)
      throw new FileRefusal(readMessages.tooManyCells(file.name, limits.values));
    return;
  }
  const shape = jsonShape(file.bytes);
  if (shape.values > limits.values) throw new FileRefusal(readMessages.tooManyValues(file.name, limits.values));
  if (shape.depth > limits.depth) throw new FileRefusal(readMessages.tooDeep(file.name, limits.depth));
}

/**
 * A row's record as the importer reads it: only the columns it knows (`columns`: each name and its
 * aliases), nested values emptied (`{}` or `[]`: the row checks still see their type). What crosses
 * to the main thread is then at most rows × known columns, however wide or deep the file is.
 */
function knownColumns(r: Record<string, unknown>, columns: Record<string, readonly string[]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, aliases] of Object.entries(columns)) {
    for (const k of [name, ...aliases]) {
      if (!Object.hasOwn(r, k)) continue;
      const v = r[k];
      out[k] = Array.isArray(v) ? [] : typeof v === 'object' && v !== null ? {} : v;
    }
  }
  return out;
}

function readCricsheetFiles(job: Extract<ReadJob, { kind: 'cricsheet' }>, post: (m: ReaderMessage) => void): void {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  post({ type: 'reading', name: job.files.map((f) => f.name).join(', ') });
  let files = 0;
  for (const f of unpackFiles(job.files, job.limits)) {
    files += 1;
    post({ type: 'reading', name: f.name });
    if (!f.name.toLowerCase().endsWith('.json')) {
      post({
        type: 'unreadable',
        line: { key: f.name, status: 'failed', reason: `${f.name}: not a .json or .zip file` },
      });
      continue;
    }
    checkShape(f, job.limits);
    let json: unknown;
    try {
      json = JSON.parse(decoder.decode(f.bytes)) as unknown;
    } catch (e) {
      post({
        type: 'unreadable',
        line: {
          key: f.name,
          status: 'failed',
          reason: `${f.name}: not valid JSON (${(e as Error).message})`,
          path: '$',
        },
      });
      continue;
    }
    const id = matchIdOf(f.name);
    post({ type: 'match', match: readCricsheetMatch(json, id, `${id}.json`) });
  }
  post({ type: 'done', files });
}

async function readDataFile(
  job: Extract<ReadJob, { kind: 'schedule' | 'squads' }>,
  post: (m: ReaderMessage) => void,
): Promise<void> {
  const { file, limits } = job;
  post({ type: 'reading', name: file.name });
  if (file.bytes.length > limits.fileBytes)
    throw new FileRefusal(unpackMessages.fileTooLarge(file.name, limits.fileBytes));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file.bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new FileRefusal(readMessages.notText(file.name));
  }
  checkShape(file, limits);
  // Loaded here, not at the top: a worker loads only the modules of its job (each costs start-up time).
  if (job.kind === 'schedule') {
    const { SCHEDULE_COLUMNS, scheduleRecordsOfText } = await import('../cricket/import/schedule');
    const records = refusing(() => scheduleRecordsOfText(file.name, text));
    checkRows(file.name, records.length, limits);
    post({
      type: 'schedule',
      records: records.map((r) => ({ ...r, record: knownColumns(r.record, SCHEDULE_COLUMNS) })),
    });
  } else {
    const { SQUAD_COLUMNS, squadRecordsOfText } = await import('../cricket/import/squads');
    const records = refusing(() => squadRecordsOfText(file.name, text));
    checkRows(file.name, records.rows.length, limits);
    post({
      type: 'squads',
      records: { ...records, rows: records.rows.map((r) => ({ ...r, record: knownColumns(r.record, SQUAD_COLUMNS) })) },
    });
  }
}

/** What `read` returns; what it throws (a file that cannot be read as a whole) as a refusal. */
function refusing<T>(read: () => T): T {
  try {
    return read();
  } catch (e) {
    throw new FileRefusal((e as Error).message);
  }
}

function checkRows(name: string, rows: number, limits: FileLimits): void {
  if (rows > limits.rows) throw new FileRefusal(readMessages.tooManyRows(name, rows, limits.rows));
}

/** Runs one job, posting what it read; a refusal is posted as such (anything else thrown is a bug). */
export async function runReadJob(job: ReadJob, post: (m: ReaderMessage) => void): Promise<void> {
  try {
    if (job.kind === 'cricsheet') readCricsheetFiles(job, post);
    else await readDataFile(job, post);
  } catch (e) {
    if (!(e instanceof FileRefusal)) throw e;
    post({ type: 'refused', message: e.message });
  }
}
