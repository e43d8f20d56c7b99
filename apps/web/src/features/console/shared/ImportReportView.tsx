import {
  createDataTableColumnHelper,
  DataTable,
  type DataTableColumn,
  Heading,
  Text,
  TextLink,
} from '@fantasy-cricket/ui';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { ImportLine, ImportReport } from '../../../data/operator/types';
import * as styles from './console.css';
import { describeChange, formatDateTime, kindLabel, lineStatusTone, outcomeLabel, outcomeTone } from './format';
import { StatusBadge } from './StatusBadge';

export interface ImportReportViewProps {
  report: ImportReport;
  /** The report's heading (an h2 or h3 of the screen). */
  title: string;
  headingLevel?: 2 | 3;
  /** Show the JSON path column (Cricsheet files). */
  showPath?: boolean;
  /** Link to the run's page in the import history, when the run was recorded. */
  linkToRun?: boolean;
}

/** The counts of a report in a stable order: statuses first, the rest after. */
function countEntries(counts: Record<string, number>): [string, number][] {
  const order = ['new', 'created', 'imported', 'moved', 'updated', 'unchanged', 'superseded', 'conflict', 'failed'];
  return Object.entries(counts).sort(([a], [b]) => {
    const ia = order.indexOf(a);
    const ib = order.indexOf(b);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.localeCompare(b);
  });
}

/**
 * An import report as the server sent it: outcome, counts, message, re-scored fixtures, and one table
 * row per line (status, what it names, what changes, the reason and JSON path of a failure). Rows
 * stack on phones; failed and conflicting lines are tinted.
 */
export function ImportReportView({
  report,
  title,
  headingLevel = 2,
  showPath = false,
  linkToRun = false,
}: ImportReportViewProps) {
  const columns = useMemo(() => {
    const col = createDataTableColumnHelper<ImportLine>();
    const list: DataTableColumn<ImportLine>[] = [
      col.accessor('Key', {
        header: 'Line',
        meta: { rowHeader: true, cellClassName: styles.breakAnywhere },
        cell: ({ row }) => (
          <span>
            {row.original.Line}. {row.original.Key}
          </span>
        ),
      }),
      col.accessor('Status', {
        header: 'Status',
        cell: ({ row }) => <StatusBadge tone={lineStatusTone[row.original.Status]}>{row.original.Status}</StatusBadge>,
      }),
      col.display({
        id: 'change',
        header: 'Change',
        meta: { cellClassName: styles.breakAnywhere },
        cell: ({ row }) => {
          const changes = describeChange(row.original.Before, row.original.After);
          if (changes.length === 0) return '—';
          return (
            <div className={styles.cellStack}>
              {changes.map((change) => (
                <span key={change}>{change}</span>
              ))}
            </div>
          );
        },
      }),
      col.accessor((line) => line.Reason ?? '', {
        id: 'reason',
        header: 'Reason',
        meta: { cellClassName: styles.breakAnywhere },
        cell: (info) => info.getValue() || '—',
      }),
    ];
    if (showPath) {
      list.push(
        col.accessor((line) => line.Path ?? '', {
          id: 'path',
          header: 'JSON path',
          cell: (info) => (info.getValue() ? <code className={styles.mono}>{info.getValue()}</code> : '—'),
        }),
      );
    }
    list.push(
      col.accessor((line) => line.FixtureID ?? '', {
        id: 'fixture',
        header: 'Fixture',
        meta: { align: 'end' },
        cell: (info) => (info.getValue() === '' ? '—' : String(info.getValue())),
      }),
    );
    return list;
  }, [showPath]);

  const counts = countEntries(report.Counts);
  return (
    <section className={styles.stack} aria-label={title}>
      <Heading level={headingLevel} size={3} className={styles.breakAnywhere}>
        {title}
      </Heading>
      <div className={styles.actions}>
        <StatusBadge tone={outcomeTone[report.Outcome]}>{outcomeLabel[report.Outcome]}</StatusBadge>
        <Text as="span" size="sm" tone="muted">
          {kindLabel[report.Kind]} · {report.Source} · {formatDateTime(report.StartedAt)}
        </Text>
      </div>
      {counts.length > 0 ? (
        <ul className={styles.counts} aria-label="Counts">
          {counts.map(([status, count]) => (
            <li key={status} className={styles.badge}>
              {status}: {count}
            </li>
          ))}
        </ul>
      ) : null}
      {report.Message ? <Text>{report.Message}</Text> : null}
      {report.RescoredFixtureIDs.length > 0 ? (
        <Text size="sm">Re-scored fixtures: {report.RescoredFixtureIDs.join(', ')}</Text>
      ) : null}
      {linkToRun && report.ImportRunID ? (
        <Text size="sm">
          <TextLink asChild>
            <Link to={`/console/imports/${report.ImportRunID}`}>
              See run {report.ImportRunID} in the import history
            </Link>
          </TextLink>
        </Text>
      ) : null}
      <DataTable
        caption={`${title}: lines`}
        captionHidden
        columns={columns}
        data={report.Lines}
        getRowId={(line) => String(line.Line)}
        getRowProps={(line) => (line.Status === 'failed' || line.Status === 'conflict' ? { tone: 'error' } : undefined)}
        emptyMessage="The report has no lines."
      />
    </section>
  );
}
