import { vars } from '@fantasy-cricket/ui';
import { style } from '@vanilla-extract/css';

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const inlineActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginTop: `calc(-1 * ${vars.space.xs})`,
});
