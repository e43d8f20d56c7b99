import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const section = style({ display: 'grid', gap: vars.space.lg, marginBottom: vars.space['2xl'] });
export const grid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
});
export const swatch = style({
  display: 'grid',
  gridTemplateRows: '72px auto',
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
});
export const chip = style({ borderBottom: `1px solid ${vars.color.border}` });
export const swatchMeta = style({
  display: 'grid',
  gap: 2,
  padding: `${vars.space.sm} ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
});
export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.xs, color: vars.color.textMuted });
export const row = style({ display: 'flex', alignItems: 'center', gap: vars.space.lg, flexWrap: 'wrap' });
export const label = style({
  width: 120,
  flexShrink: 0,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
export const bar = style({ height: 16, borderRadius: vars.radius.sm, backgroundColor: vars.color.primary });
export const radiusBox = style({
  width: 88,
  height: 64,
  backgroundColor: vars.color.primarySubtle,
  border: `2px solid ${vars.color.primary}`,
});
export const shadowBox = style({
  width: 140,
  height: 80,
  display: 'grid',
  placeItems: 'center',
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceRaised,
  fontSize: vars.fontSize.sm,
});
export const touchBox = style({
  width: vars.touchTarget,
  height: vars.touchTarget,
  display: 'grid',
  placeItems: 'center',
  borderRadius: vars.radius.md,
  border: `2px dashed ${vars.color.primary}`,
  color: vars.color.primaryText,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
});
