import { vars } from '@fantasy-cricket/ui';
import { style } from '@vanilla-extract/css';

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const address = style({
  fontStyle: 'normal',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  lineHeight: vars.lineHeight.relaxed,
});

export const lines = style({
  display: 'flex',
  flexDirection: 'column',
});
