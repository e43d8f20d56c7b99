import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const text = style({ margin: 0 });

export const message = style({
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
});
