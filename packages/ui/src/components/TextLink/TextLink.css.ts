import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../_internal/focus';

export const link = style({
  color: vars.color.link,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'underline',
  textDecorationThickness: '1px',
  textUnderlineOffset: '0.2em',
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  transition: `color ${vars.transition.fast}`,
  selectors: {
    '&:hover': { color: vars.color.linkHover, textDecorationThickness: '2px' },
    '&:focus-visible': focusRing,
  },
});
