import { Button, Text } from '@fantasy-cricket/ui';
import type { TeamRules } from '@fantasy-cricket/rules';
import type { PlayerOption } from '../../../data/cricket/types';
import type { PlayerFigures } from '../../../data/picks/types';
import { PlayerCard } from '../../../shared/picks/PlayerCard/PlayerCard';
import { moveBackup, removeBackup, type TeamExtras } from './team';
import { PlayingBadge, PriceBadge } from './TeamBadges';
import * as sheetStyles from './TeamSheet.css';
import * as styles from './Team.css';

export interface BackupsProps {
  rules: TeamRules;
  extras: TeamExtras;
  players: ReadonlyMap<number, PlayerOption>;
  figures: ReadonlyMap<number, PlayerFigures>;
  colours: ReadonlyMap<string, string | null>;
  /** The playing XIs are announced: each backup is marked Playing or Not playing. */
  xiAnnounced: boolean;
  /** The fixture has started: the backups left are shown, not changed. */
  locked: boolean;
  saving: boolean;
  onChange: (extras: TeamExtras) => void;
  /** Opens the picker of a new backup. */
  onAdd: () => void;
  /** Says a change to screen readers (the sheet's status line). */
  announce: (text: string) => void;
}

export const ADD_BACKUP_ID = 'add-backup';
export const backupButtonId = (playerId: number, action: 'up' | 'down' | 'remove') => `backup-${playerId}-${action}`;

const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

/**
 * The backups (up to the league's number), in priority order: at the lock, a picked player outside the
 * announced XI is replaced by the first backup of his position who plays and keeps the team within the
 * rules. Players not in the team are added from the picker, moved up and down with buttons (focus
 * stays on the moved backup's button, and the new place is announced) and removed.
 */
export function Backups({
  rules,
  extras,
  players,
  figures,
  colours,
  xiAnnounced,
  locked,
  saving,
  onChange,
  onAdd,
  announce,
}: BackupsProps) {
  const { backups } = extras;
  const name = (id: number) => players.get(id)?.PlayerFullName ?? `Player ${id}`;
  const count = backups.length;

  const move = (index: number, delta: -1 | 1) => {
    const id = backups[index]!;
    const next = moveBackup(extras, index, delta);
    if (next === extras) return;
    onChange(next);
    announce(`${name(id)} is now backup ${index + delta + 1} of ${count}.`);
    focusLater(backupButtonId(id, delta < 0 ? 'up' : 'down'));
  };

  const remove = (index: number) => {
    const id = backups[index]!;
    onChange(removeBackup(extras, id));
    announce(`${name(id)} removed from the backups.`);
    // Focus goes to the backup now in that place, else the one before, else Add a backup.
    const neighbour = backups[index + 1] ?? backups[index - 1];
    focusLater(neighbour !== undefined ? backupButtonId(neighbour, 'remove') : ADD_BACKUP_ID);
  };

  return (
    <section className={styles.backups} aria-labelledby="backups-heading" data-testid="backups">
      <h2 className={sheetStyles.groupHeading} id="backups-heading">
        Backups
        <span className={sheetStyles.count}>
          {count} of {rules.Backups}
        </span>
      </h2>
      <p className={styles.hint}>
        {locked
          ? 'Backups left after the lock.'
          : 'In order of priority: at the lock, a picked player who is not in the announced XI is replaced by the first backup of his position who plays, within the budget and the limit per side.'}
      </p>
      {count > 0 ? (
        <ol className={styles.backupList} aria-label="Backups in priority order">
          {backups.map((id, i) => {
            const player = players.get(id);
            const f = figures.get(id);
            const first = i === 0;
            const last = i === count - 1;
            return (
              <li key={id} className={styles.backup} aria-label={`Backup ${i + 1}: ${name(id)}`} data-testid="backup">
                <span className={styles.rank} aria-hidden="true">
                  {i + 1}
                </span>
                <span className={styles.backupBody}>
                  {player ? (
                    <PlayerCard
                      name={player.PlayerFullName}
                      teamCode={player.TeamCode}
                      teamColour={colours.get(player.TeamCode)}
                      position={player.PositionName}
                      figures={f}
                      badges={
                        <>
                          {rules.BudgetCredits !== null ? <PriceBadge price={f?.Price} /> : null}
                          {xiAnnounced ? <PlayingBadge playing={f?.Playing} /> : null}
                        </>
                      }
                    />
                  ) : (
                    <Text as="span">{name(id)}</Text>
                  )}
                  {locked ? null : (
                    <span className={styles.actions}>
                      <Button
                        id={backupButtonId(id, 'up')}
                        size="sm"
                        variant="secondary"
                        aria-label={`Move ${name(id)} up`}
                        aria-disabled={first || saving || undefined}
                        onClick={() => (first || saving ? undefined : move(i, -1))}
                      >
                        <span aria-hidden="true">↑</span> Up
                      </Button>
                      <Button
                        id={backupButtonId(id, 'down')}
                        size="sm"
                        variant="secondary"
                        aria-label={`Move ${name(id)} down`}
                        aria-disabled={last || saving || undefined}
                        onClick={() => (last || saving ? undefined : move(i, 1))}
                      >
                        <span aria-hidden="true">↓</span> Down
                      </Button>
                      <Button
                        id={backupButtonId(id, 'remove')}
                        size="sm"
                        variant="ghost"
                        disabled={saving}
                        aria-label={`Remove ${name(id)} from the backups`}
                        onClick={() => remove(i)}
                      >
                        Remove
                      </Button>
                    </span>
                  )}
                </span>
              </li>
            );
          })}
        </ol>
      ) : (
        <Text size="sm" tone="muted">
          {locked ? 'No backups.' : 'No backups yet.'}
        </Text>
      )}
      {!locked && count < rules.Backups ? (
        <Button id={ADD_BACKUP_ID} variant="secondary" className={sheetStyles.choose} disabled={saving} onClick={onAdd}>
          Add a backup
        </Button>
      ) : null}
    </section>
  );
}
