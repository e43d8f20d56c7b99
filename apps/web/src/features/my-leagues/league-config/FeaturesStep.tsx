import { createDataTableColumnHelper, DataTable, QueryState, Text, Toggletip } from '@fantasy-cricket/ui';
import { countedPoints, MINUS_SIGN, messages, signedPoints } from '@fantasy-cricket/rules';
import { useMemo } from 'react';
import type { LeagueConfigurationItem } from '../../../data/leagues/types';
import * as styles from '../../../shared/leagues/leagues.css';

const m = messages.configure;

/** A league feature as loaded, with the points typed over it and their error after a save attempt. */
export interface FeatureRow extends LeagueConfigurationItem {
  pointsText: string;
  error?: string;
}

export interface FeaturesStepProps {
  /** null while loading (or after a failed load, shown by the popup). */
  features: FeatureRow[] | null;
  loadFailed: boolean;
  /** The admin of a private Draft league: checkboxes and points inputs; otherwise read-only. */
  editable: boolean;
  onFeatureChange: (configId: number, patch: Partial<FeatureRow>) => void;
}

/** The features-and-points step of the league configuration (the only step of Match Prediction). */
export function FeaturesStep({ features, loadFailed, editable, onFeatureChange }: FeaturesStepProps) {
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
            onChange={(event) => onFeatureChange(row.original.ID, { IsActive: event.currentTarget.checked })}
          />
        ),
      }),
      featureCol.accessor('FeatureName', {
        header: 'Feature',
        // The description opens on tap, click, Enter or Space (and on hover), so phones show it too.
        cell: ({ row }) => (
          <Toggletip label={m.aboutFeature(row.original.FeatureName)} content={row.original.FeatureDescription}>
            <button type="button" className={styles.featureName}>
              {row.original.FeatureName}
            </button>
          </Toggletip>
        ),
      }),
      featureCol.display({
        id: 'points',
        header: 'Points',
        cell: ({ row }) => {
          const r = row.original;
          // A penalty (Sign −1) is shown as it counts: the admin sets how much is deducted (0..MaxPoints).
          const penalty = r.Sign < 0;
          if (!editable) {
            return (
              <span className={styles.nowrap} data-testid="feature-points">
                {signedPoints(countedPoints(Number(r.pointsText), r.Sign))}
              </span>
            );
          }
          const hintId = `points-hint-${r.ID}`;
          const errorId = `points-error-${r.ID}`;
          return (
            <div className={styles.cellStack}>
              <span className={styles.signedInput}>
                {penalty ? (
                  <span aria-hidden="true" className={styles.minus}>
                    {MINUS_SIGN}
                  </span>
                ) : null}
                <input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={r.MaxPoints}
                  step={1}
                  className={styles.input}
                  aria-label={penalty ? m.pointsDeductedLabel(r.FeatureName) : `Points for ${r.FeatureName}`}
                  aria-invalid={r.error ? true : undefined}
                  aria-describedby={r.error ? `${hintId} ${errorId}` : hintId}
                  value={r.pointsText}
                  onChange={(event) => onFeatureChange(r.ID, { pointsText: event.currentTarget.value })}
                />
              </span>
              <span id={hintId} className={styles.fieldNote}>
                {penalty ? m.rangeHintDeducted(r.MaxPoints) : m.rangeHint(r.MaxPoints)}
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
  }, [editable, onFeatureChange]);

  return (
    <section aria-label={m.step2} className={styles.form}>
      <Text weight="semibold">{m.step2}</Text>
      {features ? (
        <DataTable
          caption={m.step2}
          captionHidden
          className={styles.compactTable}
          columns={featureColumns}
          data={features}
          getRowId={(row) => String(row.ID)}
          emptyMessage="No features to configure."
        />
      ) : loadFailed ? null : (
        <QueryState status="pending" loadingText="Loading features…" errorMessage="" />
      )}
    </section>
  );
}
