import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const step = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space['2xs']} ${vars.space.sm} ${vars.space['2xs']} ${vars.space['2xs']}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.snug,
  selectors: {
    '&[data-state="current"]': {
      background: vars.color.primarySubtle,
      borderColor: vars.color.primary,
      color: vars.color.primaryText,
      fontWeight: vars.fontWeight.semibold,
    },
    '&[data-state="complete"]': {
      color: vars.color.text,
    },
  },
});

export const marker = style({
  display: 'inline-grid',
  placeItems: 'center',
  flexShrink: 0,
  width: '1.5rem',
  height: '1.5rem',
  borderRadius: '50%',
  border: '1px solid currentColor',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  selectors: {
    [`${step}[data-state="complete"] &`]: {
      background: vars.color.primary,
      borderColor: vars.color.primary,
      color: vars.color.onPrimary,
    },
  },
});
