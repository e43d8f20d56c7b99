import { globalStyle, style } from '@vanilla-extract/css';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/contract.css';
import { HEADER_HEIGHT } from '../AppShell/shell';

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  height: HEADER_HEIGHT,
  paddingInline: vars.space.lg,
  backgroundColor: vars.color.surfaceBrand,
  color: vars.color.onSurfaceBrand,
  boxShadow: `inset 0 -3px 0 ${vars.color.accent}, ${vars.shadow.md}`,
  '@media': { [media.sm]: { paddingInline: vars.space.xl } },
});

// The green band needs a brighter ring than the default blue.
globalStyle(`${header} :focus-visible`, { outlineColor: vars.color.accent });

export const menuButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.touchTarget,
  height: vars.touchTarget,
  marginInlineStart: `calc(-1 * ${vars.space.sm})`,
  border: 'none',
  borderRadius: vars.radius.md,
  backgroundColor: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: 'rgba(255, 255, 255, 0.12)' },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 },
  },
});

export const logo = style({ display: 'flex', alignItems: 'center', minWidth: 0, flexShrink: 0 });

globalStyle(`${logo} a`, {
  display: 'inline-flex',
  alignItems: 'center',
  color: 'inherit',
  textDecoration: 'none',
  borderRadius: vars.radius.md,
});
globalStyle(`${logo} a:focus-visible`, { outline: `2px solid ${vars.color.accent}`, outlineOffset: 4 });

export const spacer = style({ flex: '1 1 auto' });

export const greeting = style({
  margin: 0,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  '@media': { [media.sm]: { fontSize: vars.fontSize.md } },
});

export const actions = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, flexShrink: 0 });
