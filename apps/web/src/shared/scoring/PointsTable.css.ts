import { media, vars } from '@fantasy-cricket/ui';
import { style } from '@vanilla-extract/css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const heading = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.snug,
});

export const intro = style({ margin: 0, color: vars.color.textMuted, lineHeight: vars.lineHeight.normal });

/** One feature per row: name and points on a line, its description under them. Never wider than the screen. */
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const item = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  columnGap: vars.space.md,
  rowGap: vars.space['2xs'],
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  minWidth: 0,
});

export const name = style({ fontWeight: vars.fontWeight.medium, overflowWrap: 'anywhere' });

export const points = style({
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
  textAlign: 'end',
  whiteSpace: 'nowrap',
});

/**
 * A team rule: its name and figure on one line when they fit, the figure on a line of its own under the
 * name when not ("Captain 2× · vice-captain 1.5×" at 360 px), then what it means.
 */
export const rule = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  columnGap: vars.space.md,
  rowGap: vars.space['2xs'],
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  minWidth: 0,
});

export const ruleName = style({ fontWeight: vars.fontWeight.medium });

/** A team rule's figure ("100 credits", "Captain 2× · vice-captain 1.5×"). */
export const ruleValue = style({ fontWeight: vars.fontWeight.semibold, fontVariantNumeric: 'tabular-nums' });

export const ruleDetail = style({
  flexBasis: '100%',
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  lineHeight: vars.lineHeight.snug,
});

export const earned = style({ color: vars.color.successFg });
export const deducted = style({ color: vars.color.errorFg });

export const description = style({
  gridColumn: '1 / -1',
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  lineHeight: vars.lineHeight.snug,
});

export const note = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const slots = style({ margin: 0, lineHeight: vars.lineHeight.normal });
