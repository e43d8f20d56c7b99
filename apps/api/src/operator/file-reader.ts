import { Worker } from 'node:worker_threads';
import type { FileLimits } from '../config';
import type { ReadMatch } from '../cricket/import/read-match';
import type { ScheduleRecord } from '../cricket/import/schedule';
import type { SquadRecords } from '../cricket/import/squads';
import { type ReadJob, type ReaderMessage, readMessages, type UnreadableFile } from './file-reading';
import { FileRefusal, type ReceivedFile } from './zip';

/**
 * Reads uploaded and downloaded files off the main thread, in worker threads started with a heap of
 * `limits.readerHeapMb`. A worker that runs out of its heap ends — not the process — and its file is
 * refused, as is one that takes longer than `limits.readTimeoutMs` to read; the event loop keeps
 * serving requests meanwhile. At most `MAX_READERS` jobs (one upload, one download) read at once, the
 * others wait for a turn, so the readers' memory adds up to at most that many heaps. A worker that
 * finished a job waits `IDLE_MS` for the next one (starting one costs a few hundred milliseconds: tsx
 * compiles its modules), then ends.
 */

const WORKER_URL = new URL('./file-reader-worker.mjs', import.meta.url);

export const MAX_READERS = 2;
const IDLE_MS = 30_000;

let reading = 0;
const turns: (() => void)[] = [];

async function turn(): Promise<() => void> {
  if (reading >= MAX_READERS) await new Promise<void>((resolve) => turns.push(resolve));
  else reading += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = turns.shift();
    if (next) next();
    else reading -= 1;
  };
}

/** A worker thread and the job it is doing (its listeners call the job's handlers). */
interface Reader {
  worker: Worker;
  heapMb: number;
  /** Whether it has answered yet (a worker that fails before its first answer could not start). */
  answered: boolean;
  dead: boolean;
  onMessage?: (m: ReaderMessage) => void;
  onFailure?: (e: Error & { code?: string }) => void;
  idleTimer?: NodeJS.Timeout;
}

/** Readers waiting for a job, by heap size. */
const idle = new Map<number, Reader[]>();

function startReader(heapMb: number): Reader {
  const worker = new Worker(WORKER_URL, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: heapMb } });
  const r: Reader = { worker, heapMb, answered: false, dead: false };
  worker.on('message', (m: ReaderMessage) => {
    r.answered = true;
    r.onMessage?.(m);
  });
  worker.on('messageerror', (e) => r.onFailure?.(e));
  worker.on('error', (e) => r.onFailure?.(e));
  worker.on('exit', (code) => {
    r.dead = true;
    dropIdle(r);
    r.onFailure?.(new Error(`the reader stopped (exit code ${code})`));
  });
  return r;
}

function dropIdle(r: Reader): void {
  clearTimeout(r.idleTimer);
  const list = idle.get(r.heapMb);
  if (list?.includes(r)) list.splice(list.indexOf(r), 1);
}

function takeReader(heapMb: number): Reader {
  const r = idle.get(heapMb)?.pop();
  if (!r) return startReader(heapMb);
  clearTimeout(r.idleTimer);
  r.worker.ref();
  return r;
}

/** A reader back after a job that ended well: it waits for the next job (not keeping the process alive). */
function putBack(r: Reader): void {
  r.onMessage = undefined;
  r.onFailure = undefined;
  const list = idle.get(r.heapMb) ?? [];
  if (r.dead || list.length >= MAX_READERS) {
    void r.worker.terminate();
    return;
  }
  list.push(r);
  idle.set(r.heapMb, list);
  r.worker.unref();
  r.idleTimer = setTimeout(() => {
    dropIdle(r);
    void r.worker.terminate();
  }, IDLE_MS);
  r.idleTimer.unref();
}

/** The buffers that can be handed to the worker rather than copied (a file's own, whole buffer). */
function transferable(files: readonly ReceivedFile[]): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const f of files) {
    const b = f.bytes.buffer;
    if (b instanceof ArrayBuffer && f.bytes.byteOffset === 0 && f.bytes.byteLength === b.byteLength) out.add(b);
  }
  return [...out];
}

