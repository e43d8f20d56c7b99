import { duplicatesMessage } from '@fantasy-cricket/rules';
import { Column, Columns, Modal, Select, TextField } from '@fantasy-cricket/ui';
import { useMemo, useState } from 'react';
import type { PlayerOption } from '../../../data/cricket/types';
import type { PlayerFigures } from '../../../data/picks/types';
import { notify } from '../../../shared/notify';
import { PlayerCard } from '../../../shared/picks/PlayerCard/PlayerCard';
import * as badgeStyles from '../../../shared/picks/picks.css';
import type { GridRow } from '../grid';
import * as styles from './PlayerPicker.css';
import { type PickerSort, pickerEntries, pickerSortLabels, pickerSorts } from './teamSheet';

export interface PlayerPickerProps {
  /** The slot being filled; null closes the picker. */
  slot: GridRow | null;
  rows: readonly GridRow[];
  players: readonly PlayerOption[];
  figures: ReadonlyMap<number, PlayerFigures>;
  colours: ReadonlyMap<string, string | null>;
  /** Why figures are missing (loading, failed), shown above the list; null when they are in. */
  figuresNote: string | null;
  onChoose: (slot: GridRow, playerId: number) => void;
  onClose: () => void;
  /** Where focus goes when the dialog closes (the slot's button; its opener may be gone after a pick). */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * The Player Selection picker: a dialog (a full-height sheet on phones) listing the players
 * of the slot's position from both squads with their season points and last three, searchable by name
 * or team and sortable by those figures. A player another slot holds is marked with that slot and not
 * choosable: choosing them says the spec's duplicate message; choosing one fills the slot and
 * closes the dialog. Saving still goes through Save Selections.
 */
export function PlayerPicker({
  slot,
  rows,
  players,
  figures,
  colours,
  figuresNote,
  onChoose,
  onClose,
  onCloseAutoFocus,
}: PlayerPickerProps) {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<PickerSort>('team');
  const entries = useMemo(
    () => (slot ? pickerEntries(slot, rows, players, figures, query, sort) : []),
    [slot, rows, players, figures, query, sort],
  );
  const close = (open: boolean) => {
    if (open) return;
    setQuery('');
    onClose();
  };
  return (
    <Modal
      open={slot !== null}
      onOpenChange={close}
      title={slot ? `Choose ${slot.label}` : ''}
      description={
        slot ? `${slot.PositionTypeName} players of both teams, with this season's fantasy points.` : undefined
      }
      size="lg"
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <Columns gap="sm" collapseBelow="sm" className={styles.tools}>
        <Column width="3/5">
          <TextField
            label="Search players"
            type="search"
            hint="Name or team"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
          />
        </Column>
        <Column>
          <Select
            label="Sort by"
            options={pickerSorts.map((s) => ({ value: s, label: pickerSortLabels[s] }))}
            value={sort}
            onValueChange={(value) => setSort(value as PickerSort)}
          />
        </Column>
      </Columns>
      {figuresNote ? <p className={styles.status}>{figuresNote}</p> : null}
      <p className={styles.status} role="status">
        {entries.length === 1 ? '1 player' : `${entries.length} players`}
      </p>
      <ul className={styles.list} aria-label={slot ? `${slot.PositionTypeName} players` : undefined}>
        {entries.map((e) => {
          const unavailable = e.pickedIn !== null;
          return (
            <li key={e.player.PlayerID}>
              <button
                type="button"
                className={styles.option}
                aria-disabled={unavailable || undefined}
                aria-current={e.current || undefined}
                data-testid="picker-option"
                onClick={() => {
                  if (!slot) return;
                  if (unavailable) {
                    // The spec's refusal of the same player twice in a fixture, said at once.
                    notify(
                      'error',
                      duplicatesMessage([{ PositionName: slot.PositionTypeName, PlayerID: e.player.PlayerID }]),
                    );
                    return;
                  }
                  onChoose(slot, e.player.PlayerID);
                  setQuery('');
                }}
              >
                <PlayerCard
                  name={e.player.PlayerFullName}
                  teamCode={e.player.TeamCode}
                  teamColour={colours.get(e.player.TeamCode)}
                  position={e.player.PositionName}
                  figures={e.figures}
                  badges={
                    <>
                      {e.current ? <span className={badgeStyles.badge.neutral}>Current pick</span> : null}
                      {e.pickedIn ? (
                        <span className={badgeStyles.badge.neutral}>Already picked: {e.pickedIn}</span>
                      ) : null}
                    </>
                  }
                />
              </button>
            </li>
          );
        })}
      </ul>
      {entries.length === 0 ? <p className={styles.status}>No players match.</p> : null}
    </Modal>
  );
}
