import { media, vars } from '@fantasy-cricket/ui';
import { globalStyle, style } from '@vanilla-extract/css';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const checks = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.lg });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, justifyContent: 'flex-end' });

export const actionsStart = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });

export const cellStack = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2xs'], minWidth: '9rem' });

export const nowrap = style({ whiteSpace: 'nowrap' });

/**
 * An email address in a table cell: breaks anywhere rather than widening its column, so a wide table
 * (League Members for an admin) keeps its last columns in view at 1280px.
 */
export const breakAnywhere = style({ overflowWrap: 'anywhere', minWidth: '10rem' });

export const numberInput = style({ width: '6rem' });

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2xs'],
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.xs,
  whiteSpace: 'nowrap',
});

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const input = style({
  width: '4.5rem',
  minHeight: '2.25rem',
  padding: `${vars.space['2xs']} ${vars.space.xs}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  font: 'inherit',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
    '&[aria-invalid="true"]': { borderColor: vars.color.errorFg },
  },
});

export const wideInput = style([input, { width: '100%', minWidth: '9rem' }]);

export const fieldNote = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const fieldError = style({ fontSize: vars.fontSize.xs, color: vars.color.errorFg });

export const success = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.successBg,
  color: vars.color.successFg,
  border: `1px solid ${vars.color.successBorder}`,
});

export const featureName = style({
  background: 'none',
  border: 'none',
  padding: 0,
  font: 'inherit',
  color: 'inherit',
  textAlign: 'start',
  textDecoration: 'underline dotted',
  cursor: 'help',
  // A tap opens its description: a touch target on touch screens.
  '@media': { [media.touch]: { minHeight: vars.touchTarget } },
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}` } },
});

/** A points input with the minus sign of a penalty before it. */
export const signedInput = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space['2xs'] });

export const minus = style({ fontWeight: vars.fontWeight.bold, color: vars.color.errorFg });

/**
 * Works around a kit issue: DataTable's visually hidden caption is absolutely positioned without a
 * positioned ancestor, so in a horizontally scrolling table it widens the page on phones.
 */
export const table = style({ position: 'relative' });

/**
 * A table of a few short columns with inputs (the league wizard's counts and points): below 600px the
 * column headers may wrap ("Max / Allowed") and cells pad less, so the input column stays on screen at
 * 360px instead of being scrolled off to the side.
 */
export const compactTable = style([table]);
globalStyle(`${compactTable} :is(th, td)`, {
  '@media': { [media.belowSm]: { paddingInline: vars.space.sm } },
});
globalStyle(`${compactTable} th`, {
  '@media': { [media.belowSm]: { whiteSpace: 'normal' } },
});

// Two-word headers ('Member Status', 'Make Admin') may take two lines, so a wide table's last
// columns stay in view at 1280px.
globalStyle(`${table} th[scope="col"]`, { whiteSpace: 'normal' });
