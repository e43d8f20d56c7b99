import {
  Button,
  ConfirmDialog,
  createDataTableColumnHelper,
  DataTable,
  Modal,
  QueryState,
  Stepper,
  Text,
  Tooltip,
} from '@fantasy-cricket/ui';
import { featurePointsError, messages, positionLimit, selectionCountErrors } from '@fantasy-cricket/rules';
import { useCallback, useMemo, useState } from 'react';
import { errorNotificationText } from '../../../shared/notify';
import {
  useSaveLeagueConfigurationsMutation,
  useSaveSelectionConfigsMutation,
} from '../../../data/leagues/configuration-mutations';
import { useLeagueConfigurationsQuery } from '../../../data/leagues/league-configurations-query';
import { useSelectionConfigsQuery } from '../../../data/leagues/selection-configs-query';
import type { League, LeagueConfigurationItem, SelectionConfigItem } from '../../../data/leagues/types';
import { queryState } from '../../../data/query-state';
import * as styles from '../../../shared/leagues/leagues.css';
import { PopupMessage, type PopupStatus } from './PopupMessage';

const m = messages.configure;
export const PLAYER_SELECTION = 'Player Selection';

/** Editable only for the admin of a private Draft league (spec section 6). */
export function canConfigure(league: League, userId: number): boolean {
  return league.AdminUserID === userId && league.IsPrivate && league.Status === 'Draft';
}

interface CountRow extends SelectionConfigItem {
  countText: string;
}
interface FeatureRow extends LeagueConfigurationItem {
  pointsText: string;
  error?: string;
}

