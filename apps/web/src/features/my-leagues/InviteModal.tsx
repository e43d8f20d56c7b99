import { Button, Modal, Text, TextField } from '@fantasy-cricket/ui';
import { useMemo, useState } from 'react';
import type { League } from '../../data/leagues/types';
import { notify, notifySuccess } from '../../shared/notify';
import { canShareLink, copyText, inviteLink, inviteText, shareLink } from '../../shared/leagues/invite';
import * as styles from '../../shared/leagues/leagues.css';

export const inviteMessages = {
  copied: 'Invite link copied. Send it to a friend: they join with the code filled in, then you approve them.',
  copyFailed: 'Could not copy the link: select it and copy it yourself.',
  shareFailed: 'Could not open sharing: copy the link instead.',
} as const;

/**
 * Invite to a private league (its admin, from My Leagues): the link to Join a League with the code
 * filled in, to copy or — where the browser has the Web Share API — to share. Joining still needs the
 * admin's approval (League Members).
 */
export function InviteModal({
  league,
  open,
  onOpenChange,
}: {
  league: League;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const url = useMemo(() => inviteLink(league.LeagueCode), [league.LeagueCode]);
  const [busy, setBusy] = useState(false);
  const share = canShareLink(url);

  const copy = async () => {
    if (await copyText(url)) notifySuccess(inviteMessages.copied);
    else notify('error', inviteMessages.copyFailed);
  };
  const openShare = async () => {
    setBusy(true);
    try {
      await shareLink({ title: `Join ${league.LeagueName}`, text: inviteText(league.LeagueName), url });
    } catch {
      notify('error', inviteMessages.shareFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={`Invite to ${league.LeagueName}`}
      description="Anyone with this link can ask to join. You approve each request in League Members."
      footer={
        <>
          {share ? (
            <Button variant="secondary" loading={busy} onClick={() => void openShare()}>
              Share…
            </Button>
          ) : null}
          <Button onClick={() => void copy()}>Copy link</Button>
        </>
      }
    >
      <div className={styles.form}>
        <TextField label="Invite link" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        <Text tone="muted" size="sm">
          League Code: <strong>{league.LeagueCode}</strong>
        </Text>
      </div>
    </Modal>
  );
}
