import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
});

export const label = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  color: vars.color.textMuted,
});

export const content = style({
  minHeight: 90,
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  selectors: {
    '&:empty': {
      border: `1px dashed ${vars.color.borderStrong}`,
      backgroundColor: vars.color.surfaceSunken,
    },
  },
});
