import { vars } from '@fantasy-cricket/ui';
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';

/** Styles of the standings table: rank, medals, change of rank, names and badges. */

/* Leaderboard cells. */
const rank = style({
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

export const fullName = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.regular,
});

export const strong = style({ fontWeight: vars.fontWeight.semibold });

export const rankCell = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
});

/** A figure and its live mark on one line. */
export const figure = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.xs,
  whiteSpace: 'nowrap',
});

export const liveMark = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2xs'],
  color: vars.color.errorFg,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
});

export const wrap = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });

/* A phone: one compact line per member (rank, change, name, points), at least ten in a screen. */
export const compact = style({});

globalStyle(`${compact} th, ${compact} td`, {
  paddingBlock: vars.space['2xs'],
  paddingInline: vars.space.xs,
});
globalStyle(`${compact} tr > :first-child`, { paddingInlineStart: vars.space.sm });
globalStyle(`${compact} tr > :last-child`, { paddingInlineEnd: vars.space.sm });
globalStyle(`${compact} tr[data-detail] > td`, { padding: `${vars.space.xs} ${vars.space.sm} ${vars.space.sm}` });

/** A row that opens its details when tapped. */
export const tappable = style({ cursor: 'pointer' });

/** The member's name, the row's disclosure button on a phone: the whole cell, a touch target. */
export const memberToggle = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.xs,
  width: '100%',
  minHeight: vars.touchTarget,
  padding: 0,
  border: 'none',
  background: 'none',
  color: 'inherit',
  font: 'inherit',
  fontWeight: vars.fontWeight.semibold,
  textAlign: 'start',
  overflowWrap: 'anywhere',
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
      borderRadius: vars.radius.sm,
    },
  },
});

export const chevron = style({ flexShrink: 0, color: vars.color.textMuted, transition: 'transform 120ms ease' });
export const chevronOpen = style([chevron, { transform: 'rotate(180deg)' }]);

/** The points button: a touch target on a phone. */
export const pointsButton = style({});
globalStyle(`${compact} ${pointsButton}`, { minHeight: vars.touchTarget, minWidth: vars.touchTarget });

export const details = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
});

export const detailName = style({ margin: 0, fontWeight: vars.fontWeight.semibold });

export const detailList = style({ display: 'grid', gap: vars.space['2xs'], margin: 0 });
globalStyle(`${detailList} > div`, { display: 'flex', gap: vars.space.sm });
globalStyle(`${detailList} dt`, {
  minWidth: '4.5rem',
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.semibold,
});
globalStyle(`${detailList} dd`, { margin: 0 });

export const sortBar = style({
  margin: 0,
  padding: 0,
  border: 'none',
  minWidth: 0,
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space.xs,
});

export const sortLabel = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.05em',
  textTransform: 'uppercase',
});

export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: vars.touchTarget,
  paddingInline: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.color.primarySubtle,
      borderColor: vars.color.primary,
      color: vars.color.primaryText,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const sortArrow = style({ fontSize: vars.fontSize.xs });
