import { duplicatesMessage, hasStarted, messages, startedMessage } from '@fantasy-cricket/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getServerTime } from '../../data/cricket/server-time-query';
import type { Fixture } from '../../data/cricket/types';
import type { League } from '../../data/leagues/types';
import { picksKeys } from '../../data/picks/keys';
import { useSavePicksMutation } from '../../data/picks/save-picks-mutation';
import type { FeatureRow, PlayerSelectionRow } from '../../data/picks/types';
import { notify, notifySuccess } from '../../shared/notify';
import { saveErrorText } from '../../shared/picks/saveError';
import {
  duplicateRows,
  type GridRow,
  keepOpenChoices,
  matchPredictionItem,
  playerSelectionItem,
  rowsToSave,
} from './grid';
import type { SaveOutcome } from './SelectionGrid';

const m = messages.selections;

export interface SaveSelectionsInput {
  userId: number;
  league: League | undefined;
  fixture: Fixture | undefined;
  isPs: boolean;
  rows: GridRow[] | undefined;
  copy: boolean;
  /** The ids of the grid's queries (to reload the rows after a refusal). */
  ids: { UserID: number; LeagueID: number; FixtureID: number };
  toGridRows: (data: FeatureRow[] | PlayerSelectionRow[] | undefined, fixtureName: string) => GridRow[] | undefined;
  /** The grid's new unsaved state (null: none, show the server's rows). */
  setDraft: (rows: GridRow[] | null) => void;
  setInvalidKeys: (keys: ReadonlySet<string>) => void;
  /** The server's clock read by this save: rows of fixtures started by then lock. */
  setCheckedNow: (now: string) => void;
  setOutcome: (outcome: SaveOutcome) => void;
}

/**
 * The spec's save (sections 4, 5): only rows with a selection (touched ones unless copying), the
 * duplicate check, the server's clock required and the started check against it, then the save; a
 * refusal reloads the rows so started fixtures lock while the other choices stay.
 */
export function useSaveSelections(input: SaveSelectionsInput): { save: () => Promise<void>; saving: boolean } {
  const queryClient = useQueryClient();
  const savePicks = useSavePicksMutation();
  const [saving, setSaving] = useState(false);
  const {
    userId,
    league,
    fixture,
    isPs,
    rows,
    copy,
    ids,
    toGridRows,
    setDraft,
    setInvalidKeys,
    setCheckedNow,
    setOutcome,
  } = input;

  const save = async () => {
    if (!league || !fixture || !rows) return;
    const toSave = rowsToSave(rows, copy);
    if (toSave.length === 0) {
      notify('info', m.noModified);
      return;
    }
    if (isPs) {
      const { duplicates, keys } = duplicateRows(rows);
      if (duplicates.length > 0) {
        setInvalidKeys(keys);
        notify('error', duplicatesMessage(duplicates));
        return;
      }
    }
    setSaving(true);
    try {
      let now: string;
      try {
        now = await getServerTime();
      } catch {
        notify('error', m.serverTimeUnavailable);
        return;
      }
      setCheckedNow(now);
      const started = toSave.filter((r) => hasStarted(r.StartTime, now));
      if (started.length > 0) {
        notify('error', startedMessage(started.map((r) => r.FixtureDisplayName)));
        return;
      }
      const saveIds = { UserID: userId, LeagueID: league.LeagueID };
      try {
        // Resolves once the fixture's rows are reloaded (the mutation invalidates the picks).
        const result = await savePicks.mutateAsync(
          isPs
            ? {
                playerSelection: true,
                copyToOtherLeagues: copy,
                selection: toSave.map((r) => playerSelectionItem(r, saveIds)),
              }
            : {
                playerSelection: false,
                copyToOtherLeagues: copy,
                selection: toSave.map((r) => matchPredictionItem(r, saveIds)),
              },
        );
        notifySuccess(isPs ? m.savedPs : m.savedMp);
        setDraft(null);
        setOutcome({ copied: copy, copiedTo: result.CopiedTo });
      } catch (error) {
        notify('error', saveErrorText(error));
        // The server may refuse because a fixture started since the grid was loaded (an operator can
        // move a start time): reload the rows so started ones lock, keeping the other choices.
        const key = isPs ? picksKeys.playerSelection(ids) : picksKeys.matchPrediction(ids);
        await queryClient.invalidateQueries({ queryKey: key, exact: true });
        const fresh = toGridRows(queryClient.getQueryData(key), fixture.FixtureName);
        if (fresh) setDraft(keepOpenChoices(fresh, rows, now));
      }
    } finally {
      setSaving(false);
    }
  };

  return { save, saving };
}
