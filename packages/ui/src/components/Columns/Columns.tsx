import { type CSSProperties, forwardRef, type HTMLAttributes } from 'react';
import type { Breakpoint } from '../../theme/breakpoints';
import { type SpaceToken, vars } from '../../theme/contract.css';
import { cx } from '../_internal/cx';
import { breakpointOverrides, type ResponsiveValue } from '../_internal/responsive';
import * as styles from './Columns.css';

export const columnsAlignments = ['start', 'center', 'end'] as const;
export const columnsVerticalAlignments = ['top', 'center', 'bottom', 'stretch'] as const;
export const columnsCollapseBelow = ['sm', 'md', 'lg'] as const satisfies readonly Breakpoint[];
export const columnWidths = ['fill', 'content', '1/2', '1/3', '2/3', '1/4', '3/4', '1/5', '2/5', '3/5', '4/5'] as const;

export type ColumnsAlignment = (typeof columnsAlignments)[number];
export type ColumnsVerticalAlignment = (typeof columnsVerticalAlignments)[number];
export type ColumnWidth = (typeof columnWidths)[number];

const justifyContent: Record<ColumnsAlignment, string> = { start: 'flex-start', center: 'center', end: 'flex-end' };
const alignItems: Record<ColumnsVerticalAlignment, string> = {
  top: 'flex-start',
  center: 'center',
  bottom: 'flex-end',
  stretch: 'stretch',
};

export interface ColumnsProps extends HTMLAttributes<HTMLElement> {
  /** The gap between the columns (and between them when stacked): a key of the space scale, or one per breakpoint. */
  gap: ResponsiveValue<SpaceToken>;
  /** Below this breakpoint the columns stack, full width, in DOM order ('sm' 600, 'md' 900, 'lg' 1200 px). */
  collapseBelow?: Breakpoint;
  /** Horizontal alignment of columns that do not fill the row (default 'start'). */
  align?: ResponsiveValue<ColumnsAlignment>;
  /** Vertical alignment of columns of different heights, side by side (default 'top'). */
  alignY?: ResponsiveValue<ColumnsVerticalAlignment>;
  /** Element to render (default 'div'); with 'ul'/'ol' render each `Column` as 'li'. */
  as?: 'div' | 'section' | 'ul' | 'ol';
  /** `Column` elements only. */
  children?: React.ReactNode;
}

/**
 * Columns side by side with a gap from the space scale, stacking below a breakpoint (`collapseBelow`).
 * Each child is a `Column`, an equal share of the row unless it sets a `width`.
 */
export const Columns = forwardRef<HTMLElement, ColumnsProps>(function Columns(
  { gap, collapseBelow, align = 'start', alignY = 'top', as: Tag = 'div', className, style, ...rest },
  ref,
) {
  const at = breakpointOverrides();
  const baseGap = at.add(gap, styles.gapAt, (value) => vars.space[value]);
  const baseAlign = at.add(align, styles.alignAt, (value) => justifyContent[value]);
  const baseAlignY = at.add(alignY, styles.alignYAt, (value) => alignItems[value]);
  return (
    <Tag
      // biome-ignore lint/suspicious/noExplicitAny: polymorphic element ref
      ref={ref as any}
      className={cx(
        styles.columns,
        styles.gap[baseGap],
        styles.collapseBelow[collapseBelow ?? 'none'],
        styles.align[baseAlign],
        styles.alignY[baseAlignY],
        ...at.classNames,
        className,
      )}
      style={at.classNames.length > 0 ? ({ ...at.style, ...style } as CSSProperties) : style}
      {...rest}
    />
  );
});
Columns.displayName = 'Columns';

export interface ColumnProps extends HTMLAttributes<HTMLElement> {
  /**
   * Side by side: 'fill' (default) shares what the other columns leave equally, 'content' is as wide as its
   * content, a fraction ('1/2', '1/3', '2/3', '1/4', '3/4', '1/5' … '4/5') is that part of the row. Stacked:
   * always the full width.
   */
  width?: ColumnWidth;
  /** Element to render (default 'div'; 'li' inside `Columns as="ul"`). */
  as?: 'div' | 'li';
}

/** One column of `Columns`. */
export const Column = forwardRef<HTMLElement, ColumnProps>(function Column(
  { width = 'fill', as: Tag = 'div', className, ...rest },
  ref,
) {
  return (
    <Tag
      // biome-ignore lint/suspicious/noExplicitAny: polymorphic element ref
      ref={ref as any}
      className={cx(styles.column, styles.width[width], className)}
      {...rest}
    />
  );
});
Column.displayName = 'Column';
