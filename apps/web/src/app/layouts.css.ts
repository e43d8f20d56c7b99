import { style } from '@vanilla-extract/css';

export const fallback = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: '40vh',
});

/**
 * A signed-in screen fills the window below the header (64px), so the footer is out of sight while
 * the screen loads and content arriving does not push it (cumulative layout shift).
 */
export const screen = style({ minHeight: 'calc(100vh - 64px)' });
