import { vars } from '@fantasy-cricket/ui';
import { style } from '@vanilla-extract/css';

export const lineup = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });

export const line = style({ margin: 0, fontSize: vars.fontSize.sm });

export const summary = style({
  cursor: 'pointer',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  minHeight: '44px',
  display: 'flex',
  alignItems: 'center',
});

/** The two XIs: one column on phones, side by side from 600px. */
export const teams = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.sm,
  '@media': { 'screen and (min-width: 600px)': { gridTemplateColumns: '1fr 1fr' } },
});

export const team = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2xs'], minWidth: 0 });

export const teamName = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });

export const players = style({
  margin: 0,
  paddingLeft: vars.space.lg,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const muted = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});
