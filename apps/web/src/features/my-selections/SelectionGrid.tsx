import {
  Button,
  Checkbox,
  createDataTableColumnHelper,
  DataTable,
  type DataTableColumn,
  Select,
  Text,
} from '@fantasy-cricket/ui';
import { messages, signedPoints } from '@fantasy-cricket/rules';
import { useMemo } from 'react';
import type { PlayerOption, TeamOption } from '../../data/cricket/types';
import type { PlayerFigures, SaveResult } from '../../data/picks/types';
import { AutoPickBadge } from '../../shared/picks/badges';
import * as styles from '../../shared/picks/picks.css';
import { type GridRow, isPastRow, NONE_VALUE, optionsForRow } from './grid';
import { TeamSheet, type TeamSheetTeam } from './TeamSheet/TeamSheet';

const m = messages.selections;

/** What the last save did about copying (shown under the grid). */
export interface SaveOutcome {
  copied: boolean;
  copiedTo: SaveResult['CopiedTo'];
}

/** "Also copied to: …": the leagues the server says received the picks (not those it refused to copy to). */
export function copiedText({ copiedTo }: SaveOutcome): string {
  const copied = copiedTo.filter((c) => c.Refused === undefined);
  if (copied.length === 0) return 'Also copied to: no other league.';
  return `Also copied to: ${copied
    .map((c) => `${c.LeagueName} (${c.Saved} saved${c.Skipped ? `, ${c.Skipped} skipped` : ''})`)
    .join(', ')}`;
}

export interface SelectionGridProps {
  /** Player Selection (a slot per row) or Match Prediction (a feature per row). */
  isPs: boolean;
  fixtureName: string;
  rows: GridRow[] | undefined;
  /** The server's clock: rows of fixtures started by then show N/A. */
  serverNow: string | null;
  players: PlayerOption[];
  teams: TeamOption[];
  /** Player Selection: the picker's figures by player id, and why they are missing (null when in). */
  figures: ReadonlyMap<number, PlayerFigures>;
  figuresNote: string | null;
  /** Match Prediction: each feature's points as they count (0 when not scored), by feature id; empty until loaded. */
  featurePoints?: ReadonlyMap<number, number>;
  /** Team code → colour, from the fixture. */
  colours: ReadonlyMap<string, string | null>;
  invalidKeys: ReadonlySet<string>;
  saving: boolean;
  copy: boolean;
  lastOutcome: SaveOutcome | null;
  onPick: (rowKey: string, value: string) => void;
  onCopyChange: (copy: boolean) => void;
  onSave: () => void;
  /** Player Selection: the league's team rules on the sheet (null or absent without them). */
  team?: TeamSheetTeam | null;
}

/** The picks of one fixture: a selection per feature or slot, the copy choice, Save, and what was copied. */
export function SelectionGrid({
  isPs,
  fixtureName,
  rows,
  serverNow,
  players,
  teams,
  figures,
  figuresNote,
  featurePoints,
  colours,
  invalidKeys,
  saving,
  copy,
  lastOutcome,
  onPick,
  onCopyChange,
  onSave,
  team,
}: SelectionGridProps) {
  const columns = useMemo(() => {
    const col = createDataTableColumnHelper<GridRow>();
    const list: DataTableColumn<GridRow>[] = [
      col.accessor('label', {
        id: 'label',
        header: isPs ? 'Player Position' : 'Feature',
        meta: { rowHeader: true },
        cell: ({ row }) => {
          const points = isPs ? undefined : featurePoints?.get(row.original.FeatureID);
          return (
            <span className={styles.cellStack}>
              <span>{row.original.label}</span>
              {points !== undefined ? (
                <Text as="span" size="sm" tone="muted">
                  {points === 0 ? messages.scoring.rowNotScored : messages.scoring.rowPoints(signedPoints(points))}
                </Text>
              ) : null}
              {row.original.IsAutoPick ? <AutoPickBadge /> : null}
            </span>
          );
        },
      }),
      col.display({
        id: 'selection',
        header: 'Selection',
        cell: ({ row }) => {
          const r = row.original;
          if (isPastRow(r, serverNow)) {
            // Read-only once the match has started: the saved pick (its auto-pick badge is in the first column).
            const saved = r.selectedID
              ? optionsForRow(r, players, teams, isPs).find((o) => o.value === String(r.selectedID))
              : undefined;
            return (
              <span className={styles.cellStack}>
                <span>{saved ? saved.label : 'No pick'}</span>
                <Text as="span" size="sm" tone="muted">
                  Locked: the match has started
                </Text>
              </span>
            );
          }
          return (
            <Select
              label={r.label}
              labelHidden
              className={styles.rowSelect}
              options={optionsForRow(r, players, teams, isPs, figures)}
              value={r.selectedID === null ? '' : String(r.selectedID)}
              placeholder="Select…"
              onValueChange={(value) => onPick(r.key, value || NONE_VALUE)}
              disabled={saving}
              error={invalidKeys.has(r.key) ? 'This player is picked more than once.' : undefined}
            />
          );
        },
      }),
    ];
    return list;
  }, [isPs, serverNow, players, teams, figures, featurePoints, onPick, saving, invalidKeys]);

  return (
    <>
      <Checkbox
        label={isPs ? m.copyPs : m.copyMp}
        checked={copy}
        onChange={(event) => onCopyChange(event.currentTarget.checked)}
      />
      {isPs ? (
        <TeamSheet
          rows={rows ?? []}
          serverNow={serverNow}
          players={players}
          figures={figures}
          figuresNote={figuresNote}
          colours={colours}
          invalidKeys={invalidKeys}
          saving={saving}
          onPick={onPick}
          team={team}
        />
      ) : (
        <DataTable
          caption={`Your selections for ${fixtureName}`}
          captionHidden
          className={styles.table}
          columns={columns}
          data={rows ?? []}
          getRowId={(r) => r.key}
          getRowProps={(r) => (invalidKeys.has(r.key) ? { tone: 'error' } : undefined)}
          emptyMessage="No features to pick for this fixture."
        />
      )}
      {isPs && rows?.length === 0 ? <Text tone="muted">No player positions to pick for this fixture.</Text> : null}
      {rows && rows.length > 0 ? (
        <div className={styles.actions}>
          <Button onClick={onSave} loading={saving}>
            Save Selections
          </Button>
        </div>
      ) : null}
      {lastOutcome?.copied ? (
        <Text size="sm" tone="muted" role="status">
          {copiedText(lastOutcome)}
        </Text>
      ) : null}
      {/* A league the copy was refused in (its team rules): the server's reason, "Not copied to …: …". */}
      {lastOutcome?.copied
        ? lastOutcome.copiedTo
            .filter((c) => c.Refused !== undefined)
            .map((c) => (
              <Text key={c.LeagueID} size="sm" tone="error" role="alert" data-testid="copy-refused">
                {c.Refused}
              </Text>
            ))
        : null}
    </>
  );
}
