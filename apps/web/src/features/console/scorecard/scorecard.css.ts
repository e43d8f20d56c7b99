import { media, vars } from '@fantasy-cricket/ui';
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';

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

/**
 * A batter: on phones the name, how out, the bowler, the fielders, the figures four to a line, then
 * Remove; from `md` the name and figures on one line and the dismissal under them, as a printed
 * scorecard reads.
 */
export const battingRow = style({
  ...rowBase,
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gridTemplateAreas: `"player player player player" "howout howout howout howout" "bowler bowler bowler bowler" "fielders fielders fielders fielders" "runs balls fours sixes" "message message message message" "remove remove remove remove"`,
  '@media': {
    [media.md]: {
      gridTemplateColumns: 'repeat(3, minmax(0, 1fr)) repeat(4, 4.25rem) auto',
      gridTemplateAreas: `"player player player runs balls fours sixes remove" "howout bowler fielders fielders fielders fielders fielders fielders" "message message message message message message message message"`,
    },
  },
});

/** A bowler: on phones the name, the six figures three to a line, then Remove; from `md` one line. */
export const bowlingRow = style({
  ...rowBase,
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gridTemplateAreas: `"player player player" "overs maidens runs" "wickets wides noBalls" "message message message" "remove remove remove"`,
  '@media': {
    [media.md]: {
      gridTemplateColumns: 'minmax(0, 1fr) repeat(6, 4.25rem) auto',
      gridTemplateAreas: `"player overs maidens runs wickets wides noBalls remove" "message message message message message message message message"`,
    },
  },
});

/** Where each part of a row goes (the areas of battingRow and bowlingRow). */
export const area = styleVariants(
  {
    player: 'player',
    remove: 'remove',
    howout: 'howout',
    bowler: 'bowler',
    fielders: 'fielders',
    runs: 'runs',
    balls: 'balls',
    fours: 'fours',
    sixes: 'sixes',
    overs: 'overs',
    maidens: 'maidens',
    wickets: 'wickets',
    wides: 'wides',
    noBalls: 'noBalls',
    message: 'message',
  },
  (name) => ({ gridArea: name, minWidth: 0 }),
);

/** The fielders of a dismissal: one picker, or a run out's two side by side from `sm`. */
export const fielders = style({
  display: 'grid',
  gap: vars.space.xs,
  gridTemplateColumns: '1fr',
  minWidth: 0,
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const removeButton = style({ alignSelf: 'end', justifySelf: 'end' });

/** Extras and totals: five and three small number fields that wrap. */
export const numbers = style({
  display: 'grid',
  gap: vars.space.xs,
  gridTemplateColumns: 'repeat(auto-fill, minmax(5.5rem, 1fr))',
  alignItems: 'start',
});

/** The printed total: three fields with room for what the server says about them. */
export const totals = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
  alignItems: 'start',
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
  gridTemplateColumns: 'repeat(auto-fill, minmax(8rem, 1fr))',
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
  alignItems: 'start',
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

/** A problem in the summary: a link to its field (it takes the focus there). */
export const problemLink = style({
  color: vars.color.link,
  textDecoration: 'underline',
  overflowWrap: 'anywhere',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' } },
});

export const paste = style({});
globalStyle(`${paste} textarea`, { fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, minHeight: '8rem' });

export const sums = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  margin: 0,
  overflowWrap: 'anywhere',
});

export const stackBlock = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });

export const subheading = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });
