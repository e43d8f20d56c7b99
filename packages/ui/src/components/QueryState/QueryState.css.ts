import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** Loading and empty: one muted line, the spinner before the loading text. */
export const quiet = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
  color: vars.color.textMuted,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
});

/** A failed load: the error box of the kit (as FormErrorSummary) with its Retry beside the message. */
export const error = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.errorBorder}`,
  borderInlineStartWidth: 4,
  backgroundColor: vars.color.errorBg,
  color: vars.color.errorFg,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.snug,
});

export const message = style({
  margin: 0,
  flex: '1 1 12rem',
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
});
export const icon = style({ flexShrink: 0, marginTop: '0.05em' });
