import { zodResolver } from '@hookform/resolvers/zod';
import { Button, ConfirmDialog, Modal, QueryState, Stepper } from '@fantasy-cricket/ui';
import { featurePointsError, messages, selectionCountErrors, teamMessages } from '@fantasy-cricket/rules';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorNotificationText } from '../../../shared/notify';
import { useSaveLeagueConfigurationsMutation } from '../../../data/leagues/league-configurations-mutation';
import { useSaveSelectionConfigsMutation } from '../../../data/leagues/selection-configs-mutation';
import { useLeagueConfigurationsQuery } from '../../../data/leagues/league-configurations-query';
import { useSelectionConfigsQuery } from '../../../data/leagues/selection-configs-query';
import { useTeamRulesQuery } from '../../../data/leagues/team-rules-query';
import { useUpdateTeamRulesMutation } from '../../../data/leagues/update-team-rules-mutation';
import type { League } from '../../../data/leagues/types';
import { queryState } from '../../../data/query-state';
import * as styles from '../../../shared/leagues/leagues.css';
import { type FeatureRow, FeaturesStep } from './FeaturesStep';
import { type CountRow, PlayerCountsStep } from './PlayerCountsStep';
import { PopupMessage, type PopupStatus } from './PopupMessage';
import { TeamRulesFields } from './TeamRulesFields';
import { rulesFromValues, type TeamRulesValues, teamRulesSchema, valuesFromRules } from './teamRulesSchema';

const m = messages.configure;
export const PLAYER_SELECTION = 'Player Selection';
/** The team rules could not be loaded (no spec text: worded as the configuration's). */
export const FETCH_TEAM_RULES_FAILED = 'Failed to fetch team rules. Please try again.';

/** Editable only for the admin of a private Draft league (spec section 6). */
export function canConfigure(league: League, userId: number): boolean {
  return league.AdminUserID === userId && league.IsPrivate && league.Status === 'Draft';
}

