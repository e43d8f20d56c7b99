import { keyframes, style } from '@vanilla-extract/css';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../_internal/focus';

const fadeIn = keyframes({ from: { opacity: 0, transform: 'scale(0.96)' }, to: { opacity: 1, transform: 'scale(1)' } });

export const content = style({
  zIndex: vars.zIndex.tooltip,
  maxWidth: 'min(320px, calc(100vw - 16px))',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.snug,
  boxShadow: vars.shadow.md,
  transformOrigin: 'var(--radix-popover-content-transform-origin)',
  animation: `${fadeIn} 120ms ease-out`,
  outline: 'none',
  selectors: { '&:focus-visible': focusRing },
});

export const arrow = style({ fill: vars.color.surfaceRaised, stroke: vars.color.border });

/** The default trigger: a round "i" button, 32px with a mouse and a touch target (`vars.touchTarget`) on touch screens. */
export const infoButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: 32,
  height: 32,
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.pill,
  backgroundColor: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  verticalAlign: 'middle',
  transition: `background-color ${vars.transition.fast}, color ${vars.transition.fast}`,
  '@media': { [media.touch]: { width: vars.touchTarget, height: vars.touchTarget } },
  selectors: {
    '&:hover, &[data-state="open"]': { backgroundColor: vars.color.surfaceHover, color: vars.color.text },
    '&:focus-visible': focusRing,
  },
});
