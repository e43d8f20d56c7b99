import { Button, Text } from '@fantasy-cricket/ui';
import { messages } from '@fantasy-cricket/rules';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorNotificationText } from '../../shared/notify';
import { useUnsubscribeQuery } from '../../data/account/unsubscribe-query';
import { Outcome } from '../../shared/Outcome/Outcome';
import { Page } from '../../shared/Page/Page';

type State = { kind: 'working' } | { kind: 'done' } | { kind: 'failed'; message: string } | { kind: 'no-token' };

const backHome = (
  <Button asChild variant="secondary">
    <Link to="/landing">Back to Fantasy Cricket</Link>
  </Button>
);

/**
 * Unsubscribe (spec section 2: a static message 'You have been unsubscribed from all emails.'). The
 * link of a reminder email carries a signed token; posting it turns reminder emails off, then the
 * spec's message shows. Without a token (an old or hand-typed link) the page is the spec's static
 * message, with the way to check the setting in My Profile; a refused token says why.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const outcome = useUnsubscribeQuery(token);
  const state: State = !token
    ? { kind: 'no-token' }
    : outcome.isSuccess
      ? { kind: 'done' }
      : outcome.isError
        ? { kind: 'failed', message: errorNotificationText(outcome.error) }
        : { kind: 'working' };

  let body: ReactNode;
  switch (state.kind) {
    case 'working':
      body = <Outcome tone="pending" title="Unsubscribing you from reminder emails…" />;
      break;
    case 'done':
      body = (
        <Outcome tone="success" title={messages.unsubscribe.done} actions={backHome}>
          <Text tone="muted">You can turn reminder emails back on at any time from My Profile.</Text>
        </Outcome>
      );
      break;
    case 'failed':
      body = (
        <Outcome tone="error" title={state.message} actions={backHome}>
          <Text tone="muted">
            You can also stop reminder emails by unticking Get Reminder Emails in My Profile after logging in.
          </Text>
        </Outcome>
      );
      break;
    case 'no-token':
      body = (
        <Outcome tone="success" title={messages.unsubscribe.done} actions={backHome}>
          <Text tone="muted">
            Reminder emails stay off while Get Reminder Emails is unticked in My Profile; the unsubscribe link at the
            bottom of any reminder email unticks it for you.
          </Text>
        </Outcome>
      );
      break;
  }

  return (
    <Page title="Unsubscribe" width="narrow">
      {body}
    </Page>
  );
}
