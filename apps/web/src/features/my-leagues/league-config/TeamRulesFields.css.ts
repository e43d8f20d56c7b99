import { media, vars } from '@fantasy-cricket/ui';
import { globalStyle, style } from '@vanilla-extract/css';

/** The Team rules part of step 1: one rule per block, two blocks a row from the kit's `sm` breakpoint. */

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  minWidth: 0,
});

export const heading = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.snug,
});

export const intro = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const rules = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.sm,
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

/** One rule: its on/off box, then its figures. */
export const rule = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
});

/** The captain's and vice-captain's multipliers side by side (they are short). */
export const pair = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  // A label taking two lines ("Vice-captain's multiplier" in a narrow box) keeps the inputs level.
  alignItems: 'end',
  gap: vars.space.sm,
});

/** The read-only rules: label and figure on a line each. */
export const list = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  margin: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  minWidth: 0,
});
globalStyle(`${item} dt`, { color: vars.color.textMuted });
globalStyle(`${item} dd`, { margin: 0, fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });

export const note = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
