import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Card,
  createDataTableColumnHelper,
  DataTable,
  type DataTableColumn,
  QueryState,
  Text,
  TextField,
  TextLink,
} from '@fantasy-cricket/ui';
import type { Schema } from '@fantasy-cricket/api-client';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { queryState } from '../../../data/query-state';
import { useFetchStatusQuery } from '../../../data/operator/fetch-status-query';
import { useDataHealthQuery } from '../../../data/operator/health-query';
import { useRunFetchMutation } from '../../../data/operator/run-fetch-mutation';
import type { ImportReport } from '../../../data/operator/types';
import { errorNotificationText, notifyError, notifySuccess } from '../../../shared/notify';
import { Page } from '../../../shared/Page/Page';
import * as styles from '../shared/console.css';
import { formatDateTime, outcomeLabel, outcomeTone } from '../shared/format';
import { ImportReportView } from '../shared/ImportReportView';
import { StatusBadge } from '../shared/StatusBadge';

type HealthFixture = Schema<'HealthFixture'>;
type HealthPlayer = Schema<'HealthPlayer'>;
type HealthSquad = Schema<'HealthSquad'>;

export const hoursSchema = z.object({
  hours: z
    .string()
    .trim()
    .regex(/^\d+$/, 'Enter a whole number of hours.')
    .refine((value) => Number(value) >= 1 && Number(value) <= 720, 'Enter from 1 to 720 hours.'),
});

const DEFAULT_HOURS = 6;

function useColumns() {
  return useMemo(() => {
    const fixture = createDataTableColumnHelper<HealthFixture>();
    const player = createDataTableColumnHelper<HealthPlayer>();
    const squad = createDataTableColumnHelper<HealthSquad>();
    const started: DataTableColumn<HealthFixture>[] = [
      fixture.accessor('Name', { header: 'Fixture', meta: { rowHeader: true } }),
      fixture.accessor('Season', { header: 'Season' }),
      fixture.accessor((f) => `${f.Home} v ${f.Away}`, { id: 'teams', header: 'Teams' }),
      fixture.accessor('StartTime', { header: 'Started', cell: (info) => formatDateTime(info.getValue()) }),
      fixture.accessor('Status', { header: 'Status' }),
    ];
    const players: DataTableColumn<HealthPlayer>[] = [
      player.accessor('Name', { header: 'Player', meta: { rowHeader: true } }),
      player.accessor('Team', { header: 'Team' }),
      player.accessor('Season', { header: 'Season' }),
    ];
    const squads: DataTableColumn<HealthSquad>[] = [
      squad.accessor('Name', { header: 'Fixture', meta: { rowHeader: true } }),
      squad.accessor('Team', { header: 'Team' }),
      squad.accessor('Players', { header: 'Players in squad', meta: { align: 'end' } }),
      squad.accessor('StartTime', { header: 'Starts', cell: (info) => formatDateTime(info.getValue()) }),
      squad.accessor('Season', { header: 'Season' }),
    ];
    return { started, players, squads };
  }, []);
}

