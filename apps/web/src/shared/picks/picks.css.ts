import { vars } from '@fantasy-cricket/ui';
import { style, styleVariants } from '@vanilla-extract/css';

/** Shared bits of the selections screens. */

export const badgeBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2xs'],
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.xs,
  lineHeight: 1.6,
  whiteSpace: 'nowrap',
  verticalAlign: 'middle',
});

export const badge = styleVariants({
  neutral: [badgeBase],
  auto: [
    badgeBase,
    { background: vars.color.primarySubtle, borderColor: vars.color.primary, color: vars.color.primaryText },
  ],
  match: [
    badgeBase,
    { background: vars.color.successBg, borderColor: vars.color.successBorder, color: vars.color.successFg },
  ],
  break: [
    badgeBase,
    { background: vars.color.errorBg, borderColor: vars.color.errorBorder, color: vars.color.errorFg },
  ],
});

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });

/** DataTable's hidden caption is absolutely positioned: keep it inside the scroll container. */
export const table = style({ position: 'relative', maxWidth: '100%' });

export const cellStack = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs });

export const muted = style({ color: vars.color.textMuted });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, justifyContent: 'flex-end' });

/**
 * A Selection dropdown inside a grid cell. A fixed width (not min/max): a table sizes its columns from
 * their content, and the trigger's unwrapped text would otherwise widen the table past a phone screen.
 */
export const rowSelect = style({ width: 'clamp(8rem, calc(100vw - 15rem), 22rem)' });

export const nameButton = style({
  background: 'none',
  border: 'none',
  padding: 0,
  font: 'inherit',
  color: 'inherit',
  textAlign: 'start',
  textDecoration: 'underline dotted',
  textUnderlineOffset: '3px',
  cursor: 'help',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' } },
});

export const filter = style({ maxWidth: '24rem' });

/** A plain note above a table (e.g. why others' picks are hidden). */
export const note = style({
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.infoBorder}`,
  background: vars.color.infoBg,
  color: vars.color.infoFg,
  fontSize: vars.fontSize.sm,
});
