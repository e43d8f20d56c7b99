import { createDataTableColumnHelper, DataTable, FormErrorSummary, QueryState, Text } from '@fantasy-cricket/ui';
import { messages, positionLimit } from '@fantasy-cricket/rules';
import { type ReactNode, useMemo } from 'react';
import type { SelectionConfigItem } from '../../../data/leagues/types';
import * as styles from '../../../shared/leagues/leagues.css';

const m = messages.configure;

/** A position's count as loaded, with the text typed over it. */
export interface CountRow extends SelectionConfigItem {
  countText: string;
}

export interface PlayerCountsStepProps {
  /** null while loading (or after a failed load, shown by the popup). */
  counts: CountRow[] | null;
  loadFailed: boolean;
  /** The admin may still change the counts (a Draft league whose counts are not saved yet). */
  countsEditable: boolean;
  /** Saved counts are final: said under the table. */
  locked: boolean;
  /** The rules broken by the typed counts (spec section 5), listed above the table. */
  countErrors: readonly string[];
  onCountChange: (configId: number, text: string) => void;
  /** The league's team rules (TeamRulesFields), below the counts: saved with them by Save & Continue. */
  teamRules?: ReactNode;
}

/**
 * Step 1 of the Player Selection configuration: how many players of each position a team has, then
 * the league's team rules (issue 27).
 */
export function PlayerCountsStep({
  counts,
  loadFailed,
  countsEditable,
  locked,
  countErrors,
  onCountChange,
  teamRules,
}: PlayerCountsStepProps) {
  // Columns are memoised: a new cell function on every render would remount the inputs (and drop focus).
  const countColumns = useMemo(() => {
    const countCol = createDataTableColumnHelper<CountRow>();
    return [
      countCol.accessor('PositionTypeName', { header: 'Player Type', meta: { rowHeader: true } }),
      countCol.display({
        id: 'max',
        header: 'Max Allowed',
        meta: { align: 'end' },
        cell: ({ row }) => row.original.MaxAllowed || positionLimit(row.original.PositionTypeName),
      }),
      countCol.display({
        id: 'count',
        header: 'Count',
        meta: { align: 'end' },
        cell: ({ row }) =>
          countsEditable ? (
            <input
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              className={styles.input}
              aria-label={`Count of ${row.original.PositionTypeName}`}
              value={row.original.countText}
              onChange={(event) => {
                const value = event.currentTarget.value;
                onCountChange(row.original.ID, value);
              }}
            />
          ) : (
            row.original.countText
          ),
      }),
    ];
  }, [countsEditable, onCountChange]);

  return (
    <section aria-label={m.step1} className={styles.form}>
      <Text weight="semibold">{m.step1}</Text>
      <FormErrorSummary messages={countErrors} />
      {counts ? (
        <DataTable
          caption={m.step1}
          captionHidden
          className={styles.compactTable}
          columns={countColumns}
          data={counts}
          getRowId={(row) => String(row.ID)}
          emptyMessage="No positions to configure."
        />
      ) : loadFailed ? null : (
        <QueryState status="pending" loadingText="Loading player counts…" errorMessage="" />
      )}
      {locked ? (
        <Text tone="muted" size="sm">
          The player counts are saved and can no longer be changed.
        </Text>
      ) : null}
      {teamRules}
    </section>
  );
}
