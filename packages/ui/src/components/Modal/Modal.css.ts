import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../_internal/focus';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const popIn = keyframes({
  from: { opacity: 0, transform: 'translate(-50%, -48%) scale(0.97)' },
  to: { opacity: 1, transform: 'translate(-50%, -50%) scale(1)' },
});
const slideUp = keyframes({
  from: { opacity: 0, transform: 'translateY(24px)' },
  to: { opacity: 1, transform: 'translateY(0)' },
});

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.overlay,
  backgroundColor: vars.color.backdrop,
  backdropFilter: 'blur(2px)',
  animation: `${fadeIn} 150ms ease-out`,
});

export const content = recipe({
  base: {
    position: 'fixed',
    zIndex: vars.zIndex.modal,
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: vars.color.surfaceRaised,
    color: vars.color.text,
    boxShadow: vars.shadow.lg,
    outline: 'none',
    // Mobile first: a full-height sheet, clear of the notch and the home indicator.
    inset: 0,
    width: '100%',
    height: '100%',
    maxHeight: '100dvh',
    borderRadius: 0,
    paddingTop: 'env(safe-area-inset-top, 0px)',
    paddingLeft: 'env(safe-area-inset-left, 0px)',
    paddingRight: 'env(safe-area-inset-right, 0px)',
    animation: `${slideUp} 180ms ease-out`,
    '@media': {
      [media.sm]: {
        inset: 'auto',
        top: '50%',
        left: '50%',
        transform: 'translate(-50%, -50%)',
        width: 'calc(100vw - 2rem)',
        height: 'auto',
        maxHeight: 'calc(100dvh - 4rem)',
        borderRadius: vars.radius.lg,
        border: `1px solid ${vars.color.border}`,
        padding: 0,
        animation: `${popIn} 180ms cubic-bezier(0.2, 0.8, 0.2, 1)`,
      },
    },
  },
  variants: {
    size: {
      sm: { '@media': { [media.sm]: { maxWidth: 420 } } },
      md: { '@media': { [media.sm]: { maxWidth: 560 } } },
      lg: { '@media': { [media.sm]: { maxWidth: 760 } } },
      xl: { '@media': { [media.sm]: { maxWidth: 1040 } } },
    },
  },
  defaultVariants: { size: 'md' },
});

export type ModalVariants = NonNullable<RecipeVariants<typeof content>>;

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.lg,
  padding: `${vars.space.md} ${vars.space.sm} ${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': {
    [media.sm]: { padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.md} ${vars.space.xl}` },
  },
});

/** Holds a NotificationBanner while the dialog is open; empty (no box) otherwise. */
export const notificationSlot = style({ flexShrink: 0, selectors: { '&:empty': { display: 'none' } } });

export const headings = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
  paddingTop: vars.space.xs,
});

export const title = style({
  margin: 0,
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.snug,
  color: vars.color.text,
});

export const description = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  lineHeight: vars.lineHeight.normal,
});

export const close = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  // A comfortable touch target (`vars.touchTarget`, WCAG 2.5.5) on every screen.
  width: vars.touchTarget,
  height: vars.touchTarget,
  marginBlock: -2,
  border: 'none',
  borderRadius: vars.radius.pill,
  backgroundColor: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  transition: `background-color ${vars.transition.fast}, color ${vars.transition.fast}`,
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceHover, color: vars.color.text },
    '&:focus-visible': focusRing,
  },
});

export const body = style({
  flex: '1 1 auto',
  minHeight: 0,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  padding: `${vars.space.lg} ${vars.space.lg}`,
  paddingBottom: `calc(${vars.space.lg} + env(safe-area-inset-bottom, 0px))`,
  lineHeight: vars.lineHeight.normal,
  '@media': { [media.sm]: { paddingInline: vars.space.xl, paddingBottom: vars.space.lg } },
  selectors: { '&:focus-visible': { ...focusRing, outlineOffset: '-2px' } },
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.lg}`,
  // The home indicator of phones without a home button.
  paddingBottom: `calc(${vars.space.md} + env(safe-area-inset-bottom, 0px))`,
  borderTop: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceSunken,
  '@media': {
    [media.sm]: {
      paddingInline: vars.space.xl,
      paddingBottom: vars.space.md,
      borderBottomLeftRadius: vars.radius.lg,
      borderBottomRightRadius: vars.radius.lg,
    },
  },
});

// Phone sheet: footer actions grow to share the full width (wrapping when they do not fit), touch-target tall.
globalStyle(`${footer} > *`, {
  '@media': { [media.belowSm]: { flex: '1 1 auto', minHeight: vars.touchTarget } },
});

// Messages that scroll themselves into view (FormErrorSummary, FormStatus) stop just inside the body:
// the page's sticky header is not over a dialog.
globalStyle(`${body} [data-reveal]`, { scrollMarginTop: vars.space.sm, scrollMarginBottom: vars.space.sm });
