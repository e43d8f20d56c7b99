import { vars } from '@fantasy-cricket/ui';
import { style } from '@vanilla-extract/css';

/** A team's code with its colour as a swatch (the colour never carries text, so it reads on any theme). */
export const code = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2xs'],
  padding: `0 ${vars.space.xs}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1.6,
  letterSpacing: '0.02em',
  whiteSpace: 'nowrap',
});

export const swatch = style({
  display: 'inline-block',
  width: '0.75em',
  height: '0.75em',
  borderRadius: '50%',
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surfaceSunken,
  flexShrink: 0,
});