/**
 * Runs one job in a reader and hands each message to `onMessage` until `isLast` says the job is over.
 * Rejects with a FileRefusal naming the file being read when the reader runs out of its heap, takes
 * too long, or fails while reading; with an Error when it cannot start. A reader that failed or was
 * abandoned is ended, never used again.
 */
async function runJob(
  job: ReadJob,
  files: readonly ReceivedFile[],
  onMessage: (m: ReaderMessage) => void,
  isLast: (m: ReaderMessage) => boolean,
): Promise<void> {
  const { limits } = job;
  const release = await turn();
  let current = files.map((f) => f.name).join(', ');
  const reader = takeReader(limits.readerHeapMb);
  try {
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      const settle = (error?: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (error) {
          reader.onMessage = undefined;
          reader.onFailure = undefined;
          void reader.worker.terminate();
          reject(error);
        } else {
          putBack(reader);
          resolve();
        }
      };
      const failed = (why: string) =>
        settle(
          reader.answered ? new FileRefusal(readMessages.readerFailed(current, why)) : new Error(`file reader: ${why}`),
        );
      const wait = () => {
        clearTimeout(timer);
        timer = setTimeout(
          () => settle(new FileRefusal(readMessages.tooSlow(current, limits.readTimeoutMs / 1000))),
          limits.readTimeoutMs,
        );
      };
      wait();
      reader.onMessage = (m) => {
        wait();
        if (m.type === 'reading') current = m.name;
        if (m.type === 'refused') return settle(new FileRefusal(m.message));
        try {
          onMessage(m);
        } catch (e) {
          return settle(e as Error);
        }
        if (isLast(m)) settle();
      };
      reader.onFailure = (e) => {
        if (e.code === 'ERR_WORKER_OUT_OF_MEMORY')
          settle(new FileRefusal(readMessages.tooComplex(current, limits.readerHeapMb)));
        else failed(e.message);
      };
      if (reader.dead) return failed('the reader stopped');
      reader.worker.postMessage(job, transferable(files));
    });
  } finally {
    release();
  }
}

/** What an upload or download of Cricsheet files holds, read. */
export interface CricsheetFilesRead {
  /** One per match id (a later file of the same name replaces an earlier one), in the order received. */
  matches: ReadMatch[];
  /** Files that are not JSON at all. */
  unreadable: UnreadableFile[];
  /** Files once zips are unpacked (their `.json` entries). */
  files: number;
}

/**
 * Reads Cricsheet files (`.json`, or zips of them) in a worker thread: unpacked within `limits`,
 * decoded, parsed and checked. The files' buffers are handed over to the worker (their bytes are
 * gone afterwards). Throws a FileRefusal for the upload or download as a whole.
 */
export async function readCricsheetFiles(
  files: readonly ReceivedFile[],
  limits: FileLimits,
): Promise<CricsheetFilesRead> {
  const matches = new Map<string, ReadMatch>();
  const unreadable: UnreadableFile[] = [];
  let count = 0;
  await runJob(
    { kind: 'cricsheet', files: [...files], limits },
    files,
    (m) => {
      if (m.type === 'match') matches.set(m.match.id, m.match);
      else if (m.type === 'unreadable') unreadable.push(m.line);
      else if (m.type === 'done') count = m.files;
    },
    (m) => m.type === 'done',
  );
  return { matches: [...matches.values()], unreadable, files: count };
}

/** Reads a schedule or squads file (JSON or CSV) in a worker thread; throws a FileRefusal with the reason. */
export async function readDataFile(kind: 'schedule', file: ReceivedFile, limits: FileLimits): Promise<ScheduleRecord[]>;
export async function readDataFile(kind: 'squads', file: ReceivedFile, limits: FileLimits): Promise<SquadRecords>;
export async function readDataFile(
  kind: 'schedule' | 'squads',
  file: ReceivedFile,
  limits: FileLimits,
): Promise<ScheduleRecord[] | SquadRecords> {
  let read: ScheduleRecord[] | SquadRecords | undefined;
  await runJob(
    { kind, file, limits },
    [file],
    (m) => {
      if (m.type === 'schedule' || m.type === 'squads') read = m.records;
    },
    (m) => m.type === 'schedule' || m.type === 'squads',
  );
  if (!read) throw new Error('file reader: no records');
  return read;
}
