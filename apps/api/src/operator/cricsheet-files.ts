import type { Kysely } from 'kysely';
import { InMemoryProvider } from '../cricket/provider';
import { type ImportReport, type ImportReportEntry, importFromProvider } from '../cricket/import/folder';
import type { DB } from '../db/schema';
import type { ImportLine } from './runs';
import type { ReceivedFile } from './zip';

/** A file the importer cannot read at all (not JSON): its line, with the reason. */
export interface CricsheetFilesResult {
  report: ImportReport | null;
  lines: ImportLine[];
  rescoredFixtureIds: number[];
}

const matchIdOf = (name: string) => name.replace(/\.json$/i, '');

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
 * Imports Cricsheet files received by the console or the scheduled fetch (zips already unpacked by
 * `expandZips`) through the same importer as `cli import cricsheet` (`importFromProvider`: per-match
 * transactions, duplicates, re-scoring, standings refresh), and turns its report into import lines.
 * A file that is not JSON is a `failed` line of its own and does not stop the others.
 */
export async function importCricsheetFiles(
  db: Kysely<DB>,
  files: readonly ReceivedFile[],
  options: { prefer?: readonly string[]; onWarning?: (message: string, err: unknown) => void } = {},
): Promise<CricsheetFilesResult> {
  const matches = new Map<string, unknown>();
  const unreadable: ImportLine[] = [];
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (const f of files) {
    const id = matchIdOf(f.name);
    if (!f.name.toLowerCase().endsWith('.json')) {
      unreadable.push({ key: f.name, status: 'failed', reason: `${f.name}: not a .json or .zip file` });
      continue;
    }
    try {
      matches.set(id, JSON.parse(decoder.decode(f.bytes)) as unknown);
    } catch (e) {
      unreadable.push({
        key: f.name,
        status: 'failed',
        reason: `${f.name}: not valid JSON (${(e as Error).message})`,
        path: '$',
      });
    }
  }
  if (matches.size === 0) return { report: null, lines: unreadable, rescoredFixtureIds: [] };
  const report = await importFromProvider(db, new InMemoryProvider(matches), {
    ...(options.prefer ? { prefer: options.prefer } : {}),
    ...(options.onWarning ? { onWarning: options.onWarning } : {}),
  });
  return { report, lines: [...unreadable, ...report.entries.map(lineOfEntry)], rescoredFixtureIds: report.fixtureIds };
}
