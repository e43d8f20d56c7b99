import { vars } from '@fantasy-cricket/ui';
import { style } from '@vanilla-extract/css';

export const card = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'start',
  gap: `${vars.space['2xs']} ${vars.space.sm}`,
  minWidth: 0,
  textAlign: 'start',
});

export const who = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs, minWidth: 0 });

export const name = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });

export const season = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  fontVariantNumeric: 'tabular-nums',
  lineHeight: vars.lineHeight.tight,
});

export const seasonValue = style({ fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.lg });

export const small = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const details = style({
  gridColumn: '1 / -1',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space['2xs']} ${vars.space.sm}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const lastThree = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2xs'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontVariantNumeric: 'tabular-nums',
});

export const point = style({
  minWidth: '2.25em',
  padding: `0 ${vars.space['2xs']}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceSunken,
  color: vars.color.text,
  textAlign: 'center',
});

export const srOnly = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