export interface ConfigureLeagueModalProps {
  league: League;
  userId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * League Configuration popup (spec sections 2, 4, 5, 8). Player Selection leagues have two steps
 * (player counts, then features and points: PlayerCountsStep, FeaturesStep) with a confirmation
 * between them; Match Prediction leagues only the second. View-only unless the user may configure.
 * Step 1 also holds the league's team rules (issue 27): editable while the league is a Draft (even
 * once the counts are final), saved by Save & Continue before the counts — both must succeed to go on.
 * This component holds the edits and the saves; the steps render them.
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
  /** Bumped when a save is refused for a field: focus (and so the scroll) goes to the first invalid field. */
  const [invalidTick, setInvalidTick] = useState(0);
  const bodyRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (invalidTick > 0) bodyRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [invalidTick]);
  const featuresQuery = useLeagueConfigurationsQuery(league.LeagueID, { enabled: open });
  const countsQuery = useSelectionConfigsQuery(league.LeagueID, { enabled: open && isPlayerSelection });
  const saveCounts = useSaveSelectionConfigsMutation(league.LeagueID);
  const saveConfig = useSaveLeagueConfigurationsMutation(league.LeagueID);
  const rulesQuery = useTeamRulesQuery(league.LeagueID, { enabled: open && isPlayerSelection });
  const saveRules = useUpdateTeamRulesMutation(league.LeagueID);
  const busy = saveCounts.isPending || saveConfig.isPending || saveRules.isPending;
  // The team rules' form: its figures follow the stored rules and survive a step back and forth.
  const rulesValues = useMemo(
    () => (rulesQuery.data ? valuesFromRules(rulesQuery.data) : undefined),
    [rulesQuery.data],
  );
  const rulesForm = useForm<TeamRulesValues>({ resolver: zodResolver(teamRulesSchema), values: rulesValues });
  /** The admin may change the rules: a Draft league (the server's IsLocked says when it no longer is). */
  const rulesEditable = editable && rulesQuery.data !== undefined && !rulesQuery.data.IsLocked;

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
  /** Step 1 saves something: the counts (until final) or the team rules (until activation). */
  const step1Saves = countsEditable || rulesEditable;
  /** The rules as typed, for the server (checked by the form before). */
  const typedRules = () => rulesFromValues(rulesForm.getValues());

  const proceedFromStep1 = async () => {
    setStatus(null);
    // Both parts are checked at once: the counts' rules above the table, each team rule at its field
    // (the first wrong one in the popup is focused, so it scrolls into view).
    const errors = countsEditable
      ? selectionCountErrors(
          (counts ?? []).map((row) => ({ position: row.PositionTypeName, count: Number(row.countText || 0) })),
        )
      : [];
    setCountErrors(errors);
    const rulesValid = rulesEditable ? await rulesForm.trigger() : true;
    if (!rulesValid) setInvalidTick((n) => n + 1);
    if (errors.length > 0 || !rulesValid) return;
    if (locked) {
      if (rulesEditable) await saveRulesOnly();
      else setStep(1);
      return;
    }
    setConfirmOpen(true);
  };

  /** The counts are final already: Save & Continue saves the team rules alone (nothing becomes final). */
  const saveRulesOnly = async () => {
    try {
      await saveRules.mutateAsync(typedRules());
      setStatus({ kind: 'success', text: teamMessages.rulesSaved });
      setStep(1);
    } catch (error) {
      setStatus({ kind: 'error', text: errorNotificationText(error, m.saveSelectionConfigFailed) });
    }
  };

  const confirmStep1 = async () => {
    if (!countsEditable) {
      setConfirmOpen(false);
      setViewedCounts(true);
      setStep(1);
      return;
    }
    try {
      // The team rules first: a refused rule (the server's message) leaves the counts unsaved, so
      // nothing is final until both are right. Then the counts, which resolve once reloaded (locked
      // by the server from now on).
      if (rulesEditable) await saveRules.mutateAsync(typedRules());
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
    if (checked.some((row) => row.error)) {
      setInvalidTick((n) => n + 1);
      return;
    }
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

  const updateCount = useCallback((id: number, text: string) => setCountEdits((all) => ({ ...all, [id]: text })), []);

  const stepLabels = isPlayerSelection ? [m.step1, m.step2] : [m.step2];
  const footer =
    step === 0 ? (
      <Button
        onClick={() => void proceedFromStep1()}
        loading={busy}
        // The admin's step 1 saves the team rules too: it waits for them.
        disabled={!counts || (editable && !rulesQuery.data)}
      >
        {step1Saves ? 'Save & Continue' : 'Next'}
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
        <div className={styles.stack} ref={bodyRef}>
          <Stepper label="Configuration steps" steps={stepLabels} current={isPlayerSelection ? step : 0} />
          <PopupMessage status={status} />
          {/* A failed load shows in the popup whatever the step (spec: messages shown in the popup). */}
          {countsQuery.isError ? (
            <QueryState {...queryState(countsQuery)} loadingText="" errorMessage={m.fetchSelectionConfigFailed} />
          ) : null}
          {isPlayerSelection && rulesQuery.isError ? (
            <QueryState {...queryState(rulesQuery)} loadingText="" errorMessage={FETCH_TEAM_RULES_FAILED} />
          ) : null}
          {featuresQuery.isError ? (
            <QueryState {...queryState(featuresQuery)} loadingText="" errorMessage={m.fetchConfigFailed} />
          ) : null}
          {step === 0 ? (
            <PlayerCountsStep
              counts={counts}
              loadFailed={countsQuery.isError}
              countsEditable={countsEditable}
              locked={locked}
              countErrors={countErrors}
              onCountChange={updateCount}
              teamRules={
                <TeamRulesFields
                  form={rulesForm}
                  rules={rulesQuery.data}
                  loadFailed={rulesQuery.isError}
                  editable={rulesEditable}
                />
              }
            />
          ) : (
            <FeaturesStep
              features={features}
              loadFailed={featuresQuery.isError}
              editable={editable}
              onFeatureChange={updateFeature}
            />
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
