import { vars } from '@fantasy-cricket/ui';
import { style } from '@vanilla-extract/css';

export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, margin: 0, padding: 0 });

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.xs,
  listStyle: 'none',
  paddingBlock: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const name = style({ fontWeight: vars.fontWeight.medium, minWidth: 0, overflowWrap: 'anywhere' });

export const meta = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs });

export const countdown = style({
  fontVariantNumeric: 'tabular-nums',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});
