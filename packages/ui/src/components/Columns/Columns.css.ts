import { createVar, globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/contract.css';
import { responsiveProperty } from '../_internal/responsiveStyles';

/** The gap between columns; a column's fractional width subtracts its share of it. */
const gapVar = createVar();

export const columns = style({ display: 'flex', minWidth: 0, gap: gapVar });

export const gap = styleVariants(vars.space, (value) => ({ vars: { [gapVar]: value } }));
export const gapAt = responsiveProperty((value) => ({ vars: { [gapVar]: value } }));

/** Side by side at every width, or stacked below a breakpoint (in DOM order, the same gap between them). */
export const collapseBelow = styleVariants({
  none: { flexDirection: 'row' },
  sm: { flexDirection: 'column', '@media': { [media.sm]: { flexDirection: 'row' } } },
  md: { flexDirection: 'column', '@media': { [media.md]: { flexDirection: 'row' } } },
  lg: { flexDirection: 'column', '@media': { [media.lg]: { flexDirection: 'row' } } },
});

/** Vertical alignment of columns of different heights (side by side only). */
export const alignY = styleVariants({
  top: { alignItems: 'flex-start' },
  center: { alignItems: 'center' },
  bottom: { alignItems: 'flex-end' },
  stretch: { alignItems: 'stretch' },
});
export const alignYAt = responsiveProperty((value) => ({ alignItems: value }));

/** Horizontal alignment of columns that do not fill the row (content widths). */
export const align = styleVariants({
  start: { justifyContent: 'flex-start' },
  center: { justifyContent: 'center' },
  end: { justifyContent: 'flex-end' },
});
export const alignAt = responsiveProperty((value) => ({ justifyContent: value }));

export const column = style({ minWidth: 0 });

/**
 * A fraction of the row: `f × 100% − (1 − f) × gap`, so the columns of a row that add up to 1 fill it
 * exactly, and a 1/3 column lines up with the first of three 1/3 columns in another row.
 */
const fraction = (numerator: number, denominator: number) => ({
  flex: `0 0 calc((100% + ${gapVar}) * ${numerator} / ${denominator} - ${gapVar})`,
});

export const width = styleVariants({
  /** The default: an equal share of what the other columns leave. */
  fill: { flex: '1 1 0' },
  /** As wide as its content. */
  content: { flex: '0 0 auto' },
  '1/2': fraction(1, 2),
  '1/3': fraction(1, 3),
  '2/3': fraction(2, 3),
  '1/4': fraction(1, 4),
  '3/4': fraction(3, 4),
  '1/5': fraction(1, 5),
  '2/5': fraction(2, 5),
  '3/5': fraction(3, 5),
  '4/5': fraction(4, 5),
});

// Stacked: every column takes the full width and its own height, whatever width it has side by side; an
// empty column (a place kept for controls still to come) takes no room, so it adds no gap.
const below = { sm: media.belowSm, md: media.belowMd, lg: media.belowLg } as const;
for (const breakpoint of ['sm', 'md', 'lg'] as const) {
  globalStyle(`${collapseBelow[breakpoint]} > ${column}`, {
    '@media': { [below[breakpoint]]: { flex: '0 0 auto', alignSelf: 'stretch' } },
  });
  globalStyle(`${collapseBelow[breakpoint]} > ${column}:empty`, {
    '@media': { [below[breakpoint]]: { display: 'none' } },
  });
}
