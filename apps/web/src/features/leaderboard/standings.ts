import { fixtureLabel } from '@fantasy-cricket/rules';
import type { DataTableSorting } from '@fantasy-cricket/ui';
import type { LiveStandings } from '../../data/live/types';
import type {
  ContestEntry,
  LeaderboardRow,
  PastPlayerSelection,
  PastSelection,
  PlayerScoringDetail,
} from '../../data/standings/types';
import { roleNames } from '../../shared/scoring/RoleMark';
import { formatFactor } from '../../shared/scoring/teamRules';

/** The rules of the Leaderboard screen and the score-details modals (spec sections 2 and 9), as plain functions. */

/** Spec section 2: the table starts sorted by Points, highest first. */
export const DEFAULT_SORTING: DataTableSorting = [{ id: 'points', desc: true }];

/**
 * The sorting after choosing a column (the headers' rule, for the phone's sort bar): the same column
 * reverses, another one starts highest first.
 */
export function nextSorting(current: DataTableSorting, id: string): DataTableSorting {
  const now = current[0];
  return [{ id, desc: now?.id === id ? !now.desc : true }];
}

export type Medal = 'gold' | 'silver' | 'bronze';

const MEDALS: Record<number, Medal> = { 1: 'gold', 2: 'silver', 3: 'bronze' };

/**
 * Spec section 9: positions 1, 2 and 3 get the gold, silver and bronze styling — once they have points:
 * a table where everyone has 0 names no leader (decision 0021).
 */
export const medalFor = (position: number, points = 1): Medal | null =>
  points > 0 ? (MEDALS[position] ?? null) : null;

/** The words beside the colour, so the medal is not told by colour alone. */
export const medalLabel: Record<Medal, string> = { gold: 'Gold', silver: 'Silver', bronze: 'Bronze' };

/** Spec section 2: a position change reads +n, -n, or a dash when 0. */
export function formatChange(change: number): string {
  if (change > 0) return `+${change}`;
  if (change < 0) return `-${Math.abs(change)}`;
  return '–';
}

/** The same change in words, for screen readers. */
export function describeChange(change: number): string {
  if (change === 0) return 'No change';
  const n = Math.abs(change);
  return `${change > 0 ? 'Up' : 'Down'} ${n} ${n === 1 ? 'place' : 'places'}`;
}

/** "1 pick", "2 picks": a count and its noun in the number it needs. */
export const countOf = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Points as shown: whole numbers as they are, fractions to two decimals at most. */
export function formatPoints(points: number): string {
  return Number.isInteger(points) ? String(points) : String(Math.round(points * 100) / 100);
}

/** Rows worth highlighting in the score details: those that earned points. */
export const earnedPoints = (points: number) => points > 0;

export const sumPoints = (rows: readonly { Points: number }[]) =>
  Math.round(rows.reduce((sum, r) => sum + r.Points, 0) * 100) / 100;

/** One Match Prediction pick as the modal and the export show it. */
export interface PredictionLine {
  key: string;
  fixture: string;
  feature: string;
  selection: string;
  winner: string;
  points: number;
  isAutoPick: boolean;
  /** The fixture is live: the points are as if it ended now. */
  provisional: boolean;
  /** While live: who leads the feature so far ('' when the result decides it, or nobody leads yet). */
  leading: string;
}

/**
 * What the Winner column says: the winners once the result is in; while the match is live, who leads
 * so far (the provisional points follow them), never "not decided" beside points already counted.
 */
export function winnerText(line: Pick<PredictionLine, 'winner' | 'provisional' | 'leading'>): string {
  if (line.winner) return line.winner;
  if (line.provisional) return line.leading ? `Leading so far: ${line.leading}` : 'Not decided yet';
  return 'Not decided';
}

