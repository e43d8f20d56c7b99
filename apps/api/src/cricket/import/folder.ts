import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { withTransaction } from '../db-util';
import { type CricketDataProvider, CricsheetFileProvider } from '../provider';
import { onResultsChanged } from '../scoring/rescore';
import { type ParsedMatch, parseCricsheetMatch } from './parse';
import { applyPositions, loadPositionOverrides, type PositionOverride } from './positions';
import { fixturesOfPlayers, type ImportStatus, importMatch } from './write';

export interface ImportReportEntry {
  id: string;
  source: string;
  status: ImportStatus | 'failed';
  fixtureId?: number;
  /** Why it failed (the file and JSON path for a malformed file). */
  reason?: string;
}

export interface ImportReport {
  entries: ImportReportEntry[];
  counts: Record<ImportStatus | 'failed', number>;
  /** Players whose position changed after the import (inference and overrides). */
  positionsChanged: number;
}

export interface ImportProviderOptions {
  overrides?: ReadonlyMap<string, PositionOverride>;
  seasonSource?: string;
  /** Called after each match, for progress output. */
  onEntry?: (entry: ImportReportEntry) => void;
}

/**
 * Imports every match of a provider: each match in its own transaction (a failure writes nothing
 * for that match and does not stop the others), then positions are inferred once for everyone and
 * the fixtures of players whose position changed are re-scored.
 */
export async function importFromProvider(
  db: Kysely<DB>,
  provider: CricketDataProvider,
  options: ImportProviderOptions = {},
): Promise<ImportReport> {
  const overrides = options.overrides ?? loadPositionOverrides();
  const entries: ImportReportEntry[] = [];
  const record = (e: ImportReportEntry) => {
    entries.push(e);
    options.onEntry?.(e);
  };

  const parsed: ParsedMatch[] = [];
  for (const m of await provider.listFixtures()) {
    try {
      parsed.push(parseCricsheetMatch(await provider.getMatch(m.id), m.source, { matchId: m.id }));
    } catch (e) {
      record({ id: m.id, source: m.source, status: 'failed', reason: (e as Error).message });
    }
  }
  assignDoubleHeaderTimes(parsed);

  for (const p of parsed) {
    try {
      const r = await importMatch(db, p, {
        overrides,
        inferPositions: false,
        ...(options.seasonSource ? { seasonSource: options.seasonSource } : {}),
      });
      record({ id: p.matchId, source: p.source, status: r.status, fixtureId: r.fixtureId });
    } catch (e) {
      record({ id: p.matchId, source: p.source, status: 'failed', reason: (e as Error).message });
    }
  }

  const positionsChanged = await withTransaction(db, async (trx) => {
    const moved = await applyPositions(trx, overrides);
    await onResultsChanged(trx, await fixturesOfPlayers(trx, moved));
    return moved.length;
  });

  const counts = { imported: 0, unchanged: 0, updated: 0, failed: 0 };
  for (const e of entries) counts[e.status] += 1;
  return { entries, counts, positionsChanged };
}

/** `importFromProvider` over a folder of Cricsheet JSON files (or one file). */
export async function importCricsheetPath(
  db: Kysely<DB>,
  path: string,
  options: ImportProviderOptions = {},
): Promise<ImportReport> {
  return importFromProvider(db, new CricsheetFileProvider(path), options);
}

/**
 * Cricsheet has dates but no start times. Two matches of a season on one date were a double-header:
 * the earlier (lower match number) starts at 10:00 UTC (15:30 in India), the other at 14:00 UTC.
 */
export function assignDoubleHeaderTimes(matches: ParsedMatch[]): void {
  const byDay = new Map<string, ParsedMatch[]>();
  for (const m of matches) {
    const key = `${m.seasonName}|${m.date}`;
    byDay.set(key, [...(byDay.get(key) ?? []), m]);
  }
  for (const day of byDay.values()) {
    if (day.length < 2) continue;
    day.sort((a, b) => (a.matchNumber ?? 1e9) - (b.matchNumber ?? 1e9) || a.matchId.localeCompare(b.matchId));
    day.forEach((m, i) => {
      if (i < day.length - 1) m.startTime = `${m.date}T10:00:00.000Z`;
    });
  }
}
