import { vars } from '@fantasy-cricket/ui';
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  width: '100%',
  marginInline: 'auto',
  paddingBlock: vars.space.md,
});

// Beside the /home sidebar, screens line up with the navigation instead of centring.
globalStyle(`[data-has-sidebar] ${page}`, { marginInline: 0 });

export const width = styleVariants({
  narrow: { maxWidth: '30rem' },
  medium: { maxWidth: '44rem' },
  wide: { maxWidth: '64rem' },
});

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
