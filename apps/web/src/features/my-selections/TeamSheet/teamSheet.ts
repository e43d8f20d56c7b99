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

/** The picker's orders: the spec's (team, position, name), season points, last three's total. */
export const pickerSorts = ['team', 'season', 'lastThree'] as const;
export type PickerSort = (typeof pickerSorts)[number];

export const pickerSortLabels: Record<PickerSort, string> = {
  team: 'Team and name',
  season: 'Season points',
  lastThree: 'Last three matches',
};

/** A player in the picker: their figures, and the slot already holding them (another slot's pick). */
export interface PickerEntry {
  player: PlayerOption;
  figures: PlayerFigures | undefined;
  /** The label of another slot that has this player picked (not choosable here). */
  pickedIn: string | null;
  /** This slot's own pick. */
  current: boolean;
}

export const lastThreeTotal = (f: PlayerFigures | undefined) => (f ? f.LastThree.reduce((s, x) => s + x.Points, 0) : 0);

/**
 * The picker's list for one slot: the players of the slot's position (spec section 5: options
 * filtered to the row's position), matching `query` in name, team code or team name, in `sort`
 * order (points descending, the spec's order breaking ties), each marked when another slot has them.
 */
export function pickerEntries(
  slot: GridRow,
  rows: readonly GridRow[],
  players: readonly PlayerOption[],
  figures: ReadonlyMap<number, PlayerFigures>,
  query: string,
  sort: PickerSort,
): PickerEntry[] {
  const allowed = slot.allowedPositionIDs;
  const q = query.trim().toLocaleLowerCase('en');
  const matches = (p: PlayerOption) =>
    q === '' ||
    p.PlayerFullName.toLocaleLowerCase('en').includes(q) ||
    p.TeamCode.toLocaleLowerCase('en').includes(q) ||
    p.TeamName.toLocaleLowerCase('en').includes(q);
  const pickedBy = new Map<number, string>();
  for (const r of rows) if (r.key !== slot.key && r.selectedID) pickedBy.set(r.selectedID, r.label);
  const list = sortPlayers(players.filter((p) => (!allowed || allowed.includes(p.PositionID)) && matches(p)));
  const entries = list.map((player) => ({
    player,
    figures: figures.get(player.PlayerID),
    pickedIn: pickedBy.get(player.PlayerID) ?? null,
    current: slot.selectedID === player.PlayerID,
  }));
  if (sort === 'team') return entries;
  const value = (e: PickerEntry) => (sort === 'season' ? (e.figures?.SeasonPoints ?? 0) : lastThreeTotal(e.figures));
  // Array.prototype.sort is stable: equal points keep the spec's order.
  return entries.sort((a, b) => value(b) - value(a));
}
