import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const root = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.errorBorder}`,
  borderInlineStartWidth: 4,
  backgroundColor: vars.color.errorBg,
  color: vars.color.errorFg,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.snug,
});

export const icon = style({ marginTop: '0.05em' });
export const message = style({ margin: 0 });
export const list = style({ margin: 0, paddingInlineStart: vars.space.lg });
