import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../_internal/focus';

export const root = style({
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  transition: `box-shadow ${vars.transition.fast}, border-color ${vars.transition.fast}`,
  selectors: {
    '&[data-state="open"]': { boxShadow: vars.shadow.md, borderColor: vars.color.primary },
  },
});

export const heading = style({ margin: 0, fontSize: 'inherit', fontWeight: 'inherit' });

export const trigger = style({
  display: 'flex',
  width: '100%',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  minHeight: 56,
  border: 'none',
  borderRadius: vars.radius.lg,
  backgroundColor: 'transparent',
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.snug,
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceHover },
    '&:focus-visible': focusRing,
  },
});

export const chevron = style({
  flexShrink: 0,
  color: vars.color.primaryText,
  transition: `transform ${vars.transition.normal}`,
  selectors: { [`${trigger}[aria-expanded="true"] &`]: { transform: 'rotate(180deg)' } },
});

export const panel = style({
  padding: `0 ${vars.space.lg} ${vars.space.lg}`,
  color: vars.color.textMuted,
  lineHeight: vars.lineHeight.relaxed,
  whiteSpace: 'pre-line',
});

export const answer = style({ margin: 0, color: vars.color.text });
