import { Button, Checkbox, Modal, QueryState, TextArea } from '@fantasy-cricket/ui';
import { LEAGUE_DESCRIPTION_MAX, messages } from '@fantasy-cricket/rules';
import { useState } from 'react';
import { errorNotificationText } from '../../../shared/notify';
import { useLeagueQuery } from '../../../data/leagues/league-query';
import type { League } from '../../../data/leagues/types';
import { useUpdateLeagueMutation } from '../../../data/leagues/update-league-mutation';
import { queryState } from '../../../data/query-state';
import * as styles from '../../../shared/leagues/leagues.css';
import { PopupMessage, type PopupStatus } from './PopupMessage';

const m = messages.editLeague;

export interface EditLeagueModalProps {
  league: League;
  userId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Whether the person may save the Edit League popup: the league's admin, while it is not Finished
 * (the server refuses then). Everyone else views it ('View Fantasy League').
 */
export const canEditLeague = (league: Pick<League, 'AdminUserID' | 'Status'>, userId: number): boolean =>
  league.AdminUserID === userId && league.Status !== 'Finished';

/** Edit League popup (spec sections 2, 6, 8): the admin edits; everyone else views. */
export function EditLeagueModal({ league, userId, open, onOpenChange }: EditLeagueModalProps) {
  const details = useLeagueQuery(league.LeagueID, { enabled: open });
  const update = useUpdateLeagueMutation();
  // The person's changes over the loaded details (the cache keeps the server's).
  const [edits, setEdits] = useState<{ description?: string; showOthersPicks?: boolean }>({});
  const [status, setStatus] = useState<PopupStatus>(null);
  const loaded = details.isSuccess;
  const description = edits.description ?? details.data?.Description ?? '';
  const showOthersPicks = edits.showOthersPicks ?? details.data?.ShowOthersPicks ?? false;
  const canSave = canEditLeague(
    { AdminUserID: details.data?.AdminUserID ?? league.AdminUserID, Status: league.Status },
    userId,
  );

  const save = async () => {
    setStatus(null);
    try {
      // Resolves once the league's details and the lists showing it are reloaded.
      await update.mutateAsync({
        leagueId: league.LeagueID,
        body: { Description: description.trim(), ShowOthersPicks: showOthersPicks },
      });
      setStatus({ kind: 'success', text: m.updated });
    } catch (error) {
      setStatus({ kind: 'error', text: errorNotificationText(error, m.updateFailed) });
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={canSave ? m.titleEdit : m.titleView}
      description={league.LeagueName}
      footer={
        canSave ? (
          <Button onClick={() => void save()} loading={update.isPending} disabled={!loaded}>
            {m.save}
          </Button>
        ) : undefined
      }
    >
      <div className={styles.form}>
        <PopupMessage status={status} />
        <QueryState {...queryState(details)} loadingText="Loading league details…" errorMessage={m.fetchFailed}>
          <TextArea
            label="League Description"
            rows={5}
            maxLength={LEAGUE_DESCRIPTION_MAX}
            readOnly={!canSave}
            value={description}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setEdits((all) => ({ ...all, description: value }));
            }}
          />
          <Checkbox
            label={m.showOthersPicks}
            checked={showOthersPicks}
            disabled={!canSave}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setEdits((all) => ({ ...all, showOthersPicks: checked }));
            }}
          />
        </QueryState>
      </div>
    </Modal>
  );
}
