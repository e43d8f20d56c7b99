import { Button, Text } from '@fantasy-cricket/ui';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { PlayerOption } from '../../../data/cricket/types';
import type { PlayerFigures } from '../../../data/picks/types';
import { AutoPickBadge } from '../../../shared/picks/badges';
import { PlayerCard } from '../../../shared/picks/PlayerCard/PlayerCard';
import { type GridRow, isPastRow, NONE_VALUE } from '../grid';
import { PlayerPicker } from './PlayerPicker';
import { groupByPosition } from './teamSheet';
import * as styles from './TeamSheet.css';

export interface TeamSheetProps {
  rows: readonly GridRow[];
  /** The server's clock: slots of a fixture started by then are read-only. */
  serverNow: string | null;
  players: readonly PlayerOption[];
  figures: ReadonlyMap<number, PlayerFigures>;
  /** Why figures are missing (loading, failed); null when they are in. */
  figuresNote: string | null;
  /** Team code → colour (from the fixture). */
  colours: ReadonlyMap<string, string | null>;
  invalidKeys: ReadonlySet<string>;
  saving: boolean;
  onPick: (rowKey: string, value: string) => void;
}

const slotId = (key: string) => `slot-${key}`;

/**
 * The Player Selection team sheet: the league's slots grouped by position, a card per slot
 * with the picked player's name, team, position, season points and last three. An open slot offers
 * Choose (empty) or Change and Remove (picked), which open the picker; once the fixture has started
 * the slots are read-only and show the saved picks, auto-picks with their badge.
 */
export function TeamSheet({
  rows,
  serverNow,
  players,
  figures,
  figuresNote,
  colours,
  invalidKeys,
  saving,
  onPick,
}: TeamSheetProps) {
  const [openKey, setOpenKey] = useState<string | null>(null);
  /** The slot whose picker was open last: focus returns to its button (Choose became Change). */
  const lastKey = useRef<string | null>(null);
  const groups = useMemo(() => groupByPosition(rows), [rows]);
  const byId = useMemo(() => new Map(players.map((p) => [p.PlayerID, p])), [players]);
  const slot = rows.find((r) => r.key === openKey) ?? null;

  const open = (key: string) => {
    lastKey.current = key;
    setOpenKey(key);
  };

  const choose = useCallback(
    (row: GridRow, playerId: number) => {
      onPick(row.key, String(playerId));
      setOpenKey(null);
    },
    [onPick],
  );

  return (
    <div className={styles.sheet} data-testid="team-sheet">
      {groups.map((g) => (
        <section key={g.positionId} className={styles.group} aria-labelledby={`pos-${g.positionId}`}>
          <h2 className={styles.groupHeading} id={`pos-${g.positionId}`}>
            {g.position}
            <span className={styles.count}>
              {g.rows.filter((r) => r.selectedID).length} of {g.rows.length} picked
            </span>
          </h2>
          <ul className={styles.slots}>
            {g.rows.map((r) => {
              const player = r.selectedID ? byId.get(r.selectedID) : undefined;
              const locked = isPastRow(r, serverNow);
              const invalid = invalidKeys.has(r.key);
              return (
                <li
                  key={r.key}
                  className={styles.slot}
                  data-invalid={invalid || undefined}
                  data-locked={locked || undefined}
                  data-testid="slot"
                  aria-label={r.label}
                >
                  <span className={styles.slotLabel}>
                    {r.label}
                    {r.IsAutoPick && r.selectedID ? <AutoPickBadge /> : null}
                    {locked ? <span>· Locked: the match has started</span> : null}
                  </span>
                  {player ? (
                    <PlayerCard
                      name={player.PlayerFullName}
                      teamCode={player.TeamCode}
                      teamColour={colours.get(player.TeamCode)}
                      position={player.PositionName}
                      figures={figures.get(player.PlayerID)}
                    />
                  ) : locked ? (
                    <Text as="span" size="sm" tone="muted">
                      No pick
                    </Text>
                  ) : null}
                  {locked ? null : player ? (
                    <span className={styles.slotActions}>
                      <Button
                        id={slotId(r.key)}
                        size="sm"
                        variant="secondary"
                        disabled={saving}
                        aria-label={`Change ${r.label}: ${player.PlayerFullName}`}
                        onClick={() => open(r.key)}
                      >
                        Change
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={saving}
                        aria-label={`Remove ${player.PlayerFullName} from ${r.label}`}
                        onClick={() => {
                          onPick(r.key, NONE_VALUE);
                          focusSlot(r.key);
                        }}
                      >
                        Remove
                      </Button>
                    </span>
                  ) : (
                    <Button
                      id={slotId(r.key)}
                      variant="secondary"
                      className={styles.choose}
                      disabled={saving}
                      onClick={() => open(r.key)}
                    >
                      Choose {r.label}
                    </Button>
                  )}
                  {invalid ? (
                    <p className={styles.error} role="alert">
                      This player is picked more than once.
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      <PlayerPicker
        slot={slot}
        rows={rows}
        players={players}
        figures={figures}
        colours={colours}
        figuresNote={figuresNote}
        onChoose={choose}
        onClose={() => setOpenKey(null)}
        onCloseAutoFocus={(event) => {
          const target = lastKey.current ? document.getElementById(slotId(lastKey.current)) : null;
          if (!target) return;
          event.preventDefault();
          target.focus();
        }}
      />
    </div>
  );
}

/** After a pick, focus the slot's button (Choose became Change): the dialog's opener is gone. */
export function focusSlot(key: string) {
  requestAnimationFrame(() => document.getElementById(slotId(key))?.focus());
}
