import { vars } from '@fantasy-cricket/ui';
import { style } from '@vanilla-extract/css';

export const tools = style({ marginBottom: vars.space.sm });

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const option = style({
  display: 'block',
  width: '100%',
  minHeight: vars.touchTarget,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&:hover:not([aria-disabled="true"])': { background: vars.color.surfaceHover },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '&[aria-disabled="true"]': { cursor: 'not-allowed', background: vars.color.surfaceSunken },
    '&[aria-current="true"]': { borderColor: vars.color.primary, background: vars.color.primarySubtle },
  },
});

export const status = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
