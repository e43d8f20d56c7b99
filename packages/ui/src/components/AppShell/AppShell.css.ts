import { style } from '@vanilla-extract/css';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../_internal/focus';
import { SIDEBAR_WIDTH } from './shell';

export const shell = style({
  minHeight: '100vh',
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gridTemplateRows: 'auto 1fr auto',
  gridTemplateAreas: '"header" "main" "footer"',
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  selectors: {
    '&[data-has-sidebar]': {
      '@media': {
        [media.md]: {
          gridTemplateColumns: `${SIDEBAR_WIDTH}px minmax(0, 1fr)`,
          gridTemplateAreas: '"header header" "sidebar main" "footer footer"',
        },
      },
    },
    '&[data-has-sidebar][data-sidebar-collapsed]': {
      '@media': {
        [media.md]: { gridTemplateColumns: 'minmax(0, 1fr)', gridTemplateAreas: '"header" "main" "footer"' },
      },
    },
  },
});

export const headerArea = style({ gridArea: 'header', position: 'sticky', top: 0, zIndex: vars.zIndex.sticky });

/**
 * From 900px the sidebar's grid cell: as tall as the content, with the sidebar's background and edge,
 * so the column reaches the footer on long pages while the sticky navigation stays in view.
 */
export const sidebarArea = style({
  display: 'contents',
  '@media': {
    [media.md]: {
      display: 'block',
      gridArea: 'sidebar',
      minWidth: 0,
      backgroundColor: vars.color.surfaceRaised,
      boxShadow: `inset -1px 0 0 ${vars.color.border}`,
    },
  },
  selectors: {
    [`${shell}[data-sidebar-collapsed] &`]: { '@media': { [media.md]: { display: 'none' } } },
  },
});

export const main = style({
  gridArea: 'main',
  minWidth: 0,
  width: '100%',
  maxWidth: 1200,
  marginInline: 'auto',
  padding: `${vars.space.lg} ${vars.space.lg} ${vars.space['2xl']}`,
  outline: 'none',
  '@media': {
    [media.sm]: { padding: `${vars.space.xl} ${vars.space.xl} ${vars.space['3xl']}` },
    [media.lg]: { padding: `${vars.space['2xl']} ${vars.space['2xl']} ${vars.space['3xl']}` },
  },
});

export const footerArea = style({ gridArea: 'footer' });

export const skipLink = style({
  position: 'absolute',
  top: vars.space.sm,
  left: vars.space.sm,
  zIndex: vars.zIndex.toast,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.link,
  fontWeight: vars.fontWeight.semibold,
  boxShadow: vars.shadow.md,
  transform: 'translateY(-200%)',
  selectors: {
    '&:focus': { transform: 'translateY(0)', ...focusRing },
  },
});
