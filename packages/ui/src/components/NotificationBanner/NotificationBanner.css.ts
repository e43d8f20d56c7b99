import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';
import { HEADER_HEIGHT } from '../AppShell/shell';
import { focusRing } from '../_internal/focus';

const slideIn = keyframes({
  from: { opacity: 0, transform: 'translate(-50%, -12px)' },
  to: { opacity: 1, transform: 'translate(-50%, 0)' },
});
const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const banner = recipe({
  base: {
    position: 'fixed',
    // Below the sticky header (64px) and the notch: never over the header or its menu button.
    top: `calc(env(safe-area-inset-top, 0px) + ${HEADER_HEIGHT}px + ${vars.space.sm})`,
    left: '50%',
    transform: 'translateX(-50%)',
    zIndex: vars.zIndex.toast,
    width: `min(640px, calc(100vw - 2 * ${vars.space.md}))`,
    display: 'flex',
    alignItems: 'flex-start',
    gap: vars.space.md,
    padding: `${vars.space.md} ${vars.space.sm} ${vars.space.md} ${vars.space.lg}`,
    borderRadius: vars.radius.lg,
    border: '1px solid',
    borderInlineStartWidth: 6,
    boxShadow: vars.shadow.lg,
    fontSize: vars.fontSize.md,
    fontWeight: vars.fontWeight.medium,
    lineHeight: vars.lineHeight.snug,
    animation: `${slideIn} 200ms cubic-bezier(0.2, 0.8, 0.2, 1)`,
    selectors: {
      // Moved to the bottom edge (safe-area aware) so it does not cover the control just used.
      '&[data-placement="bottom"]': {
        top: 'auto',
        bottom: `calc(env(safe-area-inset-bottom, 0px) + ${vars.space.md})`,
      },
      // Inside an open Modal: in the flow under the title bar, covering nothing.
      '&[data-placement="dialog"]': {
        position: 'static',
        transform: 'none',
        width: 'auto',
        margin: `${vars.space.sm} ${vars.space.md} 0`,
        boxShadow: vars.shadow.sm,
        animation: `${fadeIn} 150ms ease-out`,
      },
    },
  },
  variants: {
    kind: {
      success: {
        backgroundColor: vars.color.successBg,
        color: vars.color.successFg,
        borderColor: vars.color.successBorder,
      },
      error: { backgroundColor: vars.color.errorBg, color: vars.color.errorFg, borderColor: vars.color.errorBorder },
      info: { backgroundColor: vars.color.infoBg, color: vars.color.infoFg, borderColor: vars.color.infoBorder },
    },
  },
  defaultVariants: { kind: 'info' },
});

export const icon = style({ marginTop: 1 });

export const message = style({ flex: '1 1 auto', margin: 0, paddingBlock: 1, minWidth: 0, overflowWrap: 'anywhere' });

export const close = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  // A touch target (`vars.touchTarget`, 44px); the negative margins keep the banner compact.
  width: vars.touchTarget,
  height: vars.touchTarget,
  marginBlock: -10,
  border: 'none',
  borderRadius: vars.radius.pill,
  backgroundColor: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: `color-mix(in srgb, currentColor 12%, transparent)` },
    '&:focus-visible': focusRing,
  },
});
