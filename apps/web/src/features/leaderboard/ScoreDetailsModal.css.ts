import { vars } from '@fantasy-cricket/ui';
import { style } from '@vanilla-extract/css';
import { phoneOnly, youBadge } from './leaderboard.css';

/** Styles of the score-details modals: the summary, fixture groups and subtotals. */

export const autoBadge = style([
  youBadge,
  {
    borderColor: vars.color.border,
    background: 'transparent',
    color: vars.color.textMuted,
    fontWeight: vars.fontWeight.regular,
  },
]);

export const foldedText = style([phoneOnly, { fontSize: vars.fontSize.xs, color: vars.color.textMuted }]);

/* Score-details modals. */
export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
});

export const totalValue = style({
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

export const fixtureGroup = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });

export const fixtureHeading = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.xs,
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const subtotal = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, whiteSpace: 'nowrap' });

/** A pick's name with its role, badges and "came in for …" under it: wraps inside the cell. */
export const pickName = style({ flexWrap: 'wrap', rowGap: 0 });

/** "18 × 2 = 36": kept on one line, figures aligned. */
export const pointsButton = style({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });

export const worked = style({ fontWeight: vars.fontWeight.semibold, whiteSpace: 'nowrap' });
