import { AdSlot, Button, Card, Checkbox, ConfirmDialog, Text, TextArea, TextField } from '@fantasy-cricket/ui';
import { messages } from '@fantasy-cricket/rules';
import { useAtom } from 'jotai';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Schema } from '@fantasy-cricket/api-client';
import { ApiError } from '../../app/api';
import { storedUserAtom } from '../../app/atoms';
import { notify, notifySuccess } from '../../app/notify';
import { Page } from '../shell/Page';
import { DELETION_REASON_MAX, deleteUserProfile, getUserProfile, updateUserProfile } from './api';
import * as styles from './Profile.css';

const m = messages.profile;

type Load =
  | { kind: 'loading' }
  | { kind: 'loaded'; profile: Schema<'UserProfile'> }
  | { kind: 'error'; message: string };

function HousePromotion() {
  return (
    <AdSlot slot="profile-sidebar">
      <div className={styles.promo}>
        <h2 className={styles.promoTitle}>Invite your friends — create a private league</h2>
        <Text size="sm">
          Private leagues get a league code you can share. You approve who joins, set the scoring and settle the
          arguments for good.
        </Text>
        <div>
          <Button asChild size="sm">
            <Link to="/home/start-league">Start a League</Link>
          </Button>
        </div>
      </div>
    </AdSlot>
  );
}

/**
 * My Profile (spec sections 2, 5, 8): read-only identity, the two preferences, save, and deletion
 * behind a confirmation.
 */
export function ProfilePage() {
  const [user, setUser] = useAtom(storedUserAtom);
  const navigate = useNavigate();
  const userId = user?.userId;
  const [load, setLoad] = useState<Load>(
    userId === undefined ? { kind: 'error', message: m.notLoggedIn } : { kind: 'loading' },
  );
  const [autoPick, setAutoPick] = useState(false);
  const [reminders, setReminders] = useState(false);
  const [saving, setSaving] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [reason, setReason] = useState('');

  useEffect(() => {
    if (userId === undefined) return;
    let current = true;
    getUserProfile(userId).then(
      (profile) => {
        if (!current) return;
        setLoad({ kind: 'loaded', profile });
        setAutoPick(profile.UseAIAutoPick);
        setReminders(profile.MissingPickNotification);
      },
      (error: unknown) => {
        if (!current) return;
        const notFound = error instanceof ApiError && error.status === 404;
        setLoad({ kind: 'error', message: notFound ? m.notFound : m.loadFailed });
      },
    );
    return () => {
      current = false;
    };
  }, [userId]);

  const save = async () => {
    if (userId === undefined) {
      notify('error', m.notLoggedIn);
      return;
    }
    setSaving(true);
    try {
      const saved = await updateUserProfile(userId, { missingPickNotification: reminders, useAiAutoPick: autoPick });
      if (saved) {
        setAutoPick(saved.UseAIAutoPick);
        setReminders(saved.MissingPickNotification);
      }
      notifySuccess(m.updated);
    } catch {
      notify('error', m.updateFailed);
    } finally {
      setSaving(false);
    }
  };

  const deleteProfile = async () => {
    if (userId === undefined || !Number.isInteger(userId) || userId <= 0) {
      setConfirmOpen(false);
      notify('error', m.invalidUserId);
      return;
    }
    setDeleting(true);
    try {
      await deleteUserProfile(userId, reason.trim());
      notifySuccess(m.deleteRegistered);
      setConfirmOpen(false);
      setUser(null);
      navigate('/landing', { replace: true });
    } catch {
      setConfirmOpen(false);
      notify('error', m.deleteFailed);
    } finally {
      setDeleting(false);
    }
  };

  let content: ReactNode;
  if (load.kind === 'loading') {
    content = (
      <Card>
        <Text tone="muted">Loading your profile…</Text>
      </Card>
    );
  } else if (load.kind === 'error') {
    content = (
      <Card>
        <Text tone="error" role="alert">
          {load.message}
        </Text>
      </Card>
    );
  } else {
    const { profile } = load;
    content = (
      <Card title="Your details">
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <div className={styles.names}>
            <TextField label="First name" value={profile.FirstName} readOnly />
            <TextField label="Last name" value={profile.LastName} readOnly />
          </div>
          <TextField label="Email" type="email" value={profile.EmailID} readOnly />
          <fieldset className={styles.preferences}>
            <legend className={styles.legend}>Preferences</legend>
            <Checkbox
              label={m.autoPickLabel}
              checked={autoPick}
              onChange={(event) => setAutoPick(event.currentTarget.checked)}
              aria-describedby="auto-pick-help"
            />
            <p id="auto-pick-help" className={styles.helper}>
              If you miss making your selections for a fixture, our AI makes the picks for you.
            </p>
            <Checkbox
              label={m.remindersLabel}
              checked={reminders}
              onChange={(event) => setReminders(event.currentTarget.checked)}
              aria-describedby="reminders-help"
            />
            <p id="reminders-help" className={styles.helper}>
              We email you before a fixture starts if you have not made your picks yet.
            </p>
          </fieldset>
          <div className={styles.actions}>
            <Button type="submit" loading={saving}>
              {m.save}
            </Button>
            <Button type="button" variant="danger" onClick={() => setConfirmOpen(true)}>
              {m.delete}
            </Button>
          </div>
        </form>
      </Card>
    );
  }

  return (
    <Page title="My Profile" width="wide">
      <div className={styles.layout}>
        {content}
        <HousePromotion />
      </div>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Delete your profile?"
        message={
          <div className={styles.form}>
            <Text>
              Deleting your profile erases all of your history — leagues, picks and points — permanently. This cannot be
              undone.
            </Text>
            <TextArea
              label="Why are you leaving? (optional)"
              rows={3}
              maxLength={DELETION_REASON_MAX}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
          </div>
        }
        confirmLabel={m.delete}
        cancelLabel="Keep my profile"
        tone="danger"
        busy={deleting}
        onConfirm={() => void deleteProfile()}
      />
    </Page>
  );
}
