import type { FixturePrice } from '../../../data/operator/types';

/** A player's row, with the rank of his position in the order the API keeps (keepers, batters, …). */
export type PriceRow = FixturePrice & { PositionRank: number };

/**
 * The rows of the price table, in the API's order (team, then position, then name), each with the
 * rank of its position: the positions' order merged from both teams' lists, so a team without a
 * keeper does not move keepers after batters when the table is sorted by position.
 */
export function priceRows(players: readonly FixturePrice[]): PriceRow[] {
  const order: string[] = [];
  let team: string | undefined;
  let previous = -1;
  for (const p of players) {
    if (p.TeamCode !== team) {
      team = p.TeamCode;
      previous = -1;
    }
    let at = order.indexOf(p.PositionName);
    if (at === -1) {
      at = previous + 1;
      order.splice(at, 0, p.PositionName);
    }
    previous = Math.max(previous, at);
  }
  return players.map((p) => ({ ...p, PositionRank: order.indexOf(p.PositionName) }));
}
