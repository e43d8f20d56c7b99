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

export const stackTight = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });

export const subheading = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.textMuted,
  letterSpacing: '0.05em',
  textTransform: 'uppercase',
});

/* The scorecard's innings tabs: each as wide as the other, touch targets (`vars.touchTarget`). */
export const tabs = style({
  display: 'flex',
  gap: vars.space.xs,
  padding: vars.space['2xs'],
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceSunken,
  border: `1px solid ${vars.color.border}`,
});

export const tab = style({
  flex: '1 1 0',
  minWidth: 0,
  minHeight: vars.touchTarget,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2xs'],
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.textMuted,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  textAlign: 'center',
  overflowWrap: 'anywhere',
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': {
      background: vars.color.surfaceRaised,
      color: vars.color.text,
      borderColor: vars.color.border,
      boxShadow: vars.shadow.sm,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const tabScore = style({ fontVariantNumeric: 'tabular-nums', fontWeight: vars.fontWeight.bold });

/* A member of the league: a summary line (name, points) that opens their picks as rows. */
export const memberItem = style({
  listStyle: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
});

export const memberDetails = style({});

export const memberSummary = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.touchTarget,
  paddingBlock: vars.space.xs,
  cursor: 'pointer',
  listStyle: 'none',
  selectors: {
    '&::-webkit-details-marker': { display: 'none' },
    '&::before': {
      content: '"▸"',
      color: vars.color.textMuted,
      fontSize: vars.fontSize.xs,
      transition: 'transform 120ms ease',
    },
    'details[open] > &::before': { transform: 'rotate(90deg)' },
    '&:focus-visible': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
      borderRadius: vars.radius.sm,
    },
  },
});

export const memberName = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: vars.space.xs,
  overflowWrap: 'anywhere',
});

export const you = style({
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.primary}`,
  background: vars.color.primarySubtle,
  color: vars.color.primaryText,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'nowrap',
});

export const pickRows = style({ margin: `0 0 ${vars.space.sm}`, padding: 0, display: 'flex', flexDirection: 'column' });

export const pickRow = style({
  listStyle: 'none',
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr) auto',
  alignItems: 'baseline',
  gap: vars.space.sm,
  paddingBlock: vars.space['2xs'],
  paddingInlineStart: vars.space.md,
  fontSize: vars.fontSize.sm,
  selectors: {
    '&:not(:last-child)': { borderBottom: `1px dashed ${vars.color.border}` },
    '&[data-scoring]': { color: vars.color.successFg },
  },
});

export const pickFeature = style({ color: vars.color.textMuted, overflowWrap: 'anywhere' });
export const pickSelection = style({ overflowWrap: 'anywhere' });

/* Placeholders while the Match Centre loads. */
const shimmer = style({
  display: 'block',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceSunken,
});

export const skeletonScore = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const skeletonLine = style([shimmer, { height: '1.75rem' }]);
export const skeletonBlock = style([shimmer, { height: '18rem' }]);

/** A batter's name and how out: breaks inside a long word too, so the scorecard fits a 360 px phone without scrolling sideways. */
export const batterName = style({ overflowWrap: 'anywhere' });
