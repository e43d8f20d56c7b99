import {
  type ColumnDef,
  type RowData,
  createColumnHelper,
  createSortedRowModel,
  metaHelper,
  rowSortingFeature,
  type SortingState,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { type HTMLAttributes, type ReactNode, useId, useRef, useState } from 'react';
import { cx } from '../_internal/cx';
import { SortIcon } from '../_internal/icons';
import { useIsScrollable } from '../_internal/useIsScrollable';
import { VisuallyHidden } from '../_internal/VisuallyHidden';
import * as styles from './DataTable.css';

/** Per-column display options, set through a column's `meta`. */
export interface DataTableColumnMeta {
  /** Text alignment of the header and cells (use 'end' for numbers). */
  align?: 'start' | 'center' | 'end';
  /** Render this column's cells as row headers (`<th scope="row">`). */
  rowHeader?: boolean;
  /** Extra class for this column's cells. */
  cellClassName?: string;
}

/** The TanStack Table v9 feature set used by `DataTable` (sorting only). */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text, datetime: sortFn_datetime, basic: sortFn_basic },
  columnMeta: metaHelper<DataTableColumnMeta>(),
});
export type DataTableFeatures = typeof dataTableFeatures;

/**
 * A column definition for `DataTable` (a TanStack Table v9 `ColumnDef`).
 * Columns are not sortable unless they set `enableSorting: true`.
 */
// biome-ignore lint/suspicious/noExplicitAny: columns of one table hold values of different types
export type DataTableColumn<TData extends RowData> = ColumnDef<DataTableFeatures, TData, any>;

/** Typed column helper: `const col = createDataTableColumnHelper<Row>(); col.accessor('name', { header: 'Name' })`. */
export function createDataTableColumnHelper<TData extends RowData>() {
  return createColumnHelper<DataTableFeatures, TData>();
}

export type DataTableSorting = SortingState;

export const dataTableRowTones = [
  'highlight',
  'success',
  'error',
  'muted',
] as const satisfies readonly DataTableRowTone[];
export type DataTableRowTone = 'highlight' | 'success' | 'error' | 'muted';

export interface DataTableRowProps extends HTMLAttributes<HTMLTableRowElement> {
  /** Colour the row: 'highlight' (e.g. "You are here"), 'success' (match), 'error' (break), 'muted'. */
  tone?: DataTableRowTone;
}

export interface DataTableProps<TData extends RowData> {
  // biome-ignore lint/suspicious/noExplicitAny: see DataTableColumn
  columns: ReadonlyArray<ColumnDef<DataTableFeatures, TData, any>>;
  data: ReadonlyArray<TData>;
  /** Shown in a single full-width cell when `data` is empty. */
  emptyMessage: string;
  /** Table caption (also names the scroll area when the table overflows). */
  caption?: ReactNode;
  /** Keep the caption for screen readers only. */
  captionHidden?: boolean;
  /** Extra props per row: `tone`, `className`, `data-*`, `aria-*`, `onClick`… */
  getRowProps?: (row: TData, index: number) => DataTableRowProps | undefined;
  /** Stable row ids (default: the row index). */
  getRowId?: (row: TData, index: number) => string;
  /** Sorting to start with (uncontrolled), e.g. `[{ id: 'points', desc: true }]`. */
  initialSorting?: DataTableSorting;
  /** Controlled sorting (pair with `onSortingChange`). */
  sorting?: DataTableSorting;
  onSortingChange?: (sorting: DataTableSorting) => void;
  className?: string;
  id?: string;
}

const alignClass = {
  start: styles.alignStart,
  center: styles.alignCenter,
  end: styles.alignEnd,
} as const;

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

const EMPTY: never[] = [];

/**
 * A data table on TanStack Table v9: semantic `<table>` markup, optional
 * client-side sorting (header buttons, `aria-sort`), zebra rows, row tones, an
 * empty state, and horizontal scrolling on narrow screens.
 */
