import { style } from '@vanilla-extract/css';

export const fallback = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: '40vh',
});
