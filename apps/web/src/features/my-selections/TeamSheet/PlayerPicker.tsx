import { duplicatesMessage, formatCredits, type TeamRules, type TeamSummary } from '@fantasy-cricket/rules';
import { Column, Columns, Modal, Select, TextField } from '@fantasy-cricket/ui';
import { useMemo, useState } from 'react';
import type { PlayerOption } from '../../../data/cricket/types';
import type { PlayerFigures } from '../../../data/picks/types';
import { notify } from '../../../shared/notify';
import { PlayerCard } from '../../../shared/picks/PlayerCard/PlayerCard';
import * as badgeStyles from '../../../shared/picks/picks.css';
import type { GridRow } from '../grid';
import { creditsLeftText, sidesText } from './CreditsBar';
import * as styles from './PlayerPicker.css';
import { choiceFit, type Side } from './team';
import { PlayingBadge, PriceBadge } from './TeamBadges';
import {
  basicPickerSorts,
  type PickerSort,
  type PickerTarget,
  pickerEntries,
  pickerSortLabels,
  pickerSorts,
} from './teamSheet';

/** The league's team rules as the picker shows them (price, fit in the budget and per side, Playing). */
export interface PickerTeam {
  rules: TeamRules;
  summary: TeamSummary;
  sides: readonly Side[];
  xiAnnounced: boolean;
  backups: readonly number[];
}

export interface PlayerPickerProps {
  /** The slot being filled, or a new backup; null closes the picker. */
  target: PickerTarget | null;
  rows: readonly GridRow[];
  players: readonly PlayerOption[];
  figures: ReadonlyMap<number, PlayerFigures>;
  colours: ReadonlyMap<string, string | null>;
  /** Why figures are missing (loading, failed), shown above the list; null when they are in. */
  figuresNote: string | null;
  /** The league's team rules; absent in a league without them (the picker as before). */
  team?: PickerTeam | null;
  onChoose: (target: PickerTarget, playerId: number) => void;
  onClose: () => void;
  /** Where focus goes when the dialog closes (the slot's button; its opener may be gone after a pick). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** The dialog's description: what is listed, and, with team rules, the team's credits and sides. */
function pickerDescription(target: PickerTarget, team: PickerTeam | null | undefined): string {
  const what =
    target.kind === 'slot'
      ? `${target.slot.PositionTypeName} players of both teams, with this season's fantasy points.`
      : 'Players of both squads who are not in your team, with this season’s fantasy points.';
  if (!team) return what;
  const credits = creditsLeftText(team.rules, team.summary);
  return [what, [credits, sidesText(team.rules, team.summary, team.sides)].filter(Boolean).join(' · ')].join(' ');
}

/**
 * The Player Selection picker: a dialog (a full-height sheet on phones) listing the players
 * of the slot's position from both squads with their season points and last three, searchable by name
 * or team and sortable by those figures. A player another slot holds is marked with that slot and not
 * choosable: choosing them says the spec's duplicate message; choosing one fills the slot and
 * closes the dialog. Saving still goes through Save Selections.
 *
 * With team rules, the dialog's description keeps the credits left and the count per side in view,
 * each player shows his price (sortable by it) and, once the XIs are announced, Playing or Not
 * playing, and a player who would take the team over the budget or over the limit of his side says so
 * (he can still be chosen: the problems are listed on the sheet). For a new backup the list is every
 * squad player not in the team.
 */
export function PlayerPicker({
  target,
  rows,
  players,
  figures,
  colours,
  figuresNote,
  team,
  onChoose,
  onClose,
  onCloseAutoFocus,
}: PlayerPickerProps) {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<PickerSort>('team');
  const sorts = team?.rules.BudgetCredits != null ? pickerSorts : basicPickerSorts;
  // A price order chosen in a league with a budget falls back to the spec's order in one without.
  const order = sorts.includes(sort) ? sort : 'team';
  const entries = useMemo(
    () => (target ? pickerEntries(target, rows, players, figures, query, order, team?.backups) : []),
    [target, rows, players, figures, query, order, team?.backups],
  );
  const slot = target?.kind === 'slot' ? target.slot : null;
  const slotPlayer = slot?.selectedID ? players.find((p) => p.PlayerID === slot.selectedID) : undefined;
  const current = slotPlayer ? { teamId: slotPlayer.TeamID, price: figures.get(slotPlayer.PlayerID)?.Price } : null;
  const close = (open: boolean) => {
    if (open) return;
    setQuery('');
    onClose();
  };
  return (
    <Modal
      open={target !== null}
      onOpenChange={close}
      title={target ? (slot ? `Choose ${slot.label}` : 'Add a backup') : ''}
      description={target ? pickerDescription(target, team) : undefined}
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
            options={sorts.map((s) => ({ value: s, label: pickerSortLabels[s] }))}
            value={order}
            onValueChange={(value) => setSort(value as PickerSort)}
          />
        </Column>
      </Columns>
      {figuresNote ? <p className={styles.status}>{figuresNote}</p> : null}
      <p className={styles.status} role="status">
        {entries.length === 1 ? '1 player' : `${entries.length} players`}
      </p>
      <ul
        className={styles.list}
        aria-label={slot ? `${slot.PositionTypeName} players` : target ? 'Players not in your team' : undefined}
      >
        {entries.map((e) => {
          const unavailable = e.pickedIn !== null;
          const fit =
            team && slot && !unavailable && !e.current
              ? choiceFit(team.rules, team.summary, { teamId: e.player.TeamID, price: e.figures?.Price }, current)
              : null;
          return (
            <li key={e.player.PlayerID}>
              <button
                type="button"
                className={styles.option}
                aria-disabled={unavailable || undefined}
                aria-current={e.current || undefined}
                data-testid="picker-option"
                onClick={() => {
                  if (!target) return;
                  if (slot && unavailable) {
                    // The spec's refusal of the same player twice in a fixture, said at once.
                    notify(
                      'error',
                      duplicatesMessage([{ PositionName: slot.PositionTypeName, PlayerID: e.player.PlayerID }]),
                    );
                    return;
                  }
                  onChoose(target, e.player.PlayerID);
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
                      {team ? (
                        <>
                          {team.rules.BudgetCredits !== null ? <PriceBadge price={e.figures?.Price} /> : null}
                          {team.xiAnnounced ? <PlayingBadge playing={e.figures?.Playing} /> : null}
                          {e.backupAt !== null && slot ? (
                            <span className={badgeStyles.badge.neutral}>Backup {e.backupAt}</span>
                          ) : null}
                          {fit?.overBudgetBy != null ? (
                            <span className={badgeStyles.badge.break}>
                              {formatCredits(fit.overBudgetBy)} credits over budget
                            </span>
                          ) : null}
                          {fit?.sideFull ? (
                            <span className={badgeStyles.badge.break}>{e.player.TeamCode} at the limit</span>
                          ) : null}
                        </>
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
