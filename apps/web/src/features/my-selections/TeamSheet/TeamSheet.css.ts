import { media, vars } from '@fantasy-cricket/ui';
import { style } from '@vanilla-extract/css';

export const sheet = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 });

export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });

export const groupHeading = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

export const count = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.regular,
  color: vars.color.textMuted,
});

export const slots = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const slot = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  minWidth: 0,
  selectors: {
    '&[data-invalid]': { borderColor: vars.color.errorBorder, background: vars.color.errorBg },
    '&[data-locked]': { background: vars.color.surfaceSunken },
  },
});

export const slotLabel = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: vars.color.textMuted,
});

export const slotActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

/** An empty slot: the whole row is the button (a large touch target). */
export const choose = style({ width: '100%', minHeight: vars.touchTarget, justifyContent: 'center' });

export const error = style({ margin: 0, color: vars.color.errorFg, fontSize: vars.fontSize.sm });

export const empty = style({ color: vars.color.textMuted, fontStyle: 'italic' });
