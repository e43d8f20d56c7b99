import type { Fixture } from '../../data/cricket/types';
import type { FixturePlayerSelection, FixtureSelection } from '../../data/picks/types';
import { sortByStart } from '../../shared/picks/leagues';

/** One line of the All Selections grid, for both league types. */
export interface SelectionLine {
  key: string;
  user: string;
  fullName: string;
  /** Feature (Match Prediction) or position (Player Selection). */
  what: string;
  selection: string;
  /** Comma-separated winners; '' before the result (and always for Player Selection). */
  winner: string;
  isAutoPick: boolean;
  isOwn: boolean;
}

export const linesFromMatchPredictions = (rows: readonly FixtureSelection[]): SelectionLine[] =>
  rows.map((r, i) => ({
    key: `${r.UserID}-${r.FeatureID}-${i}`,
    user: r.UserDisplayName,
    fullName: r.UserFullName,
    what: r.Feature,
    selection: r.Selection,
    winner: r.Winner,
    isAutoPick: r.IsAutoPick,
    isOwn: r.IsOwn,
  }));

export const linesFromPlayerSelections = (rows: readonly FixturePlayerSelection[]): SelectionLine[] =>
  rows.map((r, i) => ({
    key: `${r.UserID}-${r.PositionID}-${r.PositionOrder}-${i}`,
    user: r.UserDisplayName,
    fullName: r.UserFullName,
    what: r.PositionName,
    selection: r.TeamCode ? `${r.PlayerName} (${r.TeamCode})` : r.PlayerName,
    winner: '',
    isAutoPick: r.IsAutoPick,
    isOwn: r.IsOwn,
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
