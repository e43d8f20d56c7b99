import { createContext, useContext } from 'react';
import type { ScorecardProblem } from '../../../data/operator/types';

/**
 * The server's problems (cricket/scorecard/validate.ts, named by the request's fields) placed on the
 * form's fields: a fielder's or a player-of-the-match index goes to its picker, a team's players to
 * its squad list, a margin to the margin field, whatever names no field to the form as a whole.
 */

/** The form key that shows a problem at `path` (`Innings.0.Bowling.3` → `Innings.0.Bowling.3.PlayerID`). */
export function formKeyOf(path: string): string {
  const p = path.split('.');
  const [head] = p;
  if (path === '' || (head === 'Innings' && p.length === 1)) return 'form';
  if (head === 'Innings') {
    const [, i, part] = p;
    if (part === 'Batting' || part === 'Bowling') {
      if (p.length === 3) return `Innings.${i}.${part}`;
      if (p.length === 4) return `Innings.${i}.${part}.${p[3]}.PlayerID`;
      // Each fielder has its own picker (FielderIDs.0, FielderIDs.1).
      if (p[4] === 'FielderIDs') return p.length > 5 ? p.slice(0, 6).join('.') : `${p.slice(0, 5).join('.')}.0`;
      return p.slice(0, 5).join('.');
    }
    if (part === 'SuperOver' || part === undefined) return `Innings.${i}.TeamID`;
    return p.slice(0, 4).join('.');
  }
  if (head === 'Playing') return p.length > 1 ? `Playing.${p[1]}` : 'Playing';
  if (head === 'Toss') return p[1] === 'Decision' ? 'TossDecision' : 'TossWinnerTeamID';
  if (head === 'PlayerOfMatchIDs') return 'PlayerOfMatchID';
  if (head === 'Outcome' && (p[1] === 'ByRuns' || p[1] === 'ByWickets')) return 'Outcome.Margin';
  return path;
}

/** Problems by form key, each key's messages in order. */
export function problemsByKey(problems: readonly ScorecardProblem[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const p of problems) {
    const key = formKeyOf(p.Path);
    map.set(key, [...(map.get(key) ?? []), p.Message]);
  }
  return map;
}

/** The id of the control that shows the form key (for the summary's links and the labels). */
export const fieldId = (key: string) => `sc-${key.replace(/\./g, '-')}`;

export const ProblemsContext = createContext<ReadonlyMap<string, string[]>>(new Map());

/** The server's problems at a form key, as one message (undefined for none). */
export function useProblemAt(key: string): string | undefined {
  const messages = useContext(ProblemsContext).get(key);
  return messages?.length ? messages.join(' ') : undefined;
}
