import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Card,
  ConfirmDialog,
  createDataTableColumnHelper,
  DataTable,
  type DataTableColumn,
  FormErrorSummary,
  QueryState,
  Select,
  Text,
} from '@fantasy-cricket/ui';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { queryState } from '../../../data/query-state';
import { useOperatorFixturesQuery } from '../../../data/operator/fixtures-query';
import { useCricsheetUploadMutation, useSetFixtureResultMutation } from '../../../data/operator/imports';
import { useOperatorSeasonsQuery } from '../../../data/operator/seasons';
import type { FixtureResultRequest, ImportReport, OperatorFixture } from '../../../data/operator/types';
import { errorNotificationText, notifyError, notifySuccess } from '../../../shared/notify';
import { Page } from '../../../shared/Page/Page';
import * as styles from '../shared/console.css';
import { FileField } from '../shared/FileField';
import { toUploadedFile } from '../shared/files';
import { formatDateTime } from '../shared/format';
import { ImportReportView } from '../shared/ImportReportView';
import { StatusBadge } from '../shared/StatusBadge';
import { CorrectResultModal } from './CorrectResultModal';
import { filesOf, type UploadValues, uploadSchema } from './schema';

type Mark = 'washed_out' | 'no_result' | 'abandoned';
const markLabel: Record<Mark, string> = {
  washed_out: 'Washed out',
  no_result: 'No result',
  abandoned: 'Abandoned',
};
const markText: Record<Mark, string> = {
  washed_out: 'washed out (not a ball bowled; stored as abandoned)',
  no_result: 'no result',
  abandoned: 'abandoned',
};

const statusLabel: Record<OperatorFixture['Status'], string> = {
  scheduled: 'Scheduled',
  live: 'Live',
  completed: 'Completed',
  no_result: 'No result',
  abandoned: 'Abandoned',
};

/** Upload Cricsheet files: the form and the import report. */
function CricsheetUpload() {
  const upload = useCricsheetUploadMutation();
  const [report, setReport] = useState<ImportReport>();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<UploadValues>({ resolver: zodResolver(uploadSchema) });

  const send = async (values: UploadValues) => {
    setFormError(undefined);
    try {
      const files = await Promise.all(filesOf(values.files).map(toUploadedFile));
      const answer = await upload.mutateAsync(files);
      setReport(answer);
      notifySuccess(
        `Import finished: ${answer.Lines.length} ${answer.Lines.length === 1 ? 'match' : 'matches'}${
          answer.RescoredFixtureIDs.length > 0 ? `, ${answer.RescoredFixtureIDs.length} re-scored` : ''
        }.`,
      );
    } catch (error) {
      setFormError(errorNotificationText(error, 'The files could not be imported. Please try again.'));
    }
  };

  return (
    <Card title="Upload Cricsheet files">
      <div className={styles.stack}>
        <form
          noValidate
          className={styles.stack}
          onSubmit={handleSubmit(send, () => setFormError('Please correct the highlighted fields.'))}
        >
          <FormErrorSummary message={formError} />
          <FileField
            label="Match files (.json) or a zip"
            accept=".json,.zip,application/json,application/zip"
            multiple
            error={errors.files?.message}
            registration={register('files')}
          />
          <div className={styles.actions}>
            <Button type="submit" loading={isSubmitting}>
              Upload and import
            </Button>
          </div>
        </form>
        {report ? <ImportReportView report={report} title="Import report" headingLevel={3} showPath linkToRun /> : null}
      </div>
    </Card>
  );
}

