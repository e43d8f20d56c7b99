import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const root = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: '1px solid',
  borderInlineStartWidth: 4,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.snug,
});

export const kind = styleVariants({
  success: {
    backgroundColor: vars.color.successBg,
    color: vars.color.successFg,
    borderColor: vars.color.successBorder,
  },
  info: { backgroundColor: vars.color.infoBg, color: vars.color.infoFg, borderColor: vars.color.infoBorder },
});

export const icon = style({ flexShrink: 0, marginTop: '0.05em' });
export const message = style({ margin: 0 });
