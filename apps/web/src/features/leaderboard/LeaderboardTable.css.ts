import { vars } from '@fantasy-cricket/ui';
import { style, styleVariants } from '@vanilla-extract/css';

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

/** Shown only on a phone, where its column is folded away. */

export const rankCell = style({
  display: 'inline-flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['2xs'],
});
