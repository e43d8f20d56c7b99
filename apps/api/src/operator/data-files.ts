import type { Kysely } from 'kysely';
import { DEFAULT_FILE_LIMITS, type FileLimits } from '../config';
import { importedName } from '../cricket/import/names';
import { type ScheduleLine, type ScheduleRecord, writeScheduleRecords } from '../cricket/import/schedule';
import { type SquadLine, type SquadRecords, writeSquadRecords } from '../cricket/import/squads';
import type { DB } from '../db/schema';
import { HttpError } from '../http/errors';
import { recordResults } from '../results/pipeline';
import type { Actor } from './access';
import { recordAudit } from './audit';
import { readDataFile } from './file-reader';
import { readMessages } from './file-reading';
import { type ImportReportBody, importRunReport, previewReport } from './reports';
import { countLines, type ImportLine, recordImportRun } from './runs';
import { FileRefusal, type ReceivedFile } from './zip';

/** Schedule and squads files from the console: preview (nothing written) or apply (one transaction). */

export const dataFileMessages = {
  notBase64: (name: string) => `${name}: the file's content is not base64.`,
  empty: (name: string) => `${name} is empty.`,
  notText: readMessages.notText,
  refused: (bad: number, first: ImportLine) =>
    `Nothing was applied: ${bad} row${bad === 1 ? '' : 's'} cannot be taken (first: ${first.key} — ${first.status}: ${(first.reason ?? '').replace(/\.$/, '')}). Fix the file and preview it again.`,
} as const;

export interface UploadedFile {
  FileName: string;
  ContentBase64: string;
}

/** The bytes of an uploaded file; 400 for content that is not base64 or is empty. */
export function decodeUpload(f: UploadedFile): ReceivedFile {
  const b64 = f.ContentBase64.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 === 1) {
    throw new HttpError(400, dataFileMessages.notBase64(f.FileName));
  }
  const bytes = new Uint8Array(Buffer.from(b64, 'base64'));
  if (bytes.length === 0) throw new HttpError(400, dataFileMessages.empty(f.FileName));
  return { name: f.FileName, bytes };
}

export const isBad = (l: { status: string }) => l.status === 'failed' || l.status === 'conflict';

export function toLine(l: ScheduleLine | SquadLine): ImportLine {
  return {
    key: l.key,
    status: l.status,
    fixtureId: 'fixtureId' in l ? (l.fixtureId ?? null) : null,
    reason: l.reason ?? null,
    ...(l.before !== undefined ? { before: l.before } : {}),
    ...(l.after !== undefined ? { after: l.after } : {}),
  };
}

/** Thrown inside the transaction to roll it back (a preview, or a refused file). */
class Rollback extends Error {}

export type DataFileKind = 'schedule' | 'squads';

/**
 * Previews (`apply` false) or applies a schedule or squads file. Both run the same writes in one
 * transaction — the preview rolls it back, so what it reports is what applying does. Applying with
 * a `failed` or `conflict` row rolls back too and answers 400 (the run is recorded as failed);
 * otherwise the run and its audit entry commit with the changes. A season the file names is found
 * by name (whatever created it: the console, an import) or created with source `console`.
 */
export async function importDataFile(
  db: Kysely<DB>,
  actor: Actor,
  kind: DataFileKind,
  upload: UploadedFile,
  apply: boolean,
  limits: FileLimits = DEFAULT_FILE_LIMITS,
): Promise<ImportReportBody> {
  const startedAt = new Date();
  const file = decodeUpload(upload);
  const source = file.name;
  const refuse = async (message: string, lines: ImportLine[]): Promise<never> => {
    if (apply) {
      await recordImportRun(db, {
        kind,
        trigger: 'console',
        source,
        actor,
        outcome: 'failed',
        counts: countLines(lines),
        message,
        lines,
        startedAt,
      });
    }
    throw new HttpError(400, message);
  };

  // Read off the main thread, within the file limits: the text, its records, their number.
  let read: ScheduleRecord[] | SquadRecords;
  try {
    read = kind === 'schedule' ? await readDataFile(kind, file, limits) : await readDataFile(kind, file, limits);
  } catch (e) {
    if (!(e instanceof FileRefusal)) throw e;
    return refuse(`${e.message}.`.replace(/\.\.$/, '.'), []);
  }
  // The seasons the file names, by the name rule (a row whose season breaks it fails on its own).
  const seasonOf = (r: ScheduleRecord) => {
    try {
      return importedName('Season', String(r.record.season ?? ''));
    } catch {
      return '';
    }
  };
  const seasonName = Array.isArray(read) ? [...new Set(read.map(seasonOf))].filter(Boolean).join(', ') : read.season;
  const known = await db.selectFrom('seasons').select('name').execute();
  const knownNames = new Set(known.map((s) => s.name));
  const newSeasons = seasonName.split(', ').filter((s) => s && !knownNames.has(s));
  const message = newSeasons.length ? `Season ${newSeasons.join(', ')} does not exist yet: applying creates it.` : null;

  let lines: ImportLine[] = [];
  let runId: number | null = null;
  try {
    // A squad that moves players re-scores their matches in this transaction (recorded as results);
    // the standings points follow once it committed (results/pipeline.ts).
    await recordResults(db, 'positions', async (trx) => {
      const written = Array.isArray(read)
        ? await writeScheduleRecords(trx, read, { seasonSource: 'console' })
        : await writeSquadRecords(trx, read, { seasonSource: 'console' });
      lines = written.map(toLine);
      if (!apply || lines.some(isBad)) throw new Rollback();
      const counts = countLines(lines);
      runId = await recordImportRun(trx, {
        kind,
        trigger: 'console',
        source,
        actor,
        outcome: 'succeeded',
        counts,
        message,
        lines,
        startedAt,
      });
      const seasons = await trx
        .selectFrom('seasons')
        .select(['id', 'name'])
        .where('name', 'in', seasonName.split(', '))
        .execute();
      await recordAudit(trx, actor, {
        action: `${kind}.apply`,
        target: seasons.map((s) => `season ${s.id} (${s.name})`).join(', ') || seasonName,
        before: null,
        after: {
          File: source,
          ImportRunID: runId,
          Counts: counts,
          Changed: lines.filter((l) => l.status !== 'unchanged').map((l) => `${l.status}: ${l.key}`),
        },
      });
      return { value: undefined, fixtureIds: [] };
    });
  } catch (e) {
    if (!(e instanceof Rollback)) {
      // A file row that made the database refuse a statement: reported, never a 500.
      if (e instanceof HttpError) throw e;
      return refuse(
        `${apply ? 'Nothing was applied' : 'The file cannot be previewed'}: ${(e as Error).message}`,
        lines,
      );
    }
  }
  if (runId === null) {
    // Rolled back: a fixture the file would create does not exist (its id was only for the preview).
    lines = lines.map((l) => (l.status === 'new' ? { ...l, fixtureId: null } : l));
  }
  const bad = lines.filter(isBad);
  if (apply && bad.length) return refuse(dataFileMessages.refused(bad.length, bad[0]!), lines);
  if (runId === null) {
    return previewReport(kind, source, actor, startedAt, lines, countLines(lines), message);
  }
  return importRunReport(db, runId);
}