/** The pick and the winners of a Match Prediction row, read from the columns of its feature type. */
export function predictionLine(row: PastSelection, index: number): PredictionLine {
  const byType = {
    team: [row.SelectedTeam, row.WinningTeam],
    player: [row.SelectedPlayer, row.WinningPlayer],
    bonus: [row.SelectedBonus, row.WinningBonus],
  } as const;
  const [selection, winner] = byType[row.FeatureTypeName];
  return {
    key: `${row.FixtureID}-${index}`,
    fixture: row.FixtureName,
    feature: row.Feature,
    selection: selection || row.SelectedTeam || row.SelectedPlayer || row.SelectedBonus,
    winner: winner || row.WinningTeam || row.WinningPlayer || row.WinningBonus,
    points: row.Points,
    isAutoPick: row.IsAutoPick,
    provisional: row.Provisional,
    leading: row.LeadingSoFar ?? '',
  };
}

type FixtureRow = Pick<
  PastSelection,
  'FixtureID' | 'FixtureName' | 'StartTime' | 'LocalTeamCode' | 'VisitorTeamCode' | 'Points'
>;

export interface FixtureGroup<T extends FixtureRow> {
  fixtureId: number;
  /** 'Match 12 - CSK @ MI - 04/14 10 AM ET'. */
  label: string;
  rows: T[];
  subtotal: number;
}

/** Score-detail rows by fixture, in the server's order (start time), each with its subtotal. */
export function groupByFixture<T extends FixtureRow>(rows: readonly T[]): FixtureGroup<T>[] {
  const groups = new Map<number, FixtureGroup<T>>();
  for (const row of rows) {
    let group = groups.get(row.FixtureID);
    if (!group) {
      group = { fixtureId: row.FixtureID, label: fixtureLabel(row), rows: [], subtotal: 0 };
      groups.set(row.FixtureID, group);
    }
    group.rows.push(row);
  }
  return [...groups.values()].map((g) => ({ ...g, subtotal: sumPoints(g.rows) }));
}

/** A pick whose points are multiplied (its captain's or vice-captain's multiplier is not 1). */
export const isMultiplied = (row: Pick<PastPlayerSelection, 'Multiplier'>) => row.Multiplier !== 1;

/**
 * A multiplied pick's points as worked out: "18 × 2 = 36" (base × multiplier = points, rounded to a
 * whole point by the server, halves away from zero); null for a pick without a multiplier.
 */
export function multipliedText(row: Pick<PastPlayerSelection, 'BasePoints' | 'Multiplier' | 'Points'>): string | null {
  if (!isMultiplied(row)) return null;
  return `${formatPoints(row.BasePoints)} × ${formatFactor(row.Multiplier)} = ${formatPoints(row.Points)}`;
}

/** "Captain", "Vice-captain" or '' for a pick's role. */
export const roleText = (role: PastPlayerSelection['Role']) => (role ? roleNames[role] : '');

/** A sheet to export: a header row and data rows (numbers stay numbers). */
export type ExportCell = string | number | null;
export interface ExportSheet {
  name: string;
  header: string[];
  rows: ExportCell[][];
}

/** Scores.csv / Scores.xlsx of a Match Prediction member: every pick, then the total. */
export function predictionScoresSheet(rows: readonly PastSelection[]): ExportSheet {
  return {
    name: 'Scores',
    header: ['Fixture', 'Feature', 'Selection', 'Winner', 'Points'],
    rows: [
      ...rows.map((row, i) => {
        const line = predictionLine(row, i);
        const winner = line.winner || (line.provisional && line.leading ? winnerText(line) : '');
        return [line.fixture, line.feature, line.selection, winner, line.points];
      }),
      ['Total', '', '', '', sumPoints(rows)],
    ],
  };
}

/**
 * Scores.csv / Scores.xlsx of a Player Selection member: every picked player and his points, then the
 * total. When the member had a captain or vice-captain (a league with team rules), each row also gives
 * the role, the base points and the multiplier (1 without a role); without one the sheet keeps the
 * spec's columns.
 */
