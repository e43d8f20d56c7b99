import { messages } from '@fantasy-cricket/rules';
import { Column, Columns, QueryState, Select } from '@fantasy-cricket/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { storedUserAtom } from '../atoms';
import { queryState } from '../../data/query-state';
import type { League } from '../../data/leagues/types';
import { useUserLeaguesQuery } from '../../data/leagues/user-leagues-query';

/** The signed-in user's leagues that pass `keep` (a module-level function). */
export function useMyLeagues(keep: (league: League) => boolean) {
  const userId = useAtomValue(storedUserAtom)?.userId ?? 0;
  return useUserLeaguesQuery(userId, keep);
}

export interface LeaguePickerProps {
  /** The query of `useMyLeagues`. */
  leagues: UseQueryResult<League[]>;
  /** The screen's text for a failed load (spec section 8). */
  failedMessage: string;
  label?: string;
  placeholder?: string;
  required?: boolean;
  /** The chosen league's id as text ('' for none). */
  value: string;
  onValueChange: (leagueId: string) => void;
  emptyMessage?: string;
  /**
   * More controls beside the dropdown (a fixture dropdown, a switch), shown once leagues are there: side by
   * side from the kit's `sm` breakpoint, under it on phones. Passing `null` keeps their place (the dropdown
   * stays as wide as it will be once they appear).
   */
  children?: ReactNode;
  /** The width of those controls beside the dropdown: an equal share (default) or as wide as they are. */
  besideWidth?: 'fill' | 'content';
  /** An option's text (default: the league's name). */
  optionLabel?: (league: League) => string;
}

/**
 * The league dropdown of the screens that start from one of the user's leagues (My Selections, All
 * Selections, Leaderboard, League Members), with the kit's loading, failed (with Retry) and empty states.
 */
export function LeaguePicker({
  leagues,
  failedMessage,
  label = 'Select League',
  placeholder = messages.selections.selectLeague,
  required,
  value,
  onValueChange,
  emptyMessage = messages.myLeagues.empty,
  children,
  besideWidth = 'fill',
  optionLabel = (l) => l.LeagueName,
}: LeaguePickerProps) {
  const list = leagues.data ?? [];
  return (
    <QueryState
      {...queryState(leagues)}
      loadingText="Loading your leagues…"
      errorMessage={failedMessage}
      isEmpty={list.length === 0}
      emptyMessage={emptyMessage}
    >
      {() => (
        // A control as wide as its content (a switch) lines up with the dropdown's bottom edge; an equal
        // share (a second dropdown, or its loading or failed state) starts at the top, as a form row does.
        <Columns gap="md" collapseBelow="sm" alignY={besideWidth === 'content' ? 'bottom' : 'top'}>
          <Column>
            <Select
              label={label}
              placeholder={placeholder}
              required={required}
              options={list.map((l) => ({ value: String(l.LeagueID), label: optionLabel(l) }))}
              value={value}
              onValueChange={onValueChange}
            />
          </Column>
          {children === undefined ? null : <Column width={besideWidth}>{children}</Column>}
        </Columns>
      )}
    </QueryState>
  );
}
