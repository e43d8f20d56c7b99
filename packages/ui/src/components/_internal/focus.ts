import { vars } from '../../theme/contract.css';

/** The shared keyboard focus ring: a 2px ring with a 2px gap, only for keyboard focus. */
export const focusRing = {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
} as const;

export const focusVisible = {
  ':focus-visible': focusRing,
} as const;
