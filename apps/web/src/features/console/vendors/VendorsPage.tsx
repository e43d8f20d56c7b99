import { Button, Card, Heading, QueryState, Text } from '@fantasy-cricket/ui';
import { queryState } from '../../../data/query-state';
import type { VendorStatus } from '../../../data/operator/types';
import { useVendorSyncMutation } from '../../../data/operator/vendor-sync-mutation';
import { useVendorsQuery } from '../../../data/operator/vendors-query';
import { errorNotificationText, notifyError, notifySuccess } from '../../../shared/notify';
import { Page } from '../../../shared/Page/Page';
import * as styles from '../shared/console.css';
import { formatDateTime } from '../shared/format';
import { StatusBadge } from '../shared/StatusBadge';
import { CompetitionPanel } from './CompetitionPanel';
import { CredentialsForm } from './CredentialsForm';
import { SettingsForm } from './SettingsForm';

const outcomeTone = { succeeded: 'good', partial: 'warn', failed: 'bad' } as const;
const outcomeText = { succeeded: 'Succeeded', partial: 'Partly failed', failed: 'Failed' } as const;

/** Where the vendor stands: connected or not, the competition, the calls of the day, the last sync. */
function Summary({ status }: { status: VendorStatus }) {
  const sync = useVendorSyncMutation();
  const syncNow = async () => {
    try {
      const next = await sync.mutateAsync(status.Vendor);
      notifySuccess(
        next.LastSync ? `Synced: ${next.LastSync.Message ?? outcomeText[next.LastSync.Outcome]}` : 'Synced.',
      );
    } catch (error) {
      notifyError(error, 'The sync could not run. Please try again.');
    }
  };
  const budget =
    status.DailyCallBudget === null
      ? `${status.CallsToday} calls today (no daily limit)`
      : `${status.CallsToday} of ${status.DailyCallBudget} calls today, ${status.RemainingToday} left`;
  return (
    <div className={styles.stack}>
      <div className={styles.actions}>
        <StatusBadge tone={status.Configured ? 'good' : 'quiet'}>
          {status.Configured ? 'Connected' : 'Not connected'}
        </StatusBadge>
        {status.CredentialsFrom ? (
          <Text as="span" size="sm" tone="muted">
            {status.CredentialsFrom === 'console' ? 'Keys entered in the console' : 'Keys from the server’s settings'}
          </Text>
        ) : null}
        {status.Competition ? (
          <StatusBadge tone={status.Sync ? 'info' : 'quiet'}>{status.Sync ? 'Syncing' : 'Sync off'}</StatusBadge>
        ) : null}
      </div>
      <Text size="sm">
        {status.Competition
          ? `Competition: ${status.Competition.Name}${status.Competition.SeasonName ? ` → season ${status.Competition.SeasonName}` : ''}.`
          : 'No competition applied yet.'}
      </Text>
      <Text size="sm">{budget} (UTC day).</Text>
      {status.LastSync ? (
        <div className={styles.actions}>
          <Text as="span" size="sm">
            Last sync {formatDateTime(status.LastSync.At)}:
          </Text>
          <StatusBadge tone={outcomeTone[status.LastSync.Outcome]}>{outcomeText[status.LastSync.Outcome]}</StatusBadge>
          {status.LastSync.Message ? (
            <Text as="span" size="sm" tone="muted" className={styles.breakAnywhere}>
              {status.LastSync.Message}
            </Text>
          ) : null}
        </div>
      ) : null}
      {status.Competition && status.Sync ? (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => void syncNow()} loading={sync.isPending}>
            Sync now
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function VendorCard({ status }: { status: VendorStatus }) {
  return (
    <Card title={status.Title}>
      <div className={styles.stack}>
        <Summary status={status} />
        <section className={styles.stack} aria-labelledby={`${status.Vendor}-keys`}>
          <Heading level={3} id={`${status.Vendor}-keys`}>
            Keys
          </Heading>
          <CredentialsForm status={status} />
        </section>
        {status.Configured ? (
          <section className={styles.stack} aria-labelledby={`${status.Vendor}-competition`}>
            <Heading level={3} id={`${status.Vendor}-competition`}>
              Competition
            </Heading>
            <CompetitionPanel status={status} />
          </section>
        ) : null}
        {status.Competition ? (
          <section className={styles.stack} aria-labelledby={`${status.Vendor}-settings`}>
            <Heading level={3} id={`${status.Vendor}-settings`}>
              Sync settings
            </Heading>
            <SettingsForm status={status} />
          </section>
        ) : null}
      </div>
    </Card>
  );
}

/**
 * Data vendors (/console/vendors): connect a vendor with its keys, preview and apply one of its
 * competitions (schedule and squads), and watch the sync that then brings line-ups, live balls and
 * results by itself (docs/data.md, "Connecting a data vendor").
 */
export function VendorsPage() {
  const vendors = useVendorsQuery();
  return (
    <Page
      title="Data vendors"
      intro="Connect a data vendor: preview and apply its competition, then line-ups, live balls and results arrive by themselves."
      width="wide"
    >
      <QueryState
        {...queryState(vendors)}
        loadingText="Loading the vendors…"
        errorMessage={errorNotificationText(vendors.error, 'The vendors could not be loaded. Please try again.')}
      >
        {() => (
          <div className={styles.stack}>
            {(vendors.data ?? []).map((v) => (
              <VendorCard key={v.Vendor} status={v} />
            ))}
          </div>
        )}
      </QueryState>
    </Page>
  );
}
