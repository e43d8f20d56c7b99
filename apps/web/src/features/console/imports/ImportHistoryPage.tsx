import {
  Card,
  createDataTableColumnHelper,
  DataTable,
  type DataTableColumn,
  QueryState,
  TextLink,
} from '@fantasy-cricket/ui';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { queryState } from '../../../data/query-state';
import { useImportRunsQuery } from '../../../data/operator/import-runs-query';
import type { ImportRun } from '../../../data/operator/types';
import { errorNotificationText } from '../../../shared/notify';
import { Page } from '../../../shared/Page/Page';
import * as styles from '../shared/console.css';
import { formatDateTime, kindLabel, outcomeLabel, outcomeTone, triggerLabel } from '../shared/format';
import { Pager, useCursorPages } from '../shared/Pager';
import { StatusBadge } from '../shared/StatusBadge';

export const IMPORT_PAGE_SIZE = 20;

/** Import history (/console/imports): every run, newest first, a page at a time. */
export function ImportHistoryPage() {
  const pages = useCursorPages();
  const runs = useImportRunsQuery(pages.before, IMPORT_PAGE_SIZE);

  const columns = useMemo(() => {
    const col = createDataTableColumnHelper<ImportRun>();
    const list: DataTableColumn<ImportRun>[] = [
      col.accessor((run) => run.ImportRunID ?? 0, {
        id: 'run',
        header: 'Run',
        meta: { rowHeader: true },
        cell: ({ row }) => (
          <TextLink asChild>
            <Link to={`/console/imports/${row.original.ImportRunID}`}>
              Run {row.original.ImportRunID}: {kindLabel[row.original.Kind]}
            </Link>
          </TextLink>
        ),
      }),
      col.accessor('Source', { header: 'Source', meta: { cellClassName: styles.breakAnywhere } }),
      col.accessor('Outcome', {
        header: 'Outcome',
        cell: ({ row }) => (
          <StatusBadge tone={outcomeTone[row.original.Outcome]}>{outcomeLabel[row.original.Outcome]}</StatusBadge>
        ),
      }),
      col.accessor('StartedBy', {
        header: 'Started by',
        meta: { cellClassName: styles.breakAnywhere },
        cell: ({ row }) => `${row.original.StartedBy} (${triggerLabel[row.original.Trigger]})`,
      }),
      col.accessor('StartedAt', { header: 'When', cell: (info) => formatDateTime(info.getValue()) }),
    ];
    return list;
  }, []);

  return (
    <Page
      title="Import history"
      intro="Every import from the console, the command line and the scheduled fetch."
      width="wide"
    >
      <Card>
        <div className={styles.stack}>
          <QueryState
            {...queryState(runs)}
            loadingText="Loading the import history…"
            errorMessage={errorNotificationText(
              runs.error,
              'The import history could not be loaded. Please try again.',
            )}
          >
            <DataTable
              caption="Import runs"
              captionHidden
              columns={columns}
              data={runs.data?.Runs ?? []}
              getRowId={(run) => String(run.ImportRunID)}
              emptyMessage="No imports yet."
            />
          </QueryState>
          <Pager
            noun="runs"
            page={pages.page}
            nextBefore={runs.data?.NextBefore}
            onNewer={pages.newer}
            onOlder={pages.older}
            busy={runs.isFetching}
          />
        </div>
      </Card>
    </Page>
  );
}
