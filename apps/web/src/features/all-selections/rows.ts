import type { Fixture } from '../../data/cricket/types';
import type { FixturePlayerSelection, FixtureSelection } from '../../data/picks/types';
import { sortByStart } from '../../shared/picks/leagues';
import type { TeamRole } from '../../shared/scoring/RoleMark';

/** One line of the All Selections grid, for both league types. */
export interface SelectionLine {
  key: string;
  userId: number;
  user: string;
  fullName: string;
  /** Feature (Match Prediction) or position (Player Selection). */
  what: string;
  selection: string;
  /** Comma-separated winners; '' before the result (and always for Player Selection). */
  winner: string;
  isAutoPick: boolean;
  isOwn: boolean;
  /** Player Selection with team rules: the pick's captain ('C') or vice-captain ('VC'); else null. */
  role: TeamRole | null;
  /** Player Selection: the player a backup came in for at the lock; '' otherwise. */
  replaced: string;
}

export const linesFromMatchPredictions = (rows: readonly FixtureSelection[]): SelectionLine[] =>
  rows.map((r, i) => ({
    key: `${r.UserID}-${r.FeatureID}-${i}`,
    userId: r.UserID,
    user: r.UserDisplayName,
    fullName: r.UserFullName,
    what: r.Feature,
    selection: r.Selection,
    winner: r.Winner,
    isAutoPick: r.IsAutoPick,
    isOwn: r.IsOwn,
    role: null,
    replaced: '',
  }));

export const linesFromPlayerSelections = (rows: readonly FixturePlayerSelection[]): SelectionLine[] =>
  rows.map((r, i) => ({
    key: `${r.UserID}-${r.PositionID}-${r.PositionOrder}-${i}`,
    userId: r.UserID,
    user: r.UserDisplayName,
    fullName: r.UserFullName,
    what: r.PositionName,
    selection: r.TeamCode ? `${r.PlayerName} (${r.TeamCode})` : r.PlayerName,
    winner: '',
    isAutoPick: r.IsAutoPick,
    isOwn: r.IsOwn,
    role: r.Role,
    replaced: r.ReplacedPlayerName ?? '',
  }));

/** Spec section 2: the selection is a match when it is one of the comma-separated winners; null before a result. */
export function matchesWinner(line: Pick<SelectionLine, 'selection' | 'winner'>): boolean | null {
  const winners = line.winner
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
  if (winners.length === 0) return null;
  return winners.includes(line.selection.trim());
}

/** The text filter: user, feature or position, selection and winner (case-insensitive). */
export function filterLines(lines: readonly SelectionLine[], query: string): SelectionLine[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...lines];
  return lines.filter((l) =>
    [l.user, l.fullName, l.what, l.selection, l.winner].some((field) => field.toLowerCase().includes(q)),
  );
}

/** Spec section 2: the latest fixture already started, else the first one. */
export function defaultFixture(fixtures: readonly Fixture[]): Fixture | undefined {
  const sorted = sortByStart(fixtures);
  const started = sorted.filter((f) => f.HasStarted);
  return started[started.length - 1] ?? sorted[0];
}

/** One member's picks of the fixture, as All Selections groups them. */
export interface MemberSelections {
  userId: number;
  user: string;
  fullName: string;
  isOwn: boolean;
  lines: SelectionLine[];
  /** Picks that match the winners, and picks with a result (Match Prediction; 0 and 0 before one). */
  matches: number;
  decided: number;
}

/** The lines grouped by member, in the order the members first appear (the server's order). */
export function groupByMember(lines: readonly SelectionLine[]): MemberSelections[] {
  const groups = new Map<number, MemberSelections>();
  for (const line of lines) {
    let group = groups.get(line.userId);
    if (!group) {
      group = {
        userId: line.userId,
        user: line.user,
        fullName: line.fullName,
        isOwn: line.isOwn,
        lines: [],
        matches: 0,
        decided: 0,
      };
      groups.set(line.userId, group);
    }
    group.lines.push(line);
    const match = matchesWinner(line);
    if (match !== null) {
      group.decided += 1;
      if (match) group.matches += 1;
    }
  }
  return [...groups.values()];
}
