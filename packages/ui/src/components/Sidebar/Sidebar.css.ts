import { keyframes, style } from '@vanilla-extract/css';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../_internal/focus';
import { HEADER_HEIGHT, SIDEBAR_WIDTH } from '../AppShell/shell';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.drawer,
  backgroundColor: vars.color.backdrop,
  animation: `${fadeIn} 150ms ease-out`,
  '@media': { [media.md]: { display: 'none' } },
});

export const nav = style({
  display: 'flex',
  flexDirection: 'column',
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  outline: 'none',
  // Small screens: an off-canvas drawer.
  position: 'fixed',
  top: 0,
  bottom: 0,
  left: 0,
  zIndex: vars.zIndex.drawer,
  width: `min(${SIDEBAR_WIDTH + 32}px, 86vw)`,
  boxShadow: vars.shadow.lg,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  transform: 'translateX(-105%)',
  visibility: 'hidden',
  transition: `transform ${vars.transition.normal}, visibility 0s linear 200ms`,
  selectors: {
    '&[data-state="open"]': {
      transform: 'translateX(0)',
      visibility: 'visible',
      transition: `transform ${vars.transition.normal}, visibility 0s`,
    },
  },
  '@media': {
    [media.md]: {
      position: 'sticky',
      top: HEADER_HEIGHT,
      bottom: 'auto',
      zIndex: 'auto',
      width: '100%',
      height: `calc(100vh - ${HEADER_HEIGHT}px)`,
      transform: 'none',
      visibility: 'visible',
      transition: 'none',
      boxShadow: 'none',
      borderInlineEnd: `1px solid ${vars.color.border}`,
    },
  },
});

export const drawerHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.md} ${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [media.md]: { display: 'none' } },
});

export const drawerTitle = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: vars.color.textMuted,
});

export const close = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.touchTarget,
  height: vars.touchTarget,
  border: 'none',
  borderRadius: vars.radius.pill,
  backgroundColor: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceHover, color: vars.color.text },
    '&:focus-visible': focusRing,
  },
});

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2xs'],
  padding: vars.space.md,
  '@media': { [media.md]: { paddingBlock: vars.space.lg } },
});
