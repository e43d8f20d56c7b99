import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../_internal/focus';

export const link = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  width: '100%',
  minHeight: vars.touchTarget,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  border: 'none',
  borderRadius: vars.radius.md,
  backgroundColor: 'transparent',
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.snug,
  textAlign: 'start',
  textDecoration: 'none',
  cursor: 'pointer',
  transition: `background-color ${vars.transition.fast}, color ${vars.transition.fast}`,
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceHover },
    '&:focus-visible': { ...focusRing, outlineOffset: '-2px' },
    '&[aria-current="page"]': {
      backgroundColor: vars.color.primarySubtle,
      color: vars.color.primaryText,
      fontWeight: vars.fontWeight.bold,
    },
    '&[aria-current="page"]::before': {
      content: '""',
      position: 'absolute',
      insetBlock: vars.space.sm,
      insetInlineStart: 0,
      width: 4,
      borderRadius: vars.radius.pill,
      backgroundColor: vars.color.primary,
    },
  },
});

export const icon = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 22,
  height: 22,
  color: vars.color.textMuted,
});

const pill = {
  minWidth: 18,
  height: 18,
  paddingInline: 5,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.accent,
  color: vars.color.onAccent,
  fontSize: 11,
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1,
  fontVariantNumeric: 'tabular-nums',
} as const;

/** The count pill after the label (an item without an icon). */
export const badge = style({ ...pill, marginInlineStart: 'auto' });

/** The count pill on the icon's top corner: it takes no room from the label. */
export const iconBadge = style({
  ...pill,
  position: 'absolute',
  insetBlockStart: -7,
  insetInlineStart: 12,
  boxShadow: `0 0 0 2px ${vars.color.surfaceRaised}`,
});

globalStyle(`${link}[aria-current="page"] ${icon}`, { color: vars.color.primaryText });
globalStyle(`${icon} svg`, { width: 20, height: 20 });
