import type { TeamRules, TeamSummary } from '@fantasy-cricket/rules';
import { Button, FormErrorSummary, Text } from '@fantasy-cricket/ui';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { PlayerOption } from '../../../data/cricket/types';
import type { PlayerFigures } from '../../../data/picks/types';
import { AutoPickBadge } from '../../../shared/picks/badges';
import { PlayerCard } from '../../../shared/picks/PlayerCard/PlayerCard';
import { type GridRow, isPastRow, NONE_VALUE } from '../grid';
import { ADD_BACKUP_ID, Backups, backupButtonId } from './Backups';
import { CreditsBar } from './CreditsBar';
import { PlayerPicker } from './PlayerPicker';
import { addBackup, pickedIds, type Side, type TeamExtras, withRole } from './team';
import { timesText } from '../../../shared/scoring/teamRules';
import { PlayingBadge, PriceBadge, RoleBadge } from './TeamBadges';
import { groupByPosition, type PickerTarget } from './teamSheet';
import * as teamStyles from './Team.css';
import * as styles from './TeamSheet.css';

/** A league's team rules on the sheet (issue 27); absent in a league with every rule off. */
export interface TeamSheetTeam {
  rules: TeamRules;
  /** Captain, vice-captain and backups as they stand against the slots. */
  extras: TeamExtras;
  /** The fixture's sides (home first), for the count per side. */
  sides: readonly Side[];
  /** Credits used and left, players per side (packages/rules `teamSummary`). */
  summary: TeamSummary;
  /** False while the figures, and so the prices, load or when they failed (the budget is then the server's check). */
  pricesKnown: boolean;
  /** The figures are still loading. */
  pricesLoading: boolean;
  /** The playing XIs are announced: players are marked Playing or Not playing. */
  xiAnnounced: boolean;
  /** What the lock changed: the backup who came in → the player he replaced. */
  replacements: ReadonlyMap<number, number>;
  /** Whole percent of the league's teams that picked each player (a started fixture whose picks are revealed); null: not shown. */
  pickedBy: ReadonlyMap<number, number> | null;
  /** What the team breaks (packages/rules `teamRuleErrors`, the server's messages). */
  problems: readonly string[];
  /** Save was pressed with problems: they are said as an alert and brought into view. */
  problemsAlert: boolean;
  onChange: (extras: TeamExtras) => void;
}

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
  /** The league's team rules; absent or null without them (the sheet as before). */
  team?: TeamSheetTeam | null;
}

const slotId = (key: string) => `slot-${key}`;
const roleId = (key: string, role: 'C' | 'VC') => `role-${role}-${key}`;
/** The picker's key for a new backup (slot keys start with `p-`). */
const BACKUP_KEY = 'backup';

