import { media, vars } from '@fantasy-cricket/ui';
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';

/** Styles of the Leaderboard screen, its modals and the progression chart. Every value from the theme contract. */

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });

export const controls = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  alignItems: 'end',
  '@media': { 'screen and (min-width: 700px)': { gridTemplateColumns: 'minmax(0, 1fr) auto' } },
});

export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

/* The Leaderboard / Contests switch: a radio group drawn as a segmented control. */
export const switchGroup = style({ border: 'none', margin: 0, padding: 0, minWidth: 0 });

export const switchLegend = style({
  padding: 0,
  marginBottom: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

export const switchTrack = style({
  display: 'inline-flex',
  padding: vars.space['2xs'],
  gap: vars.space['2xs'],
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surfaceSunken,
});

export const switchOption = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.5rem',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
  cursor: 'pointer',
  userSelect: 'none',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&:has(input:checked)': {
      background: vars.color.primary,
      color: vars.color.onPrimary,
      boxShadow: vars.shadow.sm,
    },
    '&:has(input:focus-visible)': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const switchInput = style([visuallyHidden]);

/* Leaderboard cells. */
export const rank = style({
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '2rem',
  height: '2rem',
  paddingInline: vars.space.xs,
  borderRadius: vars.radius.pill,
  fontWeight: vars.fontWeight.bold,
  border: '2px solid transparent',
});

export const medal = styleVariants({
  gold: [rank, { background: vars.color.gold, color: vars.color.onRank }],
  silver: [rank, { background: vars.color.silver, color: vars.color.onRank }],
  bronze: [rank, { background: vars.color.bronze, color: vars.color.onRank }],
  none: [rank],
});

export const change = styleVariants({
  up: { color: vars.color.successFg, fontWeight: vars.fontWeight.semibold, whiteSpace: 'nowrap' },
  down: { color: vars.color.errorFg, fontWeight: vars.fontWeight.semibold, whiteSpace: 'nowrap' },
  same: { color: vars.color.textMuted },
});

export const member = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2xs'],
  minWidth: '5rem',
  '@media': { [media.sm]: { minWidth: '7rem' } },
});

export const memberName = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs });

export const fullName = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.regular,
});

export const youBadge = style({
  display: 'inline-flex',
  alignItems: 'center',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.primary}`,
  background: vars.color.primarySubtle,
  color: vars.color.primaryText,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: 1.6,
  whiteSpace: 'nowrap',
});

export const autoBadge = style([
  youBadge,
  {
    borderColor: vars.color.border,
    background: 'transparent',
    color: vars.color.textMuted,
    fontWeight: vars.fontWeight.regular,
  },
]);

/** A number that opens details: looks like a link, is a button. */
export const linkButton = style({
  background: 'none',
  border: 'none',
  padding: `${vars.space['2xs']} ${vars.space.xs}`,
  margin: `calc(-1 * ${vars.space['2xs']}) calc(-1 * ${vars.space.xs})`,
  borderRadius: vars.radius.sm,
  font: 'inherit',
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.link,
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  cursor: 'pointer',
  minHeight: '2rem',
  selectors: {
    '&:hover': { color: vars.color.linkHover, background: vars.color.surfaceHover },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
  },
});

export const strong = style({ fontWeight: vars.fontWeight.semibold });

/** DataTable's hidden caption is absolutely positioned: keep it inside the scroll container. */
export const table = style({ position: 'relative', maxWidth: '100%' });

/** Tighter cells on a phone. */
export const compact = style({});
globalStyle(`${compact} th, ${compact} td`, {
  '@media': { [media.belowSm]: { paddingInline: vars.space.sm } },
});

/**
 * On a phone a table folds one column into another (shown there with `phoneOnly`), so the points stay
 * on screen at 390 px without scrolling sideways: the standings fold Change under the rank, the
 * Match Prediction details fold Winner under the selection, the player breakdown drops Player (the
 * dialog's title names the player).
 */
export const foldColumn = styleVariants({ first: [compact], second: [compact], third: [compact] });
const folded = { first: 1, second: 2, third: 3 } as const;
for (const [name, n] of Object.entries(folded)) {
  globalStyle(`${foldColumn[name as keyof typeof folded]} tr > :nth-child(${n})`, {
    '@media': { [media.belowSm]: { display: 'none' } },
  });
}

/** Shown only on a phone, where its column is folded away. */
export const phoneOnly = style({
  display: 'none',
  '@media': { [media.belowSm]: { display: 'inline' } },
});

export const rankCell = style({
  display: 'inline-flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['2xs'],
});

export const foldedText = style([phoneOnly, { fontSize: vars.fontSize.xs, color: vars.color.textMuted }]);

export const note = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/* Contest widgets. */
export const widgets = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.lg });

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

export const exportBar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, justifyContent: 'flex-end' });

/* Points progression chart. */
export const chartFigure = style({
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
});

export const chartSvg = style({ display: 'block', width: '100%', height: 'auto', overflow: 'visible' });

export const gridLine = style({ stroke: vars.color.border, strokeWidth: 1 });

export const axisText = style({ fill: vars.color.textMuted, fontSize: 11, fontFamily: vars.font.body });

export const otherLine = style({
  fill: 'none',
  stroke: vars.color.textMuted,
  strokeWidth: 1.5,
  strokeOpacity: 0.45,
  strokeLinejoin: 'round',
  strokeLinecap: 'round',
});

export const leaderLine = style([otherLine, { stroke: vars.color.accent, strokeOpacity: 0.9, strokeDasharray: '6 4' }]);

export const myLine = style([otherLine, { stroke: vars.color.primary, strokeOpacity: 1, strokeWidth: 3.5 }]);

export const myPoint = style({ fill: vars.color.surfaceRaised, stroke: vars.color.primary, strokeWidth: 2 });

export const endLabel = style({
  fill: vars.color.primaryText,
  fontSize: 12,
  fontWeight: 700,
  fontFamily: vars.font.body,
});

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const legendItem = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });

export const swatch = styleVariants({
  me: { width: 20, height: 4, borderRadius: 2, background: vars.color.primary },
  leader: { width: 20, height: 0, borderTop: `2px dashed ${vars.color.accent}` },
  other: { width: 20, height: 2, borderRadius: 1, background: vars.color.textMuted, opacity: 0.6 },
});

export const chartHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

globalStyle(`${chartSvg} text`, { userSelect: 'none' });
