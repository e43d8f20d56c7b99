import type { CricsheetDelivery } from '../../cricket/import/cricsheet-format';
import { readJson } from './json';

/**
 * An innings from its stored balls: the balls grouped into overs (what the parser reads), and an
 * innings' totals as the score event and the Match Centre give them.
 */

/** Stored balls in position order, grouped by over. */
export function groupOvers(rows: readonly { over: number; delivery: unknown }[]) {
  const overs: { over: number; deliveries: CricsheetDelivery[] }[] = [];
  for (const row of rows) {
    let current = overs.at(-1);
    if (!current || current.over !== row.over) {
      current = { over: row.over, deliveries: [] };
      overs.push(current);
    }
    current.deliveries.push(readJson<CricsheetDelivery>(row.delivery));
  }
  return overs;
}

/** An innings as the API gives it (1-based number, overs as "overs.balls"). */
export function inningsOut(
  index: number,
  innings: { team: string; superOver: boolean; runs: number; wickets: number; legalBalls: number; extras: number },
) {
  return {
    Innings: index + 1,
    Team: innings.team,
    SuperOver: innings.superOver,
    Runs: innings.runs,
    Wickets: innings.wickets,
    Overs: `${Math.floor(innings.legalBalls / 6)}.${innings.legalBalls % 6}`,
    LegalBalls: innings.legalBalls,
    Extras: innings.extras,
  };
}