/**
 * The Player Selection team sheet: the league's slots grouped by position, a card per slot
 * with the picked player's name, team, position, season points and last three. An open slot offers
 * Choose (empty) or Change and Remove (picked), which open the picker; once the fixture has started
 * the slots are read-only and show the saved picks, auto-picks with their badge.
 *
 * In a league with team rules (`team`), the credits bar stays in view at the top, each picked player
 * shows his price and has Captain and Vice-captain toggles (one tap each; choosing the vice-captain as
 * captain swaps them), the backups follow the slots, and what the team breaks is listed before Save.
 * Once the XIs are announced each player is marked Playing or Not playing; after the lock a slot a
 * backup filled says who came in for whom, and, when the league reveals picks, how many of its teams
 * picked each player.
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
  team,
}: TeamSheetProps) {
  const [openKey, setOpenKey] = useState<string | null>(null);
  /** Where focus goes when the picker closes, first found: the slot's button (Choose became Change), Add a backup… */
  const focusIds = useRef<string[]>([]);
  /** What the last change did, for screen readers (roles, backups). */
  const [announcement, setAnnouncement] = useState('');
  const groups = useMemo(() => groupByPosition(rows), [rows]);
  const byId = useMemo(() => new Map(players.map((p) => [p.PlayerID, p])), [players]);
  const slot = rows.find((r) => r.key === openKey) ?? null;
  const target = useMemo<PickerTarget | null>(
    () => (openKey === BACKUP_KEY ? { kind: 'backup' } : slot ? { kind: 'slot', slot } : null),
    [openKey, slot],
  );
  const sheetLocked = rows.length > 0 && rows.every((r) => isPastRow(r, serverNow));
  const roles = team && team.rules.CaptainMultiplier !== null ? team : null;
  const name = (id: number | null) => (id === null ? null : (byId.get(id)?.PlayerFullName ?? `Player ${id}`));

  const open = (key: string) => {
    focusIds.current = [key === BACKUP_KEY ? ADD_BACKUP_ID : slotId(key)];
    setOpenKey(key);
  };

  const choose = useCallback(
    (chosen: PickerTarget, playerId: number) => {
      if (chosen.kind === 'slot') onPick(chosen.slot.key, String(playerId));
      else if (team) {
        const next = addBackup(team.extras, playerId);
        team.onChange(next);
        setAnnouncement(`${byId.get(playerId)?.PlayerFullName ?? 'The player'} is backup ${next.backups.length}.`);
        // Add a backup again, or (the backups are full) the new backup's own buttons.
        focusIds.current = [ADD_BACKUP_ID, backupButtonId(playerId, 'remove')];
      }
      setOpenKey(null);
    },
    [onPick, team, byId],
  );

  const toggleRole = (role: 'C' | 'VC', row: GridRow, playerId: number) => {
    if (!team) return;
    const next = withRole(team.extras, role, playerId);
    team.onChange(next);
    const captain = name(next.captainId);
    const vice = name(next.viceCaptainId);
    setAnnouncement(
      `${captain ? `${captain} is captain` : 'No captain'}, ${vice ? `${vice} is vice-captain` : 'no vice-captain'}.`,
    );
    // The pressed button stays where it is; keep focus on it through the re-render.
    requestAnimationFrame(() => document.getElementById(roleId(row.key, role))?.focus());
  };

  return (
    <div className={styles.sheet} data-testid="team-sheet">
      {team && !sheetLocked ? (
        <CreditsBar
          rules={team.rules}
          summary={team.summary}
          sides={team.sides}
          colours={colours}
          picked={pickedIds(rows).length}
          slots={rows.length}
          pricesKnown={team.pricesKnown}
          pricesLoading={team.pricesLoading}
        />
      ) : null}
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
              // After the lock, a slot a backup filled: who came in for whom.
              const out =
                player && team ? (r.ReplacedPlayerID ?? team.replacements.get(player.PlayerID) ?? null) : null;
              const replaced =
                player && out !== null ? `${player.PlayerFullName} came in for ${name(out)} (backup)` : null;
              const share = player && team?.pickedBy ? (team.pickedBy.get(player.PlayerID) ?? 0) : null;
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
                      badges={team ? teamBadges(team, player.PlayerID, figures, locked) : undefined}
                    />
                  ) : locked ? (
                    <Text as="span" size="sm" tone="muted">
                      No pick
                    </Text>
                  ) : null}
                  {replaced ? <p className={teamStyles.replaced}>{replaced}</p> : null}
                  {locked && share !== null ? (
                    <p className={teamStyles.slotNote}>Picked by {share}% of this league</p>
                  ) : null}
                  {locked ? null : player ? (
                    <span className={styles.slotActions}>
                      {roles ? (
                        <>
                          <Button
                            id={roleId(r.key, 'C')}
                            size="sm"
                            variant={roles.extras.captainId === player.PlayerID ? 'primary' : 'secondary'}
                            className={teamStyles.roleButton}
                            disabled={saving}
                            aria-pressed={roles.extras.captainId === player.PlayerID}
                            aria-label={`Make ${player.PlayerFullName} captain, C`}
                            title={`Captain: ${timesText(roles.rules.CaptainMultiplier ?? 1)} points`}
                            onClick={() => toggleRole('C', r, player.PlayerID)}
                          >
                            C
                          </Button>
                          <Button
                            id={roleId(r.key, 'VC')}
                            size="sm"
                            variant={roles.extras.viceCaptainId === player.PlayerID ? 'primary' : 'secondary'}
                            className={teamStyles.roleButton}
                            disabled={saving}
                            aria-pressed={roles.extras.viceCaptainId === player.PlayerID}
                            aria-label={`Make ${player.PlayerFullName} vice-captain, VC`}
                            title={`Vice-captain: ${timesText(roles.rules.ViceCaptainMultiplier ?? 1)} points`}
                            onClick={() => toggleRole('VC', r, player.PlayerID)}
                          >
                            VC
                          </Button>
                        </>
                      ) : null}
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
      {team && team.rules.Backups > 0 ? (
        <Backups
          rules={team.rules}
          extras={team.extras}
          players={byId}
          figures={figures}
          colours={colours}
          xiAnnounced={team.xiAnnounced}
          locked={sheetLocked}
          saving={saving}
          onChange={team.onChange}
          onAdd={() => open(BACKUP_KEY)}
          announce={setAnnouncement}
        />
      ) : null}
      {team && !sheetLocked && team.problems.length > 0 ? (
        team.problemsAlert ? (
          <FormErrorSummary messages={team.problems} data-testid="team-problems" />
        ) : (
          <div className={teamStyles.problems} data-testid="team-problems">
            <p className={teamStyles.problemsTitle}>Before you can save:</p>
            <ul className={teamStyles.problemsList}>
              {team.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        )
      ) : null}
      {team ? (
        <p className={teamStyles.srOnly} role="status">
          {announcement}
        </p>
      ) : null}
      <PlayerPicker
        target={target}
        rows={rows}
        players={players}
        figures={figures}
        colours={colours}
        figuresNote={figuresNote}
        team={
          team
            ? {
                rules: team.rules,
                summary: team.summary,
                sides: team.sides,
                xiAnnounced: team.xiAnnounced,
                backups: team.extras.backups,
              }
            : null
        }
        onChoose={choose}
        onClose={() => setOpenKey(null)}
        onCloseAutoFocus={(event) => {
          const next = focusIds.current.map((id) => document.getElementById(id)).find((el) => el !== null);
          if (!next) return;
          event.preventDefault();
          next.focus();
        }}
      />
    </div>
  );
}

/** A picked player's badges in a league with team rules: role (after the lock), price, Playing. */
function teamBadges(
  team: TeamSheetTeam,
  playerId: number,
  figures: ReadonlyMap<number, PlayerFigures>,
  locked: boolean,
) {
  const f = figures.get(playerId);
  const role = team.extras.captainId === playerId ? 'C' : team.extras.viceCaptainId === playerId ? 'VC' : null;
  return (
    <>
      {locked && role ? (
        <RoleBadge
          role={role}
          multiplier={role === 'C' ? team.rules.CaptainMultiplier : team.rules.ViceCaptainMultiplier}
        />
      ) : null}
      {team.rules.BudgetCredits !== null ? <PriceBadge price={f?.Price} /> : null}
      {team.xiAnnounced ? <PlayingBadge playing={f?.Playing} /> : null}
    </>
  );
}

/** After a pick, focus the slot's button (Choose became Change): the dialog's opener is gone. */
export function focusSlot(key: string) {
  requestAnimationFrame(() => document.getElementById(slotId(key))?.focus());
}
