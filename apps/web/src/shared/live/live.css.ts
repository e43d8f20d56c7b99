import { vars } from '@fantasy-cricket/ui';
import { keyframes, style, styleVariants } from '@vanilla-extract/css';

/** Live pieces shared by the Match Centre, Home, Leaderboard and My Selections. Values from the theme contract. */

const pulse = keyframes({ '0%': { opacity: 1 }, '50%': { opacity: 0.35 }, '100%': { opacity: 1 } });

const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2xs'],
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  border: '1px solid',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: 1.7,
  whiteSpace: 'nowrap',
});

export const state = styleVariants({
  live: [chip, { background: vars.color.errorBg, color: vars.color.errorFg, borderColor: vars.color.errorBorder }],
  silent: [
    chip,
    { background: vars.color.warningBg, color: vars.color.warningFg, borderColor: vars.color.warningBorder },
  ],
  upcoming: [chip, { background: vars.color.infoBg, color: vars.color.infoFg, borderColor: vars.color.infoBorder }],
  completed: [
    chip,
    { background: vars.color.surfaceSunken, color: vars.color.textMuted, borderColor: vars.color.border },
  ],
});

export const provisional = style([
  chip,
  { background: vars.color.accentSubtle, color: vars.color.text, borderColor: vars.color.accent, fontStyle: 'italic' },
]);

export const dot = style({
  width: '0.5rem',
  height: '0.5rem',
  borderRadius: vars.radius.pill,
  background: 'currentColor',
  '@media': { '(prefers-reduced-motion: no-preference)': { animation: `${pulse} 1.4s ease-in-out infinite` } },
});

export const countdown = style({ fontVariantNumeric: 'tabular-nums', fontWeight: vars.fontWeight.semibold });

const flash = keyframes({ '0%': { background: vars.color.highlight }, '100%': { background: 'transparent' } });
/** A value that just changed: a short highlight (none with reduced motion). */
export const changed = style({
  borderRadius: vars.radius.sm,
  '@media': { '(prefers-reduced-motion: no-preference)': { animation: `${flash} 1.6s ease-out` } },
});
