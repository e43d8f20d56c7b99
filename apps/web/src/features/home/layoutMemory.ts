import type { HomeSummary } from '../../data/home/types';
import { missingPicks } from '../../data/home/types';

/**
 * How Home's leagues looked at the player's last visit, kept in local storage (Sign Out clears it
 * with the rest): the skeleton shown while the summary loads has that many rows, so the page keeps
 * its shape when the answer arrives.
 */
export interface HomeLayout {
  leagues: number;
  /** The "next lock" line was shown (picks missing somewhere). */
  lock: boolean;
}

const KEY = 'fcl.home.layout';
/** More rows than a screen holds gain nothing. */
const MAX_ROWS = 6;

export function readHomeLayout(): HomeLayout {
  try {
    const value: unknown = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return { leagues: 0, lock: false };
    const { leagues, lock } = value as Record<string, unknown>;
    return {
      leagues: typeof leagues === 'number' && Number.isInteger(leagues) ? Math.min(Math.max(leagues, 0), MAX_ROWS) : 0,
      lock: lock === true,
    };
  } catch {
    return { leagues: 0, lock: false };
  }
}

export function rememberHomeLayout(summary: HomeSummary): void {
  const layout: HomeLayout = {
    leagues: Math.min(summary.Leagues.length, MAX_ROWS),
    lock: summary.Leagues.some((l) => missingPicks(l) !== null),
  };
  try {
    localStorage.setItem(KEY, JSON.stringify(layout));
  } catch {
    // Storage full or blocked: the next visit sketches the default.
  }
}
