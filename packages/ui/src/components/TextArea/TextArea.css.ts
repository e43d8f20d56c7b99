import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { control } from '../_internal/field.css';

export { field as root } from '../_internal/field.css';

export const textarea = style([
  control,
  {
    minHeight: 112,
    resize: 'vertical',
    lineHeight: vars.lineHeight.normal,
  },
]);

export const footer = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space.md,
});

export const messages = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });

export const counter = style({
  marginInlineStart: 'auto',
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  selectors: {
    '&[data-near-limit]': { color: vars.color.warningFg, fontWeight: vars.fontWeight.semibold },
    '&[data-at-limit]': { color: vars.color.errorFg, fontWeight: vars.fontWeight.semibold },
  },
});
