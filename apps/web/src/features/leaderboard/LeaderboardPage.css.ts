import { vars } from '@fantasy-cricket/ui';
import { style } from '@vanilla-extract/css';
import { visuallyHidden } from './leaderboard.css';

/** Styles of the Leaderboard screen: its controls and the Match Prediction / Player Selection switch. */

/* The Leaderboard / Contests switch: a radio group drawn as a segmented control. */
export const switchGroup = style({ border: 'none', margin: 0, padding: 0, minWidth: 0 });

export const switchLegend = style({
  padding: 0,
  marginBottom: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

export const switchTrack = style({
  display: 'inline-flex',
  padding: vars.space['2xs'],
  gap: vars.space['2xs'],
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surfaceSunken,
});

export const switchOption = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.5rem',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
  cursor: 'pointer',
  userSelect: 'none',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&:has(input:checked)': {
      background: vars.color.primary,
      color: vars.color.onPrimary,
      boxShadow: vars.shadow.sm,
    },
    '&:has(input:focus-visible)': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const switchInput = style([visuallyHidden]);

export const note = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
