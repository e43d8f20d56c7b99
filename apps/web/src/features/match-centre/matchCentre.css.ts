import { media, vars } from '@fantasy-cricket/ui';
import { style, styleVariants } from '@vanilla-extract/css';

/** The Match Centre's layout: one column on a phone, two from the md breakpoint. Values from the theme contract. */

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 });

export const columns = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.lg,
  '@media': { [media.md]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
});

export const scoreHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs });

export const innings = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, margin: 0, padding: 0 });

export const inningsRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: vars.space.sm,
  listStyle: 'none',
  fontSize: vars.fontSize.lg,
});

export const score = style({
  fontVariantNumeric: 'tabular-nums',
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.xl,
  whiteSpace: 'nowrap',
});

export const overs = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, margin: 0, padding: 0 });

export const overRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  listStyle: 'none',
});

export const overLabel = style({ minWidth: '4.5rem', color: vars.color.textMuted, fontSize: vars.fontSize.sm });

const ballBase = style({
  position: 'relative',
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '2rem',
  height: '2rem',
  paddingInline: vars.space['2xs'],
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
});

export const ball = styleVariants({
  plain: [ballBase, { background: vars.color.surfaceRaised, color: vars.color.text }],
  boundary: [
    ballBase,
    { background: vars.color.primary, color: vars.color.onPrimary, borderColor: vars.color.primary },
  ],
  wicket: [ballBase, { background: vars.color.danger, color: vars.color.onDanger, borderColor: vars.color.danger }],
  extra: [
    ballBase,
    { background: vars.color.warningBg, color: vars.color.warningFg, borderColor: vars.color.warningBorder },
  ],
});

export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, margin: 0, padding: 0 });

export const listRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: vars.space.sm,
  listStyle: 'none',
  paddingBlock: vars.space['2xs'],
  borderBottom: `1px solid ${vars.color.border}`,
});

export const picks = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });

export const points = style({
  fontVariantNumeric: 'tabular-nums',
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'nowrap',
});

export const me = style({
  background: vars.color.primarySubtle,
  borderRadius: vars.radius.sm,
  paddingInline: vars.space.xs,
});

export const srOnly = style({
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
});