/** The scheduled Cricsheet fetch: settings, last and next run, and Run now with its report. */
function FetchCard() {
  const status = useFetchStatusQuery();
  const run = useRunFetchMutation();
  const [report, setReport] = useState<ImportReport>();

  const runNow = async () => {
    try {
      const answer = await run.mutateAsync();
      setReport(answer);
      notifySuccess(
        answer.Outcome === 'not_modified' ? 'The download has not changed since the last fetch.' : 'Fetch finished.',
      );
    } catch (error) {
      notifyError(error, 'The fetch could not run. Please try again.');
    }
  };

  return (
    <Card title="Scheduled Cricsheet fetch">
      <QueryState
        {...queryState(status)}
        loadingText="Loading the fetch status…"
        errorMessage={errorNotificationText(status.error, 'The fetch status could not be loaded. Please try again.')}
      >
        {() => {
          const fetch = status.data;
          if (!fetch) return null;
          return (
            <div className={styles.stack}>
              <div className={styles.actions}>
                <StatusBadge tone={fetch.Enabled ? 'good' : 'quiet'}>{fetch.Enabled ? 'On' : 'Off'}</StatusBadge>
                <Text as="span" size="sm" className={styles.breakAnywhere}>
                  {fetch.Url ?? 'No download URL is configured.'}
                </Text>
              </div>
              <Text size="sm">
                {fetch.IntervalMinutes ? `Every ${fetch.IntervalMinutes} minutes. ` : ''}
                Next run: {formatDateTime(fetch.NextRunAt)}.
              </Text>
              {fetch.LastRun ? (
                <div className={styles.actions}>
                  <Text as="span" size="sm">
                    Last run {formatDateTime(fetch.LastRun.StartedAt)}:
                  </Text>
                  <StatusBadge tone={outcomeTone[fetch.LastRun.Outcome]}>
                    {outcomeLabel[fetch.LastRun.Outcome]}
                  </StatusBadge>
                  {fetch.LastRun.ImportRunID ? (
                    <TextLink asChild>
                      <Link to={`/console/imports/${fetch.LastRun.ImportRunID}`}>
                        See run {fetch.LastRun.ImportRunID}
                      </Link>
                    </TextLink>
                  ) : null}
                </div>
              ) : (
                <Text size="sm" tone="muted">
                  It has not run yet.
                </Text>
              )}
              {fetch.ETag || fetch.LastModified ? (
                <Text size="sm" tone="muted" className={styles.breakAnywhere}>
                  {fetch.ETag ? `ETag ${fetch.ETag}` : ''}
                  {fetch.ETag && fetch.LastModified ? ' · ' : ''}
                  {fetch.LastModified ? `Last-Modified ${fetch.LastModified}` : ''}
                </Text>
              ) : null}
              <div className={styles.actions}>
                <Button onClick={() => void runNow()} loading={run.isPending} disabled={!fetch.Url}>
                  Run now
                </Button>
              </div>
              {report ? (
                <ImportReportView report={report} title="Fetch report" headingLevel={3} showPath linkToRun />
              ) : null}
            </div>
          );
        }}
      </QueryState>
    </Card>
  );
}

/**
 * Data health (/console/health): fixtures started with no result after a number of hours, players
 * without a position, squads missing for upcoming fixtures; and the scheduled fetch.
 */
export function DataHealthPage() {
  const [hours, setHours] = useState(DEFAULT_HOURS);
  const health = useDataHealthQuery(hours);
  const columns = useColumns();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.infer<typeof hoursSchema>>({
    resolver: zodResolver(hoursSchema),
    defaultValues: { hours: String(DEFAULT_HOURS) },
  });

  const data = health.data;
  return (
    <Page title="Data health" intro="What needs an operator, and the scheduled fetch of results." width="wide">
      <Card>
        <form noValidate className={styles.row} onSubmit={handleSubmit((values) => setHours(Number(values.hours)))}>
          <TextField
            label="Hours after the start"
            inputMode="numeric"
            className={styles.hoursField}
            hint="A fixture without a result this long after its start is listed."
            error={errors.hours?.message}
            {...register('hours')}
          />
          <Button type="submit" variant="secondary" loading={health.isFetching}>
            Check again
          </Button>
        </form>
      </Card>
      <QueryState
        {...queryState(health)}
        loadingText="Checking the data…"
        errorMessage={errorNotificationText(health.error, 'The data health could not be loaded. Please try again.')}
      >
        {() =>
          data ? (
            <>
              <Text size="sm" tone="muted">
                Checked {formatDateTime(data.CheckedAt)}.
              </Text>
              <Card title={`Started without a result after ${data.Hours} hours (${data.StartedWithoutResult.length})`}>
                <DataTable
                  caption="Fixtures started without a result"
                  captionHidden
                  columns={columns.started}
                  data={data.StartedWithoutResult}
                  getRowId={(row) => String(row.FixtureID)}
                  emptyMessage="Every started fixture has its result."
                />
              </Card>
              <Card title={`Players without a position (${data.PlayersWithoutPosition.length})`}>
                <DataTable
                  caption="Players without a position"
                  captionHidden
                  columns={columns.players}
                  data={data.PlayersWithoutPosition}
                  getRowId={(row) => `${row.PlayerID}-${row.Season}-${row.Team}`}
                  emptyMessage="Every player has a position."
                />
              </Card>
              <Card title={`Squads missing for upcoming fixtures (${data.SquadsMissing.length})`}>
                <DataTable
                  caption="Squads missing for upcoming fixtures"
                  captionHidden
                  columns={columns.squads}
                  data={data.SquadsMissing}
                  getRowId={(row) => `${row.FixtureID}-${row.Team}`}
                  emptyMessage="Every upcoming fixture has both squads."
                />
              </Card>
            </>
          ) : null
        }
      </QueryState>
      {/* Below the checks, once they are in: shown earlier, the checks arriving above would push it down (CLS). */}
      {health.status !== 'pending' ? <FetchCard /> : null}
    </Page>
  );
}
