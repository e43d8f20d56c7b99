import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
});

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  lineHeight: vars.lineHeight.snug,
});

export const requiredMark = style({
  color: vars.color.errorFg,
  marginInlineStart: vars.space['2xs'],
});

export const hint = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  lineHeight: vars.lineHeight.snug,
});

export const error = style({
  margin: 0,
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.errorFg,
  lineHeight: vars.lineHeight.snug,
});

export const errorIcon = style({ marginTop: '0.1em' });

/** Shared look of text inputs, textareas and the select trigger. */
export const control = style({
  // Set here too (the page-wide reset is opt-in): fields fit their container.
  boxSizing: 'border-box',
  width: '100%',
  fontFamily: vars.font.body,
  minHeight: vars.touchTarget,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  transition: `border-color ${vars.transition.fast}, box-shadow ${vars.transition.fast}`,
  selectors: {
    '&::placeholder': { color: vars.color.textMuted, opacity: 1 },
    '&:hover:not(:disabled):not([data-disabled])': { borderColor: vars.color.text },
    '&:focus-visible, &[data-state="open"]': {
      outline: 'none',
      borderColor: vars.color.focusRing,
      boxShadow: `0 0 0 3px color-mix(in srgb, ${vars.color.focusRing} 35%, transparent)`,
    },
    '&[aria-invalid="true"]': { borderColor: vars.color.errorFg },
    '&[aria-invalid="true"]:focus-visible': {
      boxShadow: `0 0 0 3px color-mix(in srgb, ${vars.color.errorFg} 30%, transparent)`,
    },
    '&:disabled, &[data-disabled]': {
      cursor: 'not-allowed',
      backgroundColor: vars.color.surfaceSunken,
      color: vars.color.textMuted,
      borderColor: vars.color.border,
    },
    '&[readonly]': { backgroundColor: vars.color.surfaceSunken },
  },
});