/** A season's fixtures with the actions on their results. */
function SeasonFixtures() {
  const seasons = useOperatorSeasonsQuery();
  const [seasonChoice, setSeasonChoice] = useState('');
  const season =
    seasons.data?.find((s) => String(s.SeasonID) === seasonChoice) ??
    seasons.data?.find((s) => s.Active) ??
    seasons.data?.[0];
  const fixtures = useOperatorFixturesQuery(season?.SeasonID ?? 0);
  const setResult = useSetFixtureResultMutation();
  const [mark, setMark] = useState<{ fixture: OperatorFixture; status: Mark } | null>(null);
  const [correcting, setCorrecting] = useState<OperatorFixture | null>(null);
  const [report, setReport] = useState<{ fixture: string; report: ImportReport } | null>(null);

  const send = async (fixture: OperatorFixture, body: FixtureResultRequest) => {
    const answer = await setResult.mutateAsync({ fixtureId: fixture.FixtureID, body });
    setReport({ fixture: fixture.Name, report: answer });
    const changed = answer.Lines.some((line) => line.Status !== 'unchanged');
    notifySuccess(changed ? `${fixture.Name}: result saved and re-scored.` : `${fixture.Name}: nothing changed.`);
  };

  const confirmMark = async () => {
    if (!mark) return;
    try {
      await send(mark.fixture, { Status: mark.status });
    } catch (error) {
      notifyError(error, 'The result could not be saved. Please try again.');
    } finally {
      setMark(null);
    }
  };

  const columns = useMemo(() => {
    const col = createDataTableColumnHelper<OperatorFixture>();
    const list: DataTableColumn<OperatorFixture>[] = [
      col.accessor('Name', {
        header: 'Fixture',
        meta: { rowHeader: true },
        cell: ({ row }) => (
          <div className={styles.cellStack}>
            <span>{row.original.Name}</span>
            <Text as="span" size="sm" tone="muted" className={styles.nowrap}>
              {row.original.Home.Code} v {row.original.Away.Code}
            </Text>
          </div>
        ),
      }),
      col.accessor('StartTime', { header: 'Start', cell: (info) => formatDateTime(info.getValue()) }),
      col.accessor('Status', {
        header: 'Status',
        cell: ({ row }) => {
          const status = row.original.Status;
          return (
            <StatusBadge tone={status === 'completed' ? 'good' : status === 'live' ? 'info' : 'quiet'}>
              {statusLabel[status]}
            </StatusBadge>
          );
        },
      }),
      col.accessor((fixture) => fixture.Result ?? '', {
        id: 'result',
        header: 'Result',
        cell: ({ row }) =>
          row.original.Result ? (
            <div className={styles.cellStack}>
              <span>{row.original.Result}</span>
              <Text as="span" size="sm" tone="muted">
                {row.original.ResultSource === 'manual'
                  ? 'Set by hand'
                  : row.original.ResultSource === 'scorecard'
                    ? 'From a typed scorecard'
                    : 'From Cricsheet'}
                {row.original.PlayerOfMatch.length > 0 ? ` · PoM ${row.original.PlayerOfMatch.join(', ')}` : ''}
              </Text>
            </div>
          ) : (
            '—'
          ),
      }),
      col.display({
        id: 'actions',
        header: 'Actions',
        meta: { narrow: 'actions' },
        cell: ({ row }) => {
          const fixture = row.original;
          // A result is set once the fixture has started (the server refuses one before).
          if (fixture.Status === 'scheduled' && Date.parse(fixture.StartTime) > Date.now()) {
            return (
              <Text as="span" size="sm" tone="muted">
                Not started yet
              </Text>
            );
          }
          return (
            <div className={styles.actions}>
              {(['washed_out', 'no_result', 'abandoned'] as const).map((status) => (
                <Button
                  key={status}
                  size="sm"
                  variant="secondary"
                  aria-label={`${markLabel[status]}: ${fixture.Name}`}
                  onClick={() => setMark({ fixture, status })}
                >
                  {markLabel[status]}
                </Button>
              ))}
              <Button size="sm" aria-label={`Correct result: ${fixture.Name}`} onClick={() => setCorrecting(fixture)}>
                Correct result
              </Button>
              <Button asChild size="sm" variant="secondary">
                <Link to={`/console/scorecard?fixture=${fixture.FixtureID}`} aria-label={`Scorecard: ${fixture.Name}`}>
                  Scorecard
                </Link>
              </Button>
            </div>
          );
        },
      }),
    ];
    return list;
  }, []);

  return (
    <Card title="Fixtures">
      <div className={styles.stack}>
        <QueryState
          {...queryState(seasons)}
          loadingText="Loading seasons…"
          errorMessage={errorNotificationText(seasons.error, 'The seasons could not be loaded. Please try again.')}
          isEmpty={(seasons.data ?? []).length === 0}
          emptyMessage="No seasons yet."
        >
          <Select
            className={styles.picker}
            label="Season"
            options={(seasons.data ?? []).map((s) => ({ value: String(s.SeasonID), label: s.Name }))}
            value={season ? String(season.SeasonID) : ''}
            onValueChange={setSeasonChoice}
          />
          <QueryState
            {...queryState(fixtures)}
            loadingText="Loading fixtures…"
            errorMessage={errorNotificationText(fixtures.error, 'The fixtures could not be loaded. Please try again.')}
          >
            <DataTable
              caption={season ? `Fixtures of ${season.Name}` : 'Fixtures'}
              captionHidden
              columns={columns}
              data={fixtures.data ?? []}
              getRowId={(fixture) => String(fixture.FixtureID)}
              stackBelow="md"
              emptyMessage="This season has no fixtures yet."
            />
          </QueryState>
        </QueryState>
        {report ? (
          <ImportReportView
            report={report.report}
            title={`Result report: ${report.fixture}`}
            headingLevel={3}
            linkToRun
          />
        ) : null}
      </div>
      <ConfirmDialog
        open={mark !== null}
        onOpenChange={(open) => !open && setMark(null)}
        title="Change the result?"
        message={mark ? `Mark ${mark.fixture.Name} ${markText[mark.status]}? Its points are re-scored.` : ''}
        confirmLabel={mark ? `Mark ${markLabel[mark.status].toLowerCase()}` : 'Mark'}
        busy={setResult.isPending}
        onConfirm={() => void confirmMark()}
      />
      <CorrectResultModal
        fixture={correcting}
        onOpenChange={(open) => !open && setCorrecting(null)}
        onSubmit={async (fixture, body) => {
          await send(fixture, body);
          setCorrecting(null);
        }}
      />
    </Card>
  );
}

/**
 * Results (/console/results): import Cricsheet files (many JSON files or a zip) with the report line by
 * line, and a season's fixtures to mark washed out, no result or abandoned, or to correct a result.
 */
export function ResultsPage() {
  return (
    <Page title="Results" intro="Import results from Cricsheet, or set a fixture's result by hand." width="wide">
      <CricsheetUpload />
      <SeasonFixtures />
    </Page>
  );
}