export interface ConfigureLeagueModalProps {
  league: League;
  userId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * League Configuration popup (spec sections 2, 4, 5, 8). Player Selection leagues have two steps
 * (player counts, then features and points) with a confirmation between them; Match Prediction
 * leagues only the second. View-only unless the user may configure.
 */
export function ConfigureLeagueModal({ league, userId, open, onOpenChange }: ConfigureLeagueModalProps) {
  const isPlayerSelection = league.LeagueTypeName === PLAYER_SELECTION;
  const editable = canConfigure(league, userId);
  const [step, setStep] = useState<0 | 1>(isPlayerSelection ? 0 : 1);
  /** Step 1 passed in view-only mode (Next): the counts are shown as final from then on. */
  const [viewedCounts, setViewedCounts] = useState(false);
  // The person's changes over the loaded configuration (the cache keeps the server's).
  const [featureEdits, setFeatureEdits] = useState<Record<number, Partial<FeatureRow>>>({});
  const [countEdits, setCountEdits] = useState<Record<number, string>>({});
  const [countErrors, setCountErrors] = useState<string[]>([]);
  const [status, setStatus] = useState<PopupStatus>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const featuresQuery = useLeagueConfigurationsQuery(league.LeagueID, { enabled: open });
  const countsQuery = useSelectionConfigsQuery(league.LeagueID, { enabled: open && isPlayerSelection });
  const saveCounts = useSaveSelectionConfigsMutation(league.LeagueID);
  const saveConfig = useSaveLeagueConfigurationsMutation(league.LeagueID);
  const busy = saveCounts.isPending || saveConfig.isPending;

  const features = useMemo<FeatureRow[] | null>(
    () =>
      featuresQuery.data?.map((item) => ({ ...item, pointsText: String(item.Points), ...featureEdits[item.ID] })) ??
      null,
    [featuresQuery.data, featureEdits],
  );
  const counts = useMemo<CountRow[] | null>(
    () => countsQuery.data?.map((item) => ({ ...item, countText: countEdits[item.ID] ?? String(item.Count) })) ?? null,
    [countsQuery.data, countEdits],
  );
  // Saved counts are final (the server refuses a second save): shown read-only.
  const locked = viewedCounts || Boolean(countsQuery.data?.some((item) => item.IsLocked));

  const countsEditable = editable && !locked;

  const proceedFromStep1 = () => {
    setStatus(null);
    if (locked) {
      setStep(1);
      return;
    }
    if (countsEditable) {
      const errors = selectionCountErrors(
        (counts ?? []).map((row) => ({ position: row.PositionTypeName, count: Number(row.countText || 0) })),
      );
      setCountErrors(errors);
      if (errors.length > 0) return;
    }
    setConfirmOpen(true);
  };

  const confirmStep1 = async () => {
    if (!countsEditable) {
      setConfirmOpen(false);
      setViewedCounts(true);
      setStep(1);
      return;
    }
    try {
      // Resolves once the counts are reloaded (locked by the server from now on).
      await saveCounts.mutateAsync(
        (counts ?? []).map((row) => ({
          SelectionConfigID: row.ID,
          Count: Number(row.countText),
          IsActive: row.IsActive,
        })),
      );
      setStatus({ kind: 'success', text: m.selectionConfigSaved });
      setViewedCounts(true);
      setStep(1);
    } catch (error) {
      setStatus({ kind: 'error', text: errorNotificationText(error, m.saveSelectionConfigFailed) });
    } finally {
      setConfirmOpen(false);
    }
  };

  const saveFeatures = async () => {
    if (!features) return;
    setStatus(null);
    const checked = features.map((row) => ({
      ...row,
      error: row.IsActive ? featurePointsError(row.pointsText, row.FeatureName, row.MaxPoints) : undefined,
    }));
    setFeatureEdits((all) => {
      const next = { ...all };
      for (const row of checked) next[row.ID] = { ...next[row.ID], error: row.error };
      return next;
    });
    if (checked.some((row) => row.error)) return;
    try {
      await saveConfig.mutateAsync(
        checked.map((row) => ({
          LeagueConfigurationID: row.ID,
          LeagueID: league.LeagueID,
          FeatureID: row.FeatureID,
          // Inactive rows are not checked: they keep their last valid points.
          Points: featurePointsError(row.pointsText, row.FeatureName, row.MaxPoints)
            ? row.Points
            : Number(row.pointsText),
          IsActive: row.IsActive,
        })),
      );
      setStatus({ kind: 'success', text: m.configSaved });
    } catch (error) {
      setStatus({ kind: 'error', text: errorNotificationText(error, m.saveConfigFailed) });
    }
  };

  const updateFeature = useCallback(
    (id: number, patch: Partial<FeatureRow>) =>
      setFeatureEdits((all) => ({ ...all, [id]: { ...all[id], ...patch, error: undefined } })),
    [],
  );

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
                setCountEdits((all) => ({ ...all, [row.original.ID]: value }));
              }}
            />
          ) : (
            row.original.countText
          ),
      }),
    ];
  }, [countsEditable]);

  const featureColumns = useMemo(() => {
    const featureCol = createDataTableColumnHelper<FeatureRow>();
    return [
      featureCol.display({
        id: 'select',
        header: 'Select',
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label={`Select ${row.original.FeatureName}`}
            checked={row.original.IsActive}
            disabled={!editable}
            onChange={(event) => updateFeature(row.original.ID, { IsActive: event.currentTarget.checked })}
          />
        ),
      }),
      featureCol.accessor('FeatureName', {
        header: 'Feature',
        cell: ({ row }) => (
          <Tooltip content={row.original.FeatureDescription}>
            <button type="button" className={styles.featureName}>
              {row.original.FeatureName}
            </button>
          </Tooltip>
        ),
      }),
      featureCol.display({
        id: 'points',
        header: 'Points',
        cell: ({ row }) => {
          const r = row.original;
          if (!editable) return <span className={styles.nowrap}>{r.pointsText}</span>;
          const hintId = `points-hint-${r.ID}`;
          const errorId = `points-error-${r.ID}`;
          return (
            <div className={styles.cellStack}>
              <input
                type="number"
                inputMode="numeric"
                min={0}
                max={r.MaxPoints}
                step={1}
                className={styles.input}
                aria-label={`Points for ${r.FeatureName}`}
                aria-invalid={r.error ? true : undefined}
                aria-describedby={r.error ? `${hintId} ${errorId}` : hintId}
                value={r.pointsText}
                onChange={(event) => updateFeature(r.ID, { pointsText: event.currentTarget.value })}
              />
              <span id={hintId} className={styles.fieldNote}>
                {m.rangeHint(r.MaxPoints)}
              </span>
              {r.error ? (
                <span id={errorId} className={styles.fieldError}>
                  {r.error}
                </span>
              ) : null}
            </div>
          );
        },
      }),
    ];
  }, [editable, updateFeature]);

  const stepLabels = isPlayerSelection ? [m.step1, m.step2] : [m.step2];
  const footer =
    step === 0 ? (
      <Button onClick={proceedFromStep1} disabled={!counts}>
        {countsEditable ? 'Save & Continue' : 'Next'}
      </Button>
    ) : (
      <>
        {isPlayerSelection ? (
          <Button
            variant="secondary"
            onClick={() => {
              setStatus(null);
              setStep(0);
            }}
          >
            Back
          </Button>
        ) : null}
        {editable ? (
          <Button onClick={() => void saveFeatures()} loading={busy} disabled={!features || features.length === 0}>
            Save Configuration
          </Button>
        ) : null}
      </>
    );

  return (
    <>
      <Modal
        open={open}
        onOpenChange={onOpenChange}
        title={m.title(league.LeagueTypeName)}
        description={editable ? undefined : `${league.LeagueName} — view only`}
        size="lg"
        footer={footer}
      >
        <div className={styles.stack}>
          <Stepper label="Configuration steps" steps={stepLabels} current={isPlayerSelection ? step : 0} />
          <PopupMessage status={status} />
          {/* A failed load shows in the popup whatever the step (spec: messages shown in the popup). */}
          {countsQuery.isError ? (
            <QueryState {...queryState(countsQuery)} loadingText="" errorMessage={m.fetchSelectionConfigFailed} />
          ) : null}
          {featuresQuery.isError ? (
            <QueryState {...queryState(featuresQuery)} loadingText="" errorMessage={m.fetchConfigFailed} />
          ) : null}
          {step === 0 ? (
            <section aria-label={m.step1} className={styles.form}>
              <Text weight="semibold">{m.step1}</Text>
              {countErrors.length > 0 ? (
                <ul role="alert" className={`${styles.errorList} ${styles.fieldError}`}>
                  {countErrors.map((error) => (
                    <li key={error}>{error}</li>
                  ))}
                </ul>
              ) : null}
              {counts ? (
                <DataTable
                  caption={m.step1}
                  captionHidden
                  className={styles.table}
                  columns={countColumns}
                  data={counts}
                  getRowId={(row) => String(row.ID)}
                  emptyMessage="No positions to configure."
                />
              ) : countsQuery.isError ? null : (
                <QueryState status="pending" loadingText="Loading player counts…" errorMessage="" />
              )}
              {locked ? (
                <Text tone="muted" size="sm">
                  The player counts are saved and can no longer be changed.
                </Text>
              ) : null}
            </section>
          ) : (
            <section aria-label={m.step2} className={styles.form}>
              <Text weight="semibold">{m.step2}</Text>
              {features ? (
                <DataTable
                  caption={m.step2}
                  captionHidden
                  className={styles.table}
                  columns={featureColumns}
                  data={features}
                  getRowId={(row) => String(row.ID)}
                  emptyMessage="No features to configure."
                />
              ) : featuresQuery.isError ? null : (
                <QueryState status="pending" loadingText="Loading features…" errorMessage="" />
              )}
            </section>
          )}
        </div>
      </Modal>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={m.step1}
        message={m.confirm}
        confirmLabel={countsEditable ? 'Save & Continue' : 'Next'}
        cancelLabel="Cancel"
        busy={busy}
        onConfirm={() => void confirmStep1()}
      />
    </>
  );
}
