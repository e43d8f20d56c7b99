import type { Selectable } from 'kysely';
import { isPositionId, type PositionId } from '../../cricket/catalogue';
import type { LivePlayerLinesTable } from '../../db/schema';
import { COUNTERS, type Counter, type Counters, UNKNOWN_POSITION } from '../lines';

/**
 * A player's running line as `live_player_lines` stores it: the column of each counter, the columns
 * a ball writes, and the counters and position read back from a row.
 */

export type LineRow = Selectable<LivePlayerLinesTable>;

/** The `live_player_lines` column of each counter. */
const COUNTER_COLUMN: Record<Counter, keyof LineRow & string> = {
  runs: 'runs',
  balls: 'balls',
  fours: 'fours',
  sixes: 'sixes',
  dismissals: 'dismissals',
  ballsBowled: 'balls_bowled',
  maidens: 'maidens',
  runsConceded: 'runs_conceded',
  wickets: 'wickets',
  bowledLbwWickets: 'bowled_lbw_wickets',
  catches: 'catches',
  stumpings: 'stumpings',
  runOutsDirect: 'run_outs_direct',
  runOutsIndirect: 'run_outs_indirect',
};

/** Every column of a line that a ball writes, in the order the ball's statement lists them. */
export const LINE_COLUMNS = [
  'fixture_id',
  'cricsheet_id',
  'player_id',
  'name',
  'team',
  'did_play',
  'position_id',
  ...COUNTERS.map((counter) => COUNTER_COLUMN[counter]),
  'dismissal_kind',
  'points',
] as const satisfies readonly (keyof LineRow)[];

/** A stored line's counters. */
export function countersOf(line: LineRow): Counters {
  return Object.fromEntries(COUNTERS.map((counter) => [counter, Number(line[COUNTER_COLUMN[counter]])])) as Counters;
}

/** A stored line's position (a player whose position is unknown counts as `UNKNOWN_POSITION`). */
export const positionOfLine = (line: Pick<LineRow, 'position_id'>): PositionId =>
  isPositionId(line.position_id) ? line.position_id : UNKNOWN_POSITION;