export function DataTable<TData extends RowData>({
  columns,
  data,
  emptyMessage,
  caption,
  captionHidden = false,
  getRowProps,
  getRowId,
  initialSorting,
  sorting: controlledSorting,
  onSortingChange,
  className,
  id,
}: DataTableProps<TData>) {
  const [uncontrolledSorting, setUncontrolledSorting] = useState<SortingState>(initialSorting ?? EMPTY);
  const sorting = controlledSorting ?? uncontrolledSorting;
  const sortingRef = useRef(sorting);
  sortingRef.current = sorting;

  const handleSortingChange = (updater: Updater<SortingState>) => {
    const next = typeof updater === 'function' ? updater(sortingRef.current) : updater;
    if (controlledSorting === undefined) setUncontrolledSorting(next);
    onSortingChange?.(next);
  };

  const table = useTable({
    features: dataTableFeatures,
    columns: columns as Array<ColumnDef<DataTableFeatures, TData, unknown>>,
    data: data as TData[],
    getRowId: getRowId ? (row: TData, index: number) => getRowId(row, index) : undefined,
    state: { sorting },
    onSortingChange: handleSortingChange,
    defaultColumn: { enableSorting: false },
    enableSortingRemoval: false,
    enableMultiSort: false,
  });

  const captionId = `dt-${useId()}-caption`;
  const scrollRef = useRef<HTMLDivElement>(null);
  const scrollable = useIsScrollable(scrollRef, 'x');

  const rows = table.getRowModel().rows;
  const leafCount = table.getAllLeafColumns().length;

  return (
    <div
      ref={scrollRef}
      id={id}
      className={cx(styles.wrapper, className)}
      // When the table overflows, the scroll area must be reachable by keyboard. A named group, not a
      // region: a region is a landmark, and one named like the card or section around it (usually the
      // same words as the caption) repeats that landmark (axe: landmark-unique).
      {...(scrollable
        ? { tabIndex: 0, role: 'group', ...(caption ? { 'aria-labelledby': captionId } : { 'aria-label': 'Table' }) }
        : {})}
    >
      <table className={styles.table}>
        {caption ? (
          captionHidden ? (
            <caption id={captionId}>
              <VisuallyHidden>{caption}</VisuallyHidden>
            </caption>
          ) : (
            <caption id={captionId} className={styles.caption}>
              {caption}
            </caption>
          )
        ) : null}
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const column = header.column;
                const meta = column.columnDef.meta;
                const canSort = column.getCanSort();
                const sorted = column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    colSpan={header.colSpan > 1 ? header.colSpan : undefined}
                    aria-sort={sorted ? ariaSort[sorted] : undefined}
                    className={cx(styles.th, meta?.align && alignClass[meta.align])}
                  >
                    {header.isPlaceholder ? null : canSort ? (
                      <button type="button" className={styles.sortButton} onClick={column.getToggleSortingHandler()}>
                        <table.FlexRender header={header} />
                        <SortIcon sort={sorted} size={14} className={styles.sortIcon} />
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td className={styles.empty} colSpan={Math.max(1, leafCount)}>
                {emptyMessage}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const { tone, className: rowClassName, ...rowProps } = getRowProps?.(row.original, row.index) ?? {};
              return (
                <tr key={row.id} className={cx(styles.row, rowClassName)} data-tone={tone} {...rowProps}>
                  {row.getAllCells().map((cell) => {
                    const meta = cell.column.columnDef.meta;
                    const cellClass = cx(styles.td, meta?.align && alignClass[meta.align], meta?.cellClassName);
                    return meta?.rowHeader ? (
                      <th key={cell.id} scope="row" className={cellClass}>
                        <table.FlexRender cell={cell} />
                      </th>
                    ) : (
                      <td key={cell.id} className={cellClass}>
                        <table.FlexRender cell={cell} />
                      </td>
                    );
                  })}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
DataTable.displayName = 'DataTable';
