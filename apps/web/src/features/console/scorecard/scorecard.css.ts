import { media, vars } from '@fantasy-cricket/ui';
import { style } from '@vanilla-extract/css';

/**
 * The scorecard form, phone first: a batting or bowling row is a small card whose fields wrap into
 * a grid (the player on its own line, the figures four or three to a line); from the kit's `md`
 * width a row is one line of a table.
 */

const rowBase = {
  display: 'grid',
  gap: vars.space.xs,
  alignItems: 'end',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  minWidth: 0,
} as const;

export const battingRow = style({
  ...rowBase,
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  '@media': {
    [media.md]: {
      gridTemplateColumns:
        'minmax(9rem, 2fr) minmax(8rem, 1.5fr) minmax(8rem, 1.5fr) minmax(8rem, 1.6fr) repeat(4, minmax(3.5rem, 4.25rem)) auto',
    },
  },
});

export const bowlingRow = style({
  ...rowBase,
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  '@media': {
    [media.md]: { gridTemplateColumns: 'minmax(10rem, 2.5fr) repeat(6, minmax(3.5rem, 4.5rem)) auto' },
  },
});

/** A cell that takes the whole row on phones (the player, the dismissal, the bowler, the fielders). */
export const wide = style({
  gridColumn: '1 / -1',
  minWidth: 0,
  '@media': { [media.md]: { gridColumn: 'auto' } },
});

/** Keeps a wide screen's columns in line where a dismissal names no bowler or fielder; nothing on phones. */
export const spacer = style({ display: 'none', '@media': { [media.md]: { display: 'block' } } });

/** The fielders of a run out: two pickers side by side or stacked. */
export const fielders = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });

/** The remove button: at the row's end on phones, in its own column on wide screens. */
export const rowAction = style({
  gridColumn: '1 / -1',
  justifySelf: 'end',
  '@media': { [media.md]: { gridColumn: 'auto', alignSelf: 'end' } },
});

/** Extras and totals: five and three small number fields that wrap. */
export const numbers = style({
  display: 'grid',
  gap: vars.space.xs,
  gridTemplateColumns: 'repeat(auto-fill, minmax(5.5rem, 1fr))',
  alignItems: 'end',
});

export const rows = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** A team's squad as checkboxes, as many to a line as fit. */
export const squad = style({
  display: 'grid',
  gap: `0 ${vars.space.sm}`,
  gridTemplateColumns: 'repeat(auto-fill, minmax(9.5rem, 1fr))',
  margin: 0,
  padding: 0,
  border: 'none',
  minWidth: 0,
});

export const legend = style({ fontWeight: vars.fontWeight.semibold, marginBottom: vars.space.xs, padding: 0 });

/** Two or three pickers side by side from `sm`, stacked on phones. */
export const pair = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: '1fr',
  alignItems: 'end',
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))' } },
});

export const problem = style({ color: vars.color.errorFg, fontSize: vars.fontSize.sm, margin: 0 });

export const problems = style({
  margin: 0,
  paddingInlineStart: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2xs'],
});

/** A problem in the summary: a link-like button that takes the focus to its field. */
export const problemLink = style({
  all: 'unset',
  cursor: 'pointer',
  color: vars.color.link,
  textDecoration: 'underline',
  overflowWrap: 'anywhere',
  minHeight: '1.5rem',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' } },
});

export const paste = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, minHeight: '8rem' });

export const sums = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  margin: 0,
  overflowWrap: 'anywhere',
});

export const stackBlock = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });

export const subheading = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });
