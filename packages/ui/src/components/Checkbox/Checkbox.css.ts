import { globalStyle, style } from '@vanilla-extract/css';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../_internal/focus';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const row = style({
  display: 'inline-flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  cursor: 'pointer',
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  selectors: {
    '&[data-disabled]': { cursor: 'not-allowed', color: vars.color.textMuted },
  },
  // The whole label is the hit area: at least a touch target tall (and wide) on touch screens.
  '@media': { [media.touch]: { minHeight: vars.touchTarget, minWidth: vars.touchTarget, alignItems: 'center' } },
});

export const control = style({
  position: 'relative',
  display: 'inline-flex',
  flexShrink: 0,
  width: 20,
  height: 20,
  // Centre the 20px box on the first line of a 1.5 line-height label.
  marginTop: 'calc((1.5em - 20px) / 2)',
  '@media': { [media.touch]: { marginTop: 0 } },
});

export const input = style({
  appearance: 'none',
  WebkitAppearance: 'none',
  margin: 0,
  width: 20,
  height: 20,
  border: `2px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.surfaceRaised,
  cursor: 'inherit',
  transition: `background-color ${vars.transition.fast}, border-color ${vars.transition.fast}`,
  selectors: {
    '&:hover:not(:disabled)': { borderColor: vars.color.primary },
    '&:checked': { backgroundColor: vars.color.primary, borderColor: vars.color.primary },
    '&:focus-visible': focusRing,
    '&[aria-invalid="true"]': { borderColor: vars.color.errorFg },
    '&:disabled': { backgroundColor: vars.color.surfaceSunken, borderColor: vars.color.border },
    '&:checked:disabled': { backgroundColor: vars.color.borderStrong, borderColor: vars.color.borderStrong },
  },
});

export const check = style({
  position: 'absolute',
  inset: 2,
  width: 16,
  height: 16,
  color: vars.color.onPrimary,
  opacity: 0,
  transform: 'scale(0.6)',
  pointerEvents: 'none',
  transition: `opacity ${vars.transition.fast}, transform ${vars.transition.fast}`,
});

globalStyle(`${input}:checked + ${check}`, { opacity: 1, transform: 'scale(1)' });

export const labelText = style({ minWidth: 0 });

export const errorWrap = style({ paddingInlineStart: `calc(20px + ${vars.space.sm})` });
