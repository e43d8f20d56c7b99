import { media, vars } from '@fantasy-cricket/ui';
import { keyframes, style } from '@vanilla-extract/css';

/**
 * Home's sections, top to bottom. The column is at least a screen tall, so the footer starts below
 * the fold while the sections load and is never pushed down under the reader's eyes.
 */
export const sections = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  minHeight: '100dvh',
});

// ---- the player's leagues ----

export const leagueList = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [media.lg]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

/** One league: name and type on the left, rank and points on the right, then its next step. */
export const league = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignContent: 'start',
  columnGap: vars.space.md,
  rowGap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceSunken,
  // Room for the name, the type line and one line of next step: a skeleton row has the same height.
  minHeight: '7.5rem',
});

export const leagueHead = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2xs'], minWidth: 0 });

export const leagueName = style({
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  overflowWrap: 'anywhere',
  textDecoration: 'none',
  selectors: {
    'a&': { textDecoration: 'underline', textDecorationThickness: '1px', textUnderlineOffset: '3px' },
    'a&:hover': { textDecorationThickness: '2px' },
    'a&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const rank = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  textAlign: 'end',
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
});

export const rankNumber = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold, lineHeight: 1.1 });

export const rankNote = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/**
 * The league's next step (picks, approval, live match): the full width under the head. Its text is
 * a column whose width never depends on its content, and a countdown sits on its own line, so the
 * ticking clock never re-wraps the lines (nothing moves while the player reads).
 */
export const step = style({
  gridColumn: '1 / -1',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  '@media': { [media.sm]: { flexDirection: 'row', alignItems: 'center', gap: vars.space.sm } },
});

export const stepText = style({
  flex: '1 1 0',
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  fontSize: vars.fontSize.sm,
});

/** A live match of the league: chip, teams and the Match Centre on one line where they fit. */
export const liveStep = style({
  gridColumn: '1 / -1',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space.sm,
  rowGap: vars.space.xs,
  fontSize: vars.fontSize.sm,
});

export const countdown = style({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });

export const done = style({ color: vars.color.successFg, fontWeight: vars.fontWeight.semibold });

/** The next lock, above the leagues: the countdown on a line of its own, then what and where. */
export const lock = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2xs'],
  margin: 0,
  marginBottom: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.warningBorder}`,
  background: vars.color.warningBg,
  color: vars.color.warningFg,
});

export const lockQuiet = style([
  lock,
  { borderColor: vars.color.border, background: vars.color.surfaceSunken, color: vars.color.text },
]);

export const firstStep = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

// ---- skeletons: grey blocks where content will be, of its size ----

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.55 } });

export const bone = style({
  display: 'block',
  borderRadius: vars.radius.sm,
  background: vars.color.border,
  animation: `${pulse} 1.6s ease-in-out infinite`,
  '@media': { [media.reducedMotion]: { animation: 'none' } },
});

/** Text read by screen readers only (what is loading). */
export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

// ---- one-tap join of a Daily Challenge ----

export const quickJoin = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const quickName = style({ maxWidth: '24rem' });

export const challengeCell = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space.sm,
  rowGap: vars.space.xs,
});

/** On a phone the name takes its own line; the two ways to join sit side by side under it. */
export const challengeName = style({
  flex: '1 1 10rem',
  minWidth: 0,
  overflowWrap: 'anywhere',
  '@media': { [media.belowSm]: { flexBasis: '100%' } },
});

export const joined = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.successBg,
  color: vars.color.successFg,
  border: `1px solid ${vars.color.successBorder}`,
});
