import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const pair = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  '@media': { 'screen and (min-width: 600px)': { gridTemplateColumns: '1fr 1fr' } },
  gap: vars.space.md,
  margin: `${vars.space.md} 0 ${vars.space.lg}`,
});

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  background: vars.color.surface,
  color: vars.color.text,
});

export const example = style({
  flex: 1,
  padding: vars.space.lg,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

const caption = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.snug,
  borderTop: '4px solid',
});

export const doCaption = style([
  caption,
  { borderTopColor: vars.color.successBorder, background: vars.color.successBg, color: vars.color.successFg },
]);
export const dontCaption = style([
  caption,
  { borderTopColor: vars.color.errorBorder, background: vars.color.errorBg, color: vars.color.errorFg },
]);
