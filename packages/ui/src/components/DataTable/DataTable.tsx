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
import { Fragment, type HTMLAttributes, type ReactNode, useId, useRef, useState } from 'react';
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
  /**
   * How the cells show when rows stack (below `stackBelow`):
   * - 'title': the row's name, first and bold (default for `rowHeader` columns);
   * - 'field': a "Header: value" line (default);
   * - 'actions': buttons/links, side by side in a last full-width line of 44px targets;
   * - 'hidden': not shown — only for helper columns the spec does not list.
   */
  narrow?: DataTableNarrowRole;
  /** The label of this column's "Header: value" lines when the header is not plain text. */
  label?: string;
  /** For 'actions' cells of icon-only buttons: show the column header as a caption above the control when stacked. */
  narrowLabel?: boolean;
}

export const dataTableNarrowRoles = [
  'title',
  'field',
  'actions',
  'hidden',
] as const satisfies readonly DataTableNarrowRole[];
export type DataTableNarrowRole = 'title' | 'field' | 'actions' | 'hidden';

/** Container widths below which rows stack: 'sm' < 600px, 'md' < 900px; 'never' keeps the table (scrolls sideways). */
export const dataTableStackBelow = ['sm', 'md', 'never'] as const satisfies readonly DataTableStackBelow[];
export type DataTableStackBelow = 'sm' | 'md' | 'never';

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
  /**
   * A full-width row under a row, for what a compact row keeps out of sight (e.g. its details once
   * expanded); null or undefined for none. The consumer decides when it shows and labels its toggle.
   */
  renderRowDetail?: (row: TData) => ReactNode;
  /** Stable row ids (default: the row index). */
  getRowId?: (row: TData, index: number) => string;
  /** Sorting to start with (uncontrolled), e.g. `[{ id: 'points', desc: true }]`. */
  initialSorting?: DataTableSorting;
  /** Controlled sorting (pair with `onSortingChange`). */
  sorting?: DataTableSorting;
  onSortingChange?: (sorting: DataTableSorting) => void;
  /**
   * Below this width of the table's own box (a container query, so it also
   * works in narrow panels), each row stacks into a block: title cells, then
   * "Header: value" lines, then the action cells (see `meta.narrow`). Sortable
   * headers stay as a visible "Sort by" bar. Default 'sm' (600px).
   */
  stackBelow?: DataTableStackBelow;
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
 * client-side sorting (header buttons, `aria-sort`), zebra rows, row tones and
 * an empty state. Below `stackBelow` (its own width) rows stack into blocks —
 * title, "Header: value" lines, a row of action buttons — so no column or
 * action hides behind horizontal scrolling on phones.
 */
export function DataTable<TData extends RowData>({
  columns,
  data,
  emptyMessage,
  caption,
  captionHidden = false,
  getRowProps,
  renderRowDetail,
  getRowId,
  initialSorting,
  sorting: controlledSorting,
  onSortingChange,
  stackBelow = 'sm',
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
  const headerGroups = table.getHeaderGroups().filter((group) => group.headers.length > 0);
  const leafColumns = table.getAllLeafColumns();
  const leafCount = leafColumns.length;
  const hasSortable = leafColumns.some((column) => column.getCanSort());
  const hasActions = leafColumns.some((column) => column.columnDef.meta?.narrow === 'actions');

  return (
    <div
      ref={scrollRef}
      id={id}
      className={cx(styles.wrapper, className)}
      data-stack={stackBelow}
      // When the table overflows, the scroll area must be reachable by keyboard. A named group, not a
      // region: a region is a landmark, and one named like the card or section around it (usually the
      // same words as the caption) repeats that landmark (axe: landmark-unique).
      {...(scrollable
        ? { tabIndex: 0, role: 'group', ...(caption ? { 'aria-labelledby': captionId } : { 'aria-label': 'Table' }) }
        : {})}
    >
      {/* Explicit roles: some browsers drop table semantics when the rows stack (display changes). */}
      {/* biome-ignore lint/a11y/noRedundantRoles: kept on purpose, see above */}
      <table role="table" className={styles.table}>
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
        {/* A table without columns (none derived from no data) has no header: an empty row or rowgroup breaks ARIA. */}
        {headerGroups.length > 0 ? (
          // biome-ignore lint/a11y/noRedundantRoles: see the table's role
          <thead role="rowgroup">
            {headerGroups.map((group) => (
              // biome-ignore lint/a11y/noRedundantRoles: see the table's role
              <tr key={group.id} role="row" data-sortable={hasSortable ? '' : undefined}>
                {group.headers.map((header) => {
                  const column = header.column;
                  const meta = column.columnDef.meta;
                  const canSort = column.getCanSort();
                  const sorted = column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      // biome-ignore lint/a11y/noRedundantRoles: see the table's role
                      role="columnheader"
                      scope="col"
                      data-sortable={canSort && !header.isPlaceholder ? '' : undefined}
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
        ) : null}
        {/* biome-ignore lint/a11y/noRedundantRoles: see the table's role */}
        <tbody role="rowgroup">
          {rows.length === 0 ? (
            // biome-ignore lint/a11y/noRedundantRoles: see the table's role
            <tr role="row">
              {/* biome-ignore lint/a11y/noRedundantRoles: see the table's role */}
              <td role="cell" className={styles.empty} colSpan={Math.max(1, leafCount)}>
                {emptyMessage}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const { tone, className: rowClassName, ...rowProps } = getRowProps?.(row.original, row.index) ?? {};
              const detail = renderRowDetail?.(row.original);
              return (
                <Fragment key={row.id}>
                  <tr
                    // biome-ignore lint/a11y/noRedundantRoles: see the table's role
                    role="row"
                    className={cx(styles.row, rowClassName)}
                    data-tone={tone}
                    data-has-actions={hasActions ? '' : undefined}
                    {...rowProps}
                  >
                    {row.getAllCells().map((cell) => {
                      const columnDef = cell.column.columnDef;
                      const meta = columnDef.meta;
                      const cellClass = cx(styles.td, meta?.align && alignClass[meta.align], meta?.cellClassName);
                      const narrow = meta?.narrow ?? (meta?.rowHeader ? 'title' : 'field');
                      const stackProps = {
                        'data-narrow': narrow,
                        'data-label':
                          narrow === 'field' || (narrow === 'actions' && meta?.narrowLabel)
                            ? (meta?.label ??
                              (typeof columnDef.header === 'string' ? columnDef.header : cell.column.id))
                            : undefined,
                      };
                      const content = (
                        <div className={styles.cellContent}>
                          <table.FlexRender cell={cell} />
                        </div>
                      );
                      return meta?.rowHeader ? (
                        // biome-ignore lint/a11y/noRedundantRoles: see the table's role
                        <th key={cell.id} role="rowheader" scope="row" className={cellClass} {...stackProps}>
                          {content}
                        </th>
                      ) : (
                        // biome-ignore lint/a11y/noRedundantRoles: see the table's role
                        <td key={cell.id} role="cell" className={cellClass} {...stackProps}>
                          {content}
                        </td>
                      );
                    })}
                  </tr>
                  {detail === null || detail === undefined ? null : (
                    // biome-ignore lint/a11y/noRedundantRoles: see the table's role
                    <tr role="row" className={styles.detailRow} data-detail="" data-tone={tone}>
                      {/* biome-ignore lint/a11y/noRedundantRoles: see the table's role */}
                      <td role="cell" className={styles.detailCell} colSpan={Math.max(1, leafCount)}>
                        {detail}
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
DataTable.displayName = 'DataTable';
