import { vars } from '@fantasy-cricket/ui';
import { style } from '@vanilla-extract/css';

export const toggle = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  border: 'none',
  margin: 0,
  padding: 0,
});

/** The group's name for screen readers only. */
export const legend = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

/** The next step after a join (make the picks, or wait for the admin): one tap. */
export const nextStep = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.successBg,
  color: vars.color.successFg,
  border: `1px solid ${vars.color.successBorder}`,
});
