import { vars } from '@fantasy-cricket/ui';
import { style } from '@vanilla-extract/css';

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const preferences = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  border: 0,
});

export const legend = style({
  padding: 0,
  marginBottom: vars.space.xs,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const helper = style({
  margin: 0,
  marginInlineStart: '1.75rem',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingTop: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
});

export const promo = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: `linear-gradient(150deg, ${vars.color.primarySubtle}, ${vars.color.accentSubtle})`,
  color: vars.color.text,
});

export const promoTitle = style({
  margin: 0,
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const loading = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
