import type { Kysely } from 'kysely';
import { DEFAULT_FILE_LIMITS, type FileLimits } from '../config';
import { type ImportReport, type ImportReportEntry, importReadMatches } from '../cricket/import/folder';
import type { DB } from '../db/schema';
import { readCricsheetFiles } from './file-reader';
import type { ImportLine } from './runs';
import type { ReceivedFile } from './zip';

/** A file the importer cannot read at all (not JSON): its line, with the reason. */
export interface CricsheetFilesResult {
  report: ImportReport | null;
  lines: ImportLine[];
  rescoredFixtureIds: number[];
  /** Match files received, once zips are unpacked. */
  files: number;
}

/** One report line per match file. */
export function lineOfEntry(e: ImportReportEntry): ImportLine {
  return {
    key: `${e.id}.json`,
    status: e.status,
    fixtureId: e.fixtureId ?? null,
    reason: e.reason ?? null,
    path: e.path ?? null,
  };
}

/**
 * Imports Cricsheet files received by the console or the scheduled fetch (`.json`, or zips of them)
 * through the same importer as `cli import cricsheet` (per-match transactions, duplicates,
 * re-scoring, standings refresh), and turns its report into import lines. The files are first read
 * in a worker thread within `limits` (file-reader.ts): a file that is not JSON is a `failed` line of
 * its own and does not stop the others; a broken zip, or an upload past the limits, throws a
 * FileRefusal before anything is written. The files' buffers are handed to the reader.
 */
export async function importCricsheetFiles(
  db: Kysely<DB>,
  files: readonly ReceivedFile[],
  options: {
    prefer?: readonly string[];
    onWarning?: (message: string, err: unknown) => void;
    limits?: FileLimits;
  } = {},
): Promise<CricsheetFilesResult> {
  const read = await readCricsheetFiles(files, options.limits ?? DEFAULT_FILE_LIMITS);
  const unreadable: ImportLine[] = read.unreadable;
  if (read.matches.length === 0) return { report: null, lines: unreadable, rescoredFixtureIds: [], files: read.files };
  const report = await importReadMatches(db, read.matches, {
    ...(options.prefer ? { prefer: options.prefer } : {}),
    ...(options.onWarning ? { onWarning: options.onWarning } : {}),
  });
  return {
    report,
    lines: [...unreadable, ...report.entries.map(lineOfEntry)],
    rescoredFixtureIds: report.fixtureIds,
    files: read.files,
  };
}
