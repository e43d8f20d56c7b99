import { media, vars } from '@fantasy-cricket/ui';
import { style } from '@vanilla-extract/css';

/** The season and fixture pickers: one column on phones, side by side from the kit's `sm` width. */
export const pickers = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  '@media': { [media.sm]: { gridTemplateColumns: 'minmax(0, 18rem) minmax(0, 1fr)' } },
});

/** A row's editor: the price and Save on one line (they fit at 360px), its message under them. */
export const editor = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2xs'], minWidth: 0 });

export const editorLine = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });

export const input = style({
  width: '5.5rem',
  minHeight: '2.25rem',
  padding: `${vars.space['2xs']} ${vars.space.xs}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  font: 'inherit',
  fontVariantNumeric: 'tabular-nums',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
    '&[aria-invalid="true"]': { borderColor: vars.color.errorFg },
  },
  '@media': { [media.touch]: { minHeight: vars.touchTarget } },
});

export const unit = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const error = style({
  margin: 0,
  maxWidth: '22rem',
  fontSize: vars.fontSize.xs,
  color: vars.color.errorFg,
  overflowWrap: 'anywhere',
});

export const number = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

/** The frozen note and the grid hint above the table. */
export const note = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs });
