import { media, vars } from '@fantasy-cricket/ui';
import { style, styleVariants } from '@vanilla-extract/css';

/** A column of blocks (cards, forms, tables) with the scale's gap. */
export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

/** Controls side by side, wrapping on phones. */
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'flex-end' });

/** Buttons at the end of a block; full width lines on phones keep every action in view. */
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
});

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.xs,
  whiteSpace: 'nowrap',
});

export const tone = styleVariants({
  good: { background: vars.color.successBg, color: vars.color.successFg, borderColor: vars.color.successBorder },
  bad: { background: vars.color.errorBg, color: vars.color.errorFg, borderColor: vars.color.errorBorder },
  warn: { background: vars.color.warningBg, color: vars.color.warningFg, borderColor: vars.color.warningBorder },
  info: { background: vars.color.infoBg, color: vars.color.infoFg, borderColor: vars.color.infoBorder },
  quiet: { background: vars.color.surfaceSunken, color: vars.color.textMuted },
});

/** Counts of a report: small label–number pairs that wrap. */
export const counts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** Long values (file names, JSON paths, emails, URLs) break rather than widen the table on phones. */
export const breakAnywhere = style({ overflowWrap: 'anywhere', minWidth: '6rem' });

export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.xs, overflowWrap: 'anywhere' });

export const cellStack = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2xs'] });

/** A before/after pair of the audit log: JSON in a scrollable, wrapping block. */
export const json = style({
  margin: 0,
  padding: vars.space.xs,
  maxHeight: '16rem',
  overflow: 'auto',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceSunken,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

export const details = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const summary = style({
  cursor: 'pointer',
  minHeight: vars.touchTarget,
  display: 'flex',
  alignItems: 'center',
  color: vars.color.link,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' } },
});

/** Many short choices (checkboxes): one column on phones, two from the kit's `sm` breakpoint. */
export const choices = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.sm,
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const fileInput = style({
  font: 'inherit',
  maxWidth: '100%',
  minHeight: vars.touchTarget,
  selectors: {
    '&::file-selector-button': {
      font: 'inherit',
      minHeight: vars.touchTarget,
      marginInlineEnd: vars.space.sm,
      padding: `0 ${vars.space.md}`,
      borderRadius: vars.radius.md,
      border: `1px solid ${vars.color.borderStrong}`,
      background: vars.color.surfaceRaised,
      color: vars.color.text,
      cursor: 'pointer',
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const label = style({ fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.sm });

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2xs'] });

export const radios = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  border: 'none',
  margin: 0,
  padding: 0,
});

export const radio = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: vars.touchTarget,
});

export const numberInput = style({ width: '7rem' });

export const pager = style({
  display: 'flex',
  gap: vars.space.sm,
  justifyContent: 'space-between',
  alignItems: 'center',
  flexWrap: 'wrap',
});

export const fieldset = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  border: 'none',
  margin: 0,
  padding: 0,
  minWidth: 0,
});

export const nowrap = style({ whiteSpace: 'nowrap' });

/** A picker that does not need the card's whole width (the season of the Results screen). */
export const picker = style({ maxWidth: '22rem' });

/** The hours of Data health: room for its hint beside the button. */
export const hoursField = style({ flex: '1 1 14rem', maxWidth: '24rem' });

/** Number fields of a settings form: one column on phones, two from 600px. */
export const settingsGrid = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.sm,
  '@media': { 'screen and (min-width: 600px)': { gridTemplateColumns: '1fr 1fr' } },
});