export function playerScoresSheet(rows: readonly PastPlayerSelection[]): ExportSheet {
  const roles = rows.some((row) => row.Role !== null || isMultiplied(row));
  if (!roles) {
    return {
      name: 'Scores',
      header: ['Fixture', 'Position', 'Selection', 'Points'],
      rows: [
        ...rows.map((row) => [row.FixtureName, row.PositionName, row.PlayerName, row.Points]),
        ['Total', '', '', sumPoints(rows)],
      ],
    };
  }
  return {
    name: 'Scores',
    header: ['Fixture', 'Position', 'Selection', 'Role', 'Base points', 'Multiplier', 'Points'],
    rows: [
      ...rows.map((row) => [
        row.FixtureName,
        row.PositionName,
        row.PlayerName,
        roleText(row.Role),
        row.BasePoints,
        row.Multiplier,
        row.Points,
      ]),
      ['Total', '', '', '', '', '', sumPoints(rows)],
    ],
  };
}

/**
 * ScoreDetails.csv / ScoreDetails.xlsx: one picked player's points per stat, then the total. For a
 * captain or vice-captain (`pick` multiplied) the stats add up to the base points, then come the
 * multiplier and the pick's points.
 */
export function playerDetailsSheet(
  rows: readonly PlayerScoringDetail[],
  pick?: Pick<PastPlayerSelection, 'BasePoints' | 'Multiplier' | 'Points' | 'Role'>,
): ExportSheet {
  const lines = rows.map((row): ExportCell[] => [row.PlayerName, row.FeatureName, row.Count, row.Points]);
  return {
    name: 'ScoreDetails',
    header: ['Player', 'Feature', 'Count', 'Points'],
    rows:
      pick && isMultiplied(pick)
        ? [
            ...lines,
            ['Base points', '', '', sumPoints(rows)],
            ['Multiplier', roleText(pick.Role), '', pick.Multiplier],
            ['Total', '', '', pick.Points],
          ]
        : [...lines, ['Total', '', '', sumPoints(rows)]],
  };
}

/** A contest widget's columns: the keys of its entries, in first-seen order (docs/decisions/0007). */
export function contestColumnKeys(entries: readonly ContestEntry[]): string[] {
  const keys: string[] = [];
  for (const entry of entries) for (const key of Object.keys(entry)) if (!keys.includes(key)) keys.push(key);
  return keys;
}

/** A column holding only numbers lines up at the end. */
export const isNumericColumn = (entries: readonly ContestEntry[], key: string) =>
  entries.length > 0 && entries.every((e) => typeof e[key] === 'number' || e[key] === undefined);

/** A leaderboard row while fixtures are live: provisional totals and ranks, and how the rank just moved. */
export interface LiveLeaderboardRow extends LeaderboardRow {
  /** Provisional points from the live fixtures (in TotalPoints, and the row's PointsGained while live). */
  LivePoints?: number;
  /** Places climbed (positive) or dropped by the latest live update; 0 or absent when unmoved. */
  RankMoved?: number;
}

/**
 * The scored standings with a league's provisional live standings laid over them: each member's
 * provisional total, rank and change against the standings without the live fixtures, and the move
 * since the previous update. The gain is then what the live fixtures have brought so far — the
 * fixture that will be the latest scored one — so Points, Gain and the change of rank tell one story.
 * Rows without live figures are kept as they are; nothing live, no change.
 */
export function withLiveStandings(
  rows: readonly LeaderboardRow[],
  live: LiveStandings | undefined,
): LiveLeaderboardRow[] {
  if (!live?.Provisional) return [...rows];
  const byUser = new Map(live.Rows.map((r) => [r.UserID, r]));
  return rows
    .map((row) => {
      const l = byUser.get(row.UserID);
      if (!l) return row;
      const before = live.PreviousPositions[row.UserID];
      return {
        ...row,
        Position: l.Position,
        PositionChange: l.PositionChange,
        TotalPoints: l.TotalPoints,
        PointsGained: l.LivePoints,
        LivePoints: l.LivePoints,
        RankMoved: before === undefined ? 0 : before - l.Position,
      };
    })
    .sort((a, b) => a.Position - b.Position);
}
