import { style } from '@vanilla-extract/css';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../_internal/focus';

export const wrapper = style({
  width: '100%',
  overflowX: 'auto',
  WebkitOverflowScrolling: 'touch',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surfaceRaised,
  selectors: {
    '&:focus-visible': focusRing,
  },
});

export const table = style({
  width: '100%',
  borderCollapse: 'separate',
  borderSpacing: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.snug,
  color: vars.color.text,
  fontVariantNumeric: 'tabular-nums',
});

export const caption = style({
  captionSide: 'top',
  padding: `${vars.space.md} ${vars.space.md}`,
  textAlign: 'start',
  '@media': { [media.sm]: { paddingInline: vars.space.lg } },
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const th = style({
  position: 'sticky',
  top: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  '@media': { [media.sm]: { paddingInline: vars.space.lg } },
  height: 44,
  backgroundColor: vars.color.surfaceSunken,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.05em',
  textTransform: 'uppercase',
  textAlign: 'start',
  whiteSpace: 'nowrap',
  verticalAlign: 'middle',
  selectors: {
    '&[aria-sort]': { color: vars.color.text },
  },
});

export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: `0 calc(-1 * ${vars.space.xs})`,
  padding: `${vars.space.xs}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  backgroundColor: 'transparent',
  color: 'inherit',
  font: 'inherit',
  letterSpacing: 'inherit',
  textTransform: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.text, backgroundColor: vars.color.surfaceHover },
    '&:focus-visible': focusRing,
  },
});

export const sortIcon = style({ color: vars.color.primaryText });

export const td = style({
  selectors: { 'tr:last-child > &': { borderBottom: 'none' } },
  padding: `${vars.space.md} ${vars.space.md}`,
  textAlign: 'start',
  '@media': { [media.sm]: { paddingInline: vars.space.lg } },
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
});

export const row = style({
  transition: `background-color ${vars.transition.fast}`,
  selectors: {
    '&:nth-child(even)': { backgroundColor: vars.color.surfaceSunken },
    '&:hover': { backgroundColor: vars.color.surfaceHover },
    '&[data-tone="highlight"]': {
      backgroundColor: vars.color.accentSubtle,
      boxShadow: `inset 4px 0 0 ${vars.color.accent}`,
    },
    '&[data-tone="success"]': {
      backgroundColor: vars.color.successBg,
      color: vars.color.successFg,
      boxShadow: `inset 4px 0 0 ${vars.color.successBorder}`,
    },
    '&[data-tone="error"]': {
      backgroundColor: vars.color.errorBg,
      color: vars.color.errorFg,
      boxShadow: `inset 4px 0 0 ${vars.color.errorBorder}`,
    },
    '&[data-tone="muted"]': { color: vars.color.textMuted },
  },
});

export const alignStart = style({ textAlign: 'start' });
export const alignCenter = style({ textAlign: 'center' });
export const alignEnd = style({ textAlign: 'end' });

export const empty = style({
  padding: `${vars.space['2xl']} ${vars.space.lg}`,
  textAlign: 'center',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
});
