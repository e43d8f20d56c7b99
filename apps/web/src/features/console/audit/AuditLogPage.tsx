import {
  Card,
  Column,
  Columns,
  createDataTableColumnHelper,
  DataTable,
  type DataTableColumn,
  QueryState,
} from '@fantasy-cricket/ui';
import { useMemo } from 'react';
import { queryState } from '../../../data/query-state';
import { useAuditLogQuery } from '../../../data/operator/audit-log-query';
import type { AuditEntry } from '../../../data/operator/types';
import { errorNotificationText } from '../../../shared/notify';
import { Page } from '../../../shared/Page/Page';
import * as styles from '../shared/console.css';
import { formatDateTime } from '../shared/format';
import { Pager, useCursorPages } from '../shared/Pager';

export const AUDIT_PAGE_SIZE = 25;

function json(value: unknown): string {
  return value === null || value === undefined ? 'nothing' : JSON.stringify(value, null, 2);
}

/** Before and after of one entry, folded until asked for (a native disclosure: keyboard and screen readers). */
function Change({ entry }: { entry: AuditEntry }) {
  return (
    <details className={styles.details}>
      <summary className={styles.summary}>Before and after</summary>
      <Columns gap="sm" collapseBelow="sm">
        <Column className={styles.field}>
          <span className={styles.label}>Before</span>
          <pre className={styles.json}>{json(entry.Before)}</pre>
        </Column>
        <Column className={styles.field}>
          <span className={styles.label}>After</span>
          <pre className={styles.json}>{json(entry.After)}</pre>
        </Column>
      </Columns>
    </details>
  );
}

/** Audit log (/console/audit): every operator action, newest first, with its before and after. */
export function AuditLogPage() {
  const pages = useCursorPages();
  const audit = useAuditLogQuery(pages.before, AUDIT_PAGE_SIZE);

  const columns = useMemo(() => {
    const col = createDataTableColumnHelper<AuditEntry>();
    const list: DataTableColumn<AuditEntry>[] = [
      col.accessor('Action', { header: 'What', meta: { rowHeader: true } }),
      col.accessor('Target', { header: 'Target', meta: { cellClassName: styles.breakAnywhere } }),
      col.accessor('Actor', { header: 'Who', meta: { cellClassName: styles.breakAnywhere } }),
      col.accessor('At', { header: 'When', cell: (info) => formatDateTime(info.getValue()) }),
      col.display({
        id: 'change',
        header: 'Change',
        // Stacked on phones, the before/after takes the row's whole width (the last line of the block).
        meta: { cellClassName: styles.breakAnywhere, narrow: 'actions' },
        cell: ({ row }) => <Change entry={row.original} />,
      }),
    ];
    return list;
  }, []);

  return (
    <Page title="Audit log" intro="Who did what, and when, in the console and the command line." width="wide">
      <Card>
        <div className={styles.stack}>
          <QueryState
            {...queryState(audit)}
            loadingText="Loading the audit log…"
            errorMessage={errorNotificationText(audit.error, 'The audit log could not be loaded. Please try again.')}
          >
            <DataTable
              caption="Audit log"
              captionHidden
              columns={columns}
              data={audit.data?.Entries ?? []}
              getRowId={(entry) => String(entry.AuditID)}
              stackBelow="md"
              emptyMessage="Nothing recorded yet."
            />
          </QueryState>
          <Pager
            noun="entries"
            page={pages.page}
            nextBefore={audit.data?.NextBefore}
            onNewer={pages.newer}
            onOlder={pages.older}
            busy={audit.isFetching}
          />
        </div>
      </Card>
    </Page>
  );
}
