import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const mark = style({
  backgroundColor: vars.color.highlight,
  color: vars.color.onHighlight,
  borderRadius: vars.radius.sm,
  paddingInline: '0.1em',
  marginInline: '-0.1em',
  boxDecorationBreak: 'clone',
  WebkitBoxDecorationBreak: 'clone',
});
