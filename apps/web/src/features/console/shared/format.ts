import type { ImportLine, ImportRun } from '../../../data/operator/types';

const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A date and time in the reader's zone, e.g. "22 Mar 2024, 19:30"; a dash for none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

export type BadgeTone = 'good' | 'bad' | 'warn' | 'info' | 'quiet';

export const lineStatusTone: Record<ImportLine['Status'], BadgeTone> = {
  new: 'good',
  created: 'good',
  imported: 'good',
  moved: 'info',
  updated: 'info',
  unchanged: 'quiet',
  superseded: 'quiet',
  conflict: 'warn',
  failed: 'bad',
};

export const outcomeTone: Record<ImportRun['Outcome'], BadgeTone> = {
  preview: 'info',
  running: 'info',
  succeeded: 'good',
  partial: 'warn',
  failed: 'bad',
  not_modified: 'quiet',
};

export const outcomeLabel: Record<ImportRun['Outcome'], string> = {
  preview: 'Preview',
  running: 'Running',
  succeeded: 'Succeeded',
  partial: 'Partly failed',
  failed: 'Failed',
  not_modified: 'Not modified',
};

export const kindLabel: Record<ImportRun['Kind'], string> = {
  schedule: 'Schedule',
  squads: 'Squads',
  cricsheet: 'Cricsheet upload',
  results: 'Results file',
  result: 'Result by hand',
  fetch: 'Scheduled fetch',
  scorecard: 'Typed scorecard',
  vendor: 'Data vendor sync',
};

export const triggerLabel: Record<ImportRun['Trigger'], string> = {
  console: 'Console',
  cli: 'Command line',
  schedule: 'Schedule',
};

/** An ISO 8601 date-time as the API sends it (a line's StartTime), shown in the reader's words. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return ISO_DATE_TIME.test(value) ? formatDateTime(value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What a report line changes, in words: for two objects the fields that differ ("Venue: Eden
 * Gardens → Wankhede"), for a new row what it adds, else "before → after".
 */
export function describeChange(before: unknown, after: unknown): string[] {
  if (before == null && after == null) return [];
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    const changed = keys.filter((key) => show(before[key]) !== show(after[key]));
    return changed.map((key) => `${key}: ${show(before[key])} → ${show(after[key])}`);
  }
  if (before == null && isRecord(after)) {
    return [
      Object.entries(after)
        .map(([key, value]) => `${key}: ${show(value)}`)
        .join(', '),
    ];
  }
  if (before == null) return [show(after)];
  return [`${show(before)} → ${show(after)}`];
}
