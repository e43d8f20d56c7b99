import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

const fadeIn = keyframes({ from: { opacity: 0, transform: 'scale(0.96)' }, to: { opacity: 1, transform: 'scale(1)' } });

export const content = style({
  zIndex: vars.zIndex.tooltip,
  maxWidth: 280,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.text,
  color: vars.color.surfaceRaised,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.snug,
  boxShadow: vars.shadow.md,
  transformOrigin: 'var(--radix-tooltip-content-transform-origin)',
  animation: `${fadeIn} 120ms ease-out`,
  userSelect: 'none',
});

export const arrow = style({ fill: vars.color.text });
