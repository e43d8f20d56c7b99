import type { PlayerOption } from '../../../data/cricket/types';
import type { PlayerFigures } from '../../../data/picks/types';
import { type GridRow, sortPlayers } from '../grid';

/** One position of the team sheet with its slots, in the server's order (the league's counts). */
export interface SheetGroup {
  positionId: number;
  position: string;
  rows: GridRow[];
}

/** The slots grouped by position, keeping the server's order of positions and slots. */
export function groupByPosition(rows: readonly GridRow[]): SheetGroup[] {
  const groups: SheetGroup[] = [];
  for (const row of rows) {
    let g = groups.find((x) => x.positionId === row.PositionTypeID);
    if (!g) {
      g = { positionId: row.PositionTypeID, position: row.PositionTypeName, rows: [] };
      groups.push(g);
    }
    g.rows.push(row);
  }
  return groups;
}

/**
 * The picker's orders: the spec's (team, position, name), season points, last three's total (form),
 * and in a league with a budget the price, dearest or cheapest first.
 */
export const pickerSorts = ['team', 'season', 'lastThree', 'priceHigh', 'priceLow'] as const;
export type PickerSort = (typeof pickerSorts)[number];

/** The orders offered without a budget (as before the team rules). */
export const basicPickerSorts: readonly PickerSort[] = ['team', 'season', 'lastThree'];

export const pickerSortLabels: Record<PickerSort, string> = {
  team: 'Team and name',
  season: 'Season points',
  lastThree: 'Last three matches',
  priceHigh: 'Price: highest first',
  priceLow: 'Price: lowest first',
};

/** What the picker fills: a slot of the team, or a new backup (any position, players not in the team). */
export type PickerTarget = { kind: 'slot'; slot: GridRow } | { kind: 'backup' };

/** A player in the picker: their figures, and the slot already holding them (another slot's pick). */
export interface PickerEntry {
  player: PlayerOption;
  figures: PlayerFigures | undefined;
  /** The label of another slot that has this player picked (not choosable here). */
  pickedIn: string | null;
  /** This slot's own pick. */
  current: boolean;
  /** His place among the backups (1-based), or null; choosing him for a slot takes him off them. */
  backupAt: number | null;
}

export const lastThreeTotal = (f: PlayerFigures | undefined) => (f ? f.LastThree.reduce((s, x) => s + x.Points, 0) : 0);

/**
 * The picker's list for one slot: the players of the slot's position (spec section 5: options
 * filtered to the row's position), matching `query` in name, team code or team name, in `sort`
 * order (figures descending, the spec's order breaking ties), each marked when another slot has them.
 * For a new backup: every squad player not in the team nor among `backups`.
 */
export function pickerEntries(
  target: PickerTarget,
  rows: readonly GridRow[],
  players: readonly PlayerOption[],
  figures: ReadonlyMap<number, PlayerFigures>,
  query: string,
  sort: PickerSort,
  backups: readonly number[] = [],
): PickerEntry[] {
  const slot = target.kind === 'slot' ? target.slot : null;
  const allowed = slot ? slot.allowedPositionIDs : null;
  const q = query.trim().toLocaleLowerCase('en');
  const matches = (p: PlayerOption) =>
    q === '' ||
    p.PlayerFullName.toLocaleLowerCase('en').includes(q) ||
    p.TeamCode.toLocaleLowerCase('en').includes(q) ||
    p.TeamName.toLocaleLowerCase('en').includes(q);
  const pickedBy = new Map<number, string>();
  for (const r of rows) if (r.key !== slot?.key && r.selectedID) pickedBy.set(r.selectedID, r.label);
  // A new backup is any squad player not in the team and not a backup already.
  const offered = (p: PlayerOption) =>
    slot ? !allowed || allowed.includes(p.PositionID) : !pickedBy.has(p.PlayerID) && !backups.includes(p.PlayerID);
  const list = sortPlayers(players.filter((p) => offered(p) && matches(p)));
  const entries = list.map((player) => ({
    player,
    figures: figures.get(player.PlayerID),
    pickedIn: pickedBy.get(player.PlayerID) ?? null,
    current: slot?.selectedID === player.PlayerID,
    backupAt: backups.includes(player.PlayerID) ? backups.indexOf(player.PlayerID) + 1 : null,
  }));
  if (sort === 'team') return entries;
  const value = (e: PickerEntry) =>
    sort === 'season'
      ? (e.figures?.SeasonPoints ?? 0)
      : sort === 'lastThree'
        ? lastThreeTotal(e.figures)
        : sort === 'priceHigh'
          ? (e.figures?.Price ?? 0)
          : -(e.figures?.Price ?? Number.POSITIVE_INFINITY);
  // Array.prototype.sort is stable: equal figures keep the spec's order.
  return entries.sort((a, b) => value(b) - value(a));
}
