import { keyframes, style } from '@vanilla-extract/css';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/contract.css';
import { control } from '../_internal/field.css';

export { field as root } from '../_internal/field.css';

const fadeIn = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px)' },
  to: { opacity: 1, transform: 'translateY(0)' },
});

export const trigger = style([
  control,
  {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: vars.space.sm,
    textAlign: 'start',
    cursor: 'pointer',
    selectors: {
      '&[data-placeholder]': { color: vars.color.textMuted },
    },
  },
]);

/** The chosen option's text wraps (a player's or a fixture's full name on a phone) instead of being cut off. */
export const value = style({ whiteSpace: 'normal', overflowWrap: 'anywhere', minWidth: 0 });

export const chevron = style({
  color: vars.color.textMuted,
  transition: `transform ${vars.transition.fast}`,
  selectors: { [`${trigger}[data-state="open"] &`]: { transform: 'rotate(180deg)' } },
});

export const content = style({
  zIndex: vars.zIndex.popover,
  minWidth: 'var(--radix-select-trigger-width)',
  maxHeight: 'min(360px, var(--radix-select-content-available-height))',
  overflow: 'hidden',
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.lg,
  animation: `${fadeIn} 120ms ease-out`,
});

export const viewport = style({ padding: vars.space.xs });

export const item = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: 40,
  '@media': { [media.touch]: { minHeight: vars.touchTarget } },
  paddingBlock: vars.space.sm,
  paddingInlineStart: vars.space['2xl'],
  paddingInlineEnd: vars.space.md,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.snug,
  cursor: 'pointer',
  userSelect: 'none',
  outline: 'none',
  selectors: {
    '&[data-highlighted]': { backgroundColor: vars.color.primarySubtle, color: vars.color.text },
    '&[data-state="checked"]': { fontWeight: vars.fontWeight.semibold },
    '&[data-disabled]': { color: vars.color.textMuted, cursor: 'not-allowed', opacity: 0.75 },
  },
});

/** Label and description of an option with a description, stacked. */
export const itemBody = style({ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 });

export const itemDescription = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.regular,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const itemIndicator = style({
  position: 'absolute',
  insetInlineStart: vars.space.sm,
  display: 'inline-flex',
  color: vars.color.primaryText,
});

export const scrollButton = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  height: 24,
  color: vars.color.textMuted,
  cursor: 'default',
});
