import type { Kysely } from 'kysely';
import { type ScheduleLine, scheduleRecordsOfText, writeScheduleRecords } from '../cricket/import/schedule';
import { type SquadLine, squadRecordsOfText, writeSquadRecords } from '../cricket/import/squads';
import type { DB } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Actor } from './access';
import { recordAudit } from './audit';
import { type ImportReportBody, importRunReport, previewReport } from './reports';
import { countLines, type ImportLine, recordImportRun } from './runs';
import type { ReceivedFile } from './zip';

/** Schedule and squads files from the console: preview (nothing written) or apply (one transaction). */

export const dataFileMessages = {
  notBase64: (name: string) => `${name}: the file's content is not base64.`,
  empty: (name: string) => `${name} is empty.`,
  notText: (name: string) => `${name} is not a UTF-8 text file (JSON or CSV).`,
  refused: (bad: number, first: ImportLine) =>
    `Nothing was applied: ${bad} row${bad === 1 ? '' : 's'} cannot be taken (first: ${first.key} — ${first.status}: ${first.reason ?? ''}). Fix the file and preview it again.`,
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

/** An uploaded text file's text (UTF-8, a byte-order mark dropped); 400 otherwise. */
export function uploadText(f: ReceivedFile): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(f.bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new HttpError(400, dataFileMessages.notText(f.name));
  }
}

const isBad = (l: { status: string }) => l.status === 'failed' || l.status === 'conflict';

function toLine(l: ScheduleLine | SquadLine): ImportLine {
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

  let read: ReturnType<typeof scheduleRecordsOfText> | ReturnType<typeof squadRecordsOfText>;
  try {
    const text = uploadText(file);
    read = kind === 'schedule' ? scheduleRecordsOfText(file.name, text) : squadRecordsOfText(file.name, text);
  } catch (e) {
    return refuse(e instanceof HttpError ? e.message : `${(e as Error).message}.`.replace(/\.\.$/, '.'), []);
  }
  const seasonName =
    kind === 'schedule'
      ? [...new Set((read as ReturnType<typeof scheduleRecordsOfText>).map((r) => String(r.record.season ?? '')))]
          .filter(Boolean)
          .join(', ')
      : (read as ReturnType<typeof squadRecordsOfText>).season;
  const known = await db.selectFrom('seasons').select('name').execute();
  const knownNames = new Set(known.map((s) => s.name));
  const newSeasons = seasonName.split(', ').filter((s) => s && !knownNames.has(s));
  const message = newSeasons.length ? `Season ${newSeasons.join(', ')} does not exist yet: applying creates it.` : null;

  let lines: ImportLine[] = [];
  let runId: number | null = null;
  try {
    await db.transaction().execute(async (trx) => {
      const written =
        kind === 'schedule'
          ? await writeScheduleRecords(trx, read as ReturnType<typeof scheduleRecordsOfText>, {
              seasonSource: 'console',
            })
          : await writeSquadRecords(trx, read as ReturnType<typeof squadRecordsOfText>, { seasonSource: 'console' });
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
