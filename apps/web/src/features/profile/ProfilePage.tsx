import {
  AdSlot,
  Button,
  Card,
  Checkbox,
  Column,
  Columns,
  ConfirmDialog,
  QueryState,
  Spinner,
  Text,
  TextArea,
  TextField,
} from '@fantasy-cricket/ui';
import { messages } from '@fantasy-cricket/rules';
import { useAtom } from 'jotai';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../shared/api';
import { storedUserAtom } from '../../shared/atoms';
import { notify, notifySuccess } from '../../shared/notify';
import { DELETION_REASON_MAX, useDeleteProfileMutation } from '../../data/account/delete-profile-mutation';
import { useUpdateProfileMutation } from '../../data/account/update-profile-mutation';
import { useProfileQuery } from '../../data/account/profile-query';
import { clearServerState } from '../../data/query-client';
import { queryState } from '../../data/query-state';
import { Page } from '../../shared/Page/Page';
import * as styles from './Profile.css';

const m = messages.profile;

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
  const profile = useProfileQuery(userId ?? 0);
  const update = useUpdateProfileMutation(userId ?? 0);
  const remove = useDeleteProfileMutation(userId ?? 0);
  // The person's changes over the saved preferences (the cache keeps the server's).
  const [edits, setEdits] = useState<{ autoPick?: boolean; reminders?: boolean }>({});
  const autoPick = edits.autoPick ?? profile.data?.UseAIAutoPick ?? false;
  const reminders = edits.reminders ?? profile.data?.MissingPickNotification ?? false;
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [reason, setReason] = useState('');

  const save = async () => {
    if (userId === undefined) {
      notify('error', m.notLoggedIn);
      return;
    }
    // Nothing to save before the profile is in (the form is only a placeholder then).
    if (!profile.isSuccess) return;
    try {
      // The answer (the saved profile) replaces the cached one; the form then shows it.
      await update.mutateAsync({ missingPickNotification: reminders, useAiAutoPick: autoPick });
      setEdits({});
      notifySuccess(m.updated);
    } catch {
      notify('error', m.updateFailed);
    }
  };

  const deleteProfile = async () => {
    if (userId === undefined || !Number.isInteger(userId) || userId <= 0) {
      setConfirmOpen(false);
      notify('error', m.invalidUserId);
      return;
    }
    try {
      await remove.mutateAsync(reason.trim());
      notifySuccess(m.deleteRegistered);
      setConfirmOpen(false);
      setUser(null);
      clearServerState();
      navigate('/landing', { replace: true });
    } catch {
      setConfirmOpen(false);
      notify('error', m.deleteFailed);
    }
  };

  let content: ReactNode;
  if (userId === undefined || profile.isError) {
    const notFound = profile.error instanceof ApiError && profile.error.status === 404;
    content = (
      <Card>
        {userId === undefined ? (
          <Text tone="error" role="alert">
            {m.notLoggedIn}
          </Text>
        ) : (
          <QueryState
            {...queryState(profile)}
            loadingText="Loading your profile…"
            errorMessage={notFound ? m.notFound : m.loadFailed}
          />
        )}
      </Card>
    );
  } else {
    // While the profile loads, the form is drawn empty and disabled at its full size, so nothing moves
    // when the details arrive.
    const loaded = profile.isSuccess;
    const { FirstName = '', LastName = '', EmailID = '' } = profile.data ?? {};
    content = (
      <Card
        title="Your details"
        actions={
          loaded ? null : (
            <span role="status" className={styles.loading}>
              <Spinner size="sm" />
              Loading your profile…
            </span>
          )
        }
      >
        <form
          aria-busy={!loaded}
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Columns gap="md" collapseBelow="sm">
            <Column>
              <TextField label="First name" value={FirstName} readOnly />
            </Column>
            <Column>
              <TextField label="Last name" value={LastName} readOnly />
            </Column>
          </Columns>
          <TextField label="Email" type="email" value={EmailID} readOnly />
          <fieldset className={styles.preferences}>
            <legend className={styles.legend}>Preferences</legend>
            <Checkbox
              label={m.autoPickLabel}
              disabled={!loaded}
              checked={autoPick}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setEdits((all) => ({ ...all, autoPick: checked }));
              }}
              aria-describedby="auto-pick-help"
            />
            <p id="auto-pick-help" className={styles.helper}>
              If you miss making your selections for a fixture, our AI makes the picks for you.
            </p>
            <Checkbox
              label={m.remindersLabel}
              disabled={!loaded}
              checked={reminders}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setEdits((all) => ({ ...all, reminders: checked }));
              }}
              aria-describedby="reminders-help"
            />
            <p id="reminders-help" className={styles.helper}>
              We email you before a fixture starts if you have not made your picks yet, and when its result is in with
              your points and rank.
            </p>
          </fieldset>
          <div className={styles.actions}>
            <Button type="submit" disabled={!loaded} loading={update.isPending}>
              {m.save}
            </Button>
            <Button type="button" variant="danger" disabled={!loaded} onClick={() => setConfirmOpen(true)}>
              {m.delete}
            </Button>
          </div>
        </form>
      </Card>
    );
  }

  return (
    <Page title="My Profile" width="wide">
      <Columns gap="lg" collapseBelow="lg">
        <Column width="2/3">{content}</Column>
        <Column>
          <HousePromotion />
        </Column>
      </Columns>
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
        busy={remove.isPending}
        onConfirm={() => void deleteProfile()}
      />
    </Page>
  );
}
