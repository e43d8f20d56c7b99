import { style } from '@vanilla-extract/css';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/contract.css';

export const frame = style({
  display: 'block',
  width: '100%',
  // Phone sheet: the screen minus the title bar, the body padding, the footer and the safe areas.
  height: 'calc(100dvh - 200px - env(safe-area-inset-top, 0px) - env(safe-area-inset-bottom, 0px))',
  minHeight: 320,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceSunken,
  '@media': { [media.sm]: { height: '70vh' } },
});

export const fallback = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  height: '100%',
  padding: vars.space.xl,
  textAlign: 'center',
  color: vars.color.text,
});

export const fallbackText = style({ margin: 0, maxWidth: '40ch' });
