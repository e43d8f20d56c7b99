import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../_internal/focus';

export const button = recipe({
  base: {
    // Set here too: the page-wide reset is opt-in.
    boxSizing: 'border-box',
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.sm,
    border: '1px solid transparent',
    borderRadius: vars.radius.md,
    fontFamily: vars.font.body,
    fontWeight: vars.fontWeight.semibold,
    lineHeight: vars.lineHeight.tight,
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    userSelect: 'none',
    transition: `background-color ${vars.transition.fast}, border-color ${vars.transition.fast}, color ${vars.transition.fast}, box-shadow ${vars.transition.fast}, transform ${vars.transition.fast}`,
    WebkitTapHighlightColor: 'transparent',
    selectors: {
      '&:focus-visible': focusRing,
      '&:active:not(:disabled):not([aria-disabled="true"])': { transform: 'translateY(1px)' },
      '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.55 },
      '&[aria-busy="true"]': { cursor: 'progress', opacity: 1 },
    },
  },
  variants: {
    variant: {
      primary: {
        backgroundColor: vars.color.primary,
        color: vars.color.onPrimary,
        boxShadow: vars.shadow.sm,
        selectors: {
          '&:hover:not(:disabled):not([aria-disabled="true"])': { backgroundColor: vars.color.primaryHover },
          '&:active:not(:disabled)': { backgroundColor: vars.color.primaryActive },
        },
      },
      secondary: {
        backgroundColor: vars.color.surfaceRaised,
        color: vars.color.text,
        borderColor: vars.color.borderStrong,
        selectors: {
          '&:hover:not(:disabled):not([aria-disabled="true"])': {
            backgroundColor: vars.color.surfaceHover,
            borderColor: vars.color.primary,
          },
        },
      },
      ghost: {
        backgroundColor: 'transparent',
        color: vars.color.primaryText,
        selectors: {
          '&:hover:not(:disabled):not([aria-disabled="true"])': { backgroundColor: vars.color.primarySubtle },
        },
      },
      danger: {
        backgroundColor: vars.color.danger,
        color: vars.color.onDanger,
        boxShadow: vars.shadow.sm,
        selectors: {
          '&:hover:not(:disabled):not([aria-disabled="true"])': { backgroundColor: vars.color.dangerHover },
        },
      },
      link: {
        backgroundColor: 'transparent',
        color: vars.color.link,
        border: 'none',
        paddingInline: '0 !important',
        minHeight: 'auto !important',
        textDecoration: 'underline',
        textUnderlineOffset: '0.2em',
        fontWeight: vars.fontWeight.medium,
        selectors: {
          '&:hover:not(:disabled)': { color: vars.color.linkHover, textDecorationThickness: '2px' },
        },
      },
    },
    size: {
      // Touch targets (`vars.touchTarget`) on phones and coarse pointers (see media.touch); denser with a mouse.
      sm: {
        minHeight: 32,
        paddingInline: vars.space.md,
        fontSize: vars.fontSize.sm,
        '@media': { [media.touch]: { minHeight: vars.touchTarget, minWidth: vars.touchTarget } },
      },
      md: {
        minHeight: 40,
        paddingInline: vars.space.lg,
        fontSize: vars.fontSize.md,
        '@media': { [media.touch]: { minHeight: vars.touchTarget, minWidth: vars.touchTarget } },
      },
      lg: { minHeight: 48, paddingInline: vars.space.xl, fontSize: vars.fontSize.lg, borderRadius: vars.radius.lg },
    },
    fullWidth: {
      true: { width: '100%' },
      false: {},
    },
  },
  defaultVariants: { variant: 'primary', size: 'md', fullWidth: false },
});

export type ButtonRecipeVariants = NonNullable<RecipeVariants<typeof button>>;

/**
 * Keeps the label's width (and its accessible name) while the spinner is shown on
 * top of it: transparent, not `visibility: hidden`, so screen readers still read it.
 */
export const labelHidden = style({ opacity: 0, display: 'inline-flex', alignItems: 'center', gap: vars.space.sm });

export const spinnerLayer = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
});
