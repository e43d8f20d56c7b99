import { media, vars } from '@fantasy-cricket/ui';
import { globalStyle, style } from '@vanilla-extract/css';

/** All Selections: one block per member, each with a row per pick. Values from the theme contract. */

export const members = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const member = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });

export const memberHeading = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  overflowWrap: 'anywhere',
});

export const tally = style({ marginInlineStart: 'auto' });

export const results = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceSunken,
});

export const resultsHeading = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold });

export const resultList = style({ display: 'grid', gap: vars.space['2xs'], margin: 0, fontSize: vars.fontSize.sm });
globalStyle(`${resultList} > div`, {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
  gap: vars.space.sm,
});
globalStyle(`${resultList} dt`, { color: vars.color.textMuted });
globalStyle(`${resultList} dd`, { margin: 0, fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });

/** Tighter cells, so a pick is one line on a phone. */
export const compact = style({});
globalStyle(`${compact} th, ${compact} td`, { paddingBlock: vars.space.sm });
globalStyle(`${compact} th[scope="row"]`, { fontWeight: vars.fontWeight.regular, color: vars.color.textMuted });

/** On a phone each member's table keeps its header for screen readers only (the columns are plain). */
globalStyle(`${compact} thead`, {
  '@media': {
    [media.belowSm]: {
      position: 'absolute',
      width: 1,
      height: 1,
      overflow: 'hidden',
      clip: 'rect(0, 0, 0, 0)',
      whiteSpace: 'nowrap',
    },
  },
});

/** Read by screen readers (a heading of the outline), not shown. */
export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
