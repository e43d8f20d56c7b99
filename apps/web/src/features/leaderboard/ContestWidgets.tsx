import { Card, createDataTableColumnHelper, DataTable, type DataTableColumn, Text } from '@fantasy-cricket/ui';
import type { ContestEntry, ContestWidget } from '../../data/standings/types';
import * as common from './leaderboard.css';
import * as styles from './ContestWidgets.css';
import { contestColumnKeys, isNumericColumn } from './standings';

/** A widget's table columns, one per entry key, in order (the web app does not know the widgets). */
export function contestColumns(entries: readonly ContestEntry[]): DataTableColumn<ContestEntry>[] {
  const col = createDataTableColumnHelper<ContestEntry>();
  // The first column names the row: a row header, and the title when rows stack on phones.
  return contestColumnKeys(entries).map((key, index) =>
    col.accessor((entry) => entry[key], {
      id: key,
      header: key,
      cell: (info) => info.getValue() ?? '',
      meta: { align: isNumericColumn(entries, key) ? 'end' : 'start', rowHeader: index === 0 },
    }),
  );
}

/** Contests (spec section 2): each widget a header, an optional description and a table of its entries. */
export function ContestWidgets({ widgets }: { widgets: readonly ContestWidget[] }) {
  if (widgets.length === 0) {
    return (
      <Card>
        <Text tone="muted">No contests for this league yet.</Text>
      </Card>
    );
  }
  return (
    <div className={styles.widgets}>
      {widgets.map((widget) => (
        <Card key={widget.Header} title={widget.Header}>
          <div className={common.section}>
            {widget.Description ? (
              <Text tone="muted" size="sm">
                {widget.Description}
              </Text>
            ) : null}
            <DataTable
              caption={widget.Header}
              captionHidden
              className={`${common.table} ${common.compact}`}
              columns={contestColumns(widget.Entry)}
              data={widget.Entry}
              emptyMessage="No entries yet: they appear once fixtures are scored."
            />
          </div>
        </Card>
      ))}
    </div>
  );
}
