import { Card, QueryState, Text, TextLink } from '@fantasy-cricket/ui';
import { Link } from 'react-router-dom';
import { queryState } from '../../../data/query-state';
import { useImportRunQuery } from '../../../data/operator/import-run-query';
import { errorNotificationText } from '../../../shared/notify';
import { Page } from '../../../shared/Page/Page';
import * as styles from '../shared/console.css';
import { formatDateTime, triggerLabel } from '../shared/format';
import { ImportReportView } from '../shared/ImportReportView';

/** One import run (/console/imports/:id) with its report line by line. */
export function ImportRunPage({ importRunId }: { importRunId: number }) {
  const run = useImportRunQuery(importRunId);
  return (
    <Page title={`Import run ${importRunId}`} width="wide">
      <Text>
        <TextLink asChild>
          <Link to="/console/imports">Back to the import history</Link>
        </TextLink>
      </Text>
      <Card>
        <QueryState
          {...queryState(run)}
          loadingText="Loading the run…"
          errorMessage={errorNotificationText(run.error, 'The run could not be loaded. Please try again.')}
        >
          {() =>
            run.data ? (
              <div className={styles.stack}>
                <Text size="sm" tone="muted">
                  Started by {run.data.StartedBy} ({triggerLabel[run.data.Trigger]}) on{' '}
                  {formatDateTime(run.data.StartedAt)}
                  {run.data.FinishedAt ? `, finished ${formatDateTime(run.data.FinishedAt)}` : ''}.
                </Text>
                <ImportReportView
                  report={run.data}
                  title="Report"
                  showPath={run.data.Kind === 'cricsheet' || run.data.Kind === 'fetch'}
                />
              </div>
            ) : null
          }
        </QueryState>
      </Card>
    </Page>
  );
}
