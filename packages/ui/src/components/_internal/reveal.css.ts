import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { HEADER_HEIGHT } from '../AppShell/shell';

/**
 * For elements that `useRevealWhenShown` scrolls to: on a page they stop below the sticky header
 * (64px + the notch); inside a Modal's body the dialog resets this to a small gap (Modal.css.ts).
 */
export const revealMargin = style({
  scrollMarginTop: `calc(env(safe-area-inset-top, 0px) + ${HEADER_HEIGHT}px + ${vars.space.md})`,
  scrollMarginBottom: vars.space.md,
});
