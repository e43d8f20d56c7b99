import { Button, Checkbox, Modal, Text, TextArea } from '@fantasy-cricket/ui';
import { LEAGUE_DESCRIPTION_MAX, messages } from '@fantasy-cricket/rules';
import { useEffect, useState } from 'react';
import { errorNotificationText } from '../../app/notify';
import { getLeague, type League, updateLeague } from '../leagues/api';
import * as styles from '../leagues/leagues.css';
import { PopupMessage, type PopupStatus } from './PopupMessage';

const m = messages.editLeague;

export interface EditLeagueModalProps {
  league: League;
  userId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called after a successful save (e.g. to reload the list). */
  onSaved?: () => void;
}

/** Edit League popup (spec sections 2, 6, 8): the admin edits; everyone else views. */
export function EditLeagueModal({ league, userId, open, onOpenChange, onSaved }: EditLeagueModalProps) {
  const [loaded, setLoaded] = useState(false);
  const [adminUserId, setAdminUserId] = useState(league.AdminUserID);
  const [description, setDescription] = useState('');
  const [showOthersPicks, setShowOthersPicks] = useState(false);
  const [status, setStatus] = useState<PopupStatus>(null);
  const [saving, setSaving] = useState(false);
  // A Finished league can no longer be edited (the server refuses): its admin views it like everyone else.
  const canSave = adminUserId === userId && league.Status !== 'Finished';

  useEffect(() => {
    if (!open) return;
    let current = true;
    setLoaded(false);
    setStatus(null);
    getLeague(league.LeagueID).then(
      (details) => {
        if (!current) return;
        setAdminUserId(details.AdminUserID);
        setDescription(details.Description ?? '');
        setShowOthersPicks(details.ShowOthersPicks);
        setLoaded(true);
      },
      () => current && setStatus({ kind: 'error', text: m.fetchFailed }),
    );
    return () => {
      current = false;
    };
  }, [open, league.LeagueID]);

  const save = async () => {
    setStatus(null);
    setSaving(true);
    try {
      await updateLeague(league.LeagueID, { Description: description.trim(), ShowOthersPicks: showOthersPicks });
      setStatus({ kind: 'success', text: m.updated });
      onSaved?.();
    } catch (error) {
      setStatus({ kind: 'error', text: errorNotificationText(error, m.updateFailed) });
    } finally {
      setSaving(false);
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
          <Button onClick={() => void save()} loading={saving} disabled={!loaded}>
            {m.save}
          </Button>
        ) : undefined
      }
    >
      <div className={styles.form}>
        <PopupMessage status={status} />
        {loaded ? (
          <>
            <TextArea
              label="League Description"
              rows={5}
              maxLength={LEAGUE_DESCRIPTION_MAX}
              readOnly={!canSave}
              value={description}
              onChange={(event) => setDescription(event.currentTarget.value)}
            />
            <Checkbox
              label={m.showOthersPicks}
              checked={showOthersPicks}
              disabled={!canSave}
              onChange={(event) => setShowOthersPicks(event.currentTarget.checked)}
            />
          </>
        ) : status ? null : (
          <Text tone="muted">Loading league details…</Text>
        )}
      </div>
    </Modal>
  );
}
