import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { importedName, type NameField, quoted } from './names';

/**
 * What schedule, squads and results files share: one report line per row, reading JSON or CSV into
 * records, the column names they accept (camelCase or the snake_case a CSV header usually has), and
 * the start-time format.
 */

/** The outcome of one row of a schedule or results file. */
export interface RowReport {
  row: number;
  key: string;
  status: 'created' | 'updated' | 'unchanged' | 'failed';
  fixtureId?: number;
  reason?: string;
}

export function asRecord(v: unknown): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('expected an object');
  return v as Record<string, unknown>;
}

/** A file's records: CSV (by its `.csv` name) with a header row, or JSON. */
export function readRecordsText(file: string): { csv: Record<string, string>[] } | { json: unknown } {
  return recordsOfText(file, readFileSync(file, 'utf8'));
}

/** The records of a file's text named `name` (an upload, a path): CSV by its `.csv` name, else JSON. */
export function recordsOfText(name: string, text: string): { csv: Record<string, string>[] } | { json: unknown } {
  if (name.toLowerCase().endsWith('.csv')) return { csv: csvRows(text) };
  try {
    return { json: JSON.parse(text) as unknown };
  } catch (e) {
    throw new Error(`${name}: not valid JSON (${(e as Error).message})`);
  }
}

/** CSV (RFC 4180 quoting) into records keyed by the header row; blank lines are skipped, cells trimmed. */
export function csvRows(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') inQuotes = false;
      else cell += ch;
    } else if (ch === '"') inQuotes = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  const [header, ...body] = rows.filter((r) => r.some((c) => c.trim() !== ''));
  if (!header) return [];
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h.trim(), (r[i] ?? '').trim()])));
}

/**
 * A record with its columns under their canonical names: `aliases` maps each canonical name to the
 * other names it may have in a file; empty cells and nulls count as absent.
 */
export function canonical(
  r: Record<string, unknown>,
  aliases: Record<string, readonly string[]>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, others] of Object.entries(aliases)) {
    for (const k of [name, ...others]) {
      const v = r[k];
      if (v !== undefined && v !== null && v !== '') {
        out[name] = v;
        break;
      }
    }
  }
  return out;
}

/** A string by the name rule (./names.ts): normalised, or the rule's message as the issue. */
function nameText(label: NameField) {
  return z.string().transform((v, ctx) => {
    try {
      return importedName(label, v);
    } catch (e) {
      ctx.addIssue({ code: 'custom', message: (e as Error).message });
      return z.NEVER;
    }
  });
}

/** Zod fields of a file row (values may come as CSV text). */
export const field = {
  text: z.preprocess((v) => (v === undefined ? v : String(v).trim()), z.string().min(1).optional()),
  /** An optional name (season, team, venue…): the one rule of ./names.ts, its refusal the row's problem. */
  name: (label: NameField) => z.preprocess((v) => (v === undefined ? v : String(v)), nameText(label).optional()),
  /** A name that is there (a string), by the same rule. */
  requiredName: (label: NameField) => nameText(label),
  wholeNumber: (name: string) =>
    z.preprocess(
      (v) => (v === undefined ? v : Number(v)),
      z
        .number({ error: `${name} must be a whole number` })
        .int(`${name} must be a whole number`)
        .min(0, `${name} must be a whole number`)
        .optional(),
    ),
  flag: z.preprocess((v) => v === true || v === 'true', z.boolean()),
};

/** Parses `record` with `schema`; the first problem becomes `Error("<where>: <message>")`. */
export function parseRow<T>(schema: z.ZodType<T>, record: unknown, where: string): T {
  const parsed = schema.safeParse(record);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new Error(`${where}: ${issue.message}`);
}

/** A start time: ISO 8601 with a zone, or `yyyy-MM-dd HH:mm[:ss]` read as UTC. */
export function parseUtc(value: string, where: string): Date {
  const v = value.trim();
  const plain = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(v);
  const d = new Date(plain ? `${v.replace(' ', 'T')}Z` : v);
  if (Number.isNaN(d.getTime()) || !(plain || /(Z|[+-]\d{2}:?\d{2})$/.test(v))) {
    throw new Error(
      `${where}: start time ${quoted(value)} must be ISO 8601 with a zone or 'yyyy-MM-dd HH:mm:ss' (UTC)`,
    );
  }
  return d;
}

/** The year of a season: given, or the first four digits of its name. */
export function seasonYear(season: string, year: number | undefined): number {
  return year ?? Number.parseInt(/\d{4}/.exec(season)?.[0] ?? '', 10);
}
