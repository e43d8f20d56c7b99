import { vars } from '@fantasy-cricket/ui';
import { globalStyle, style } from '@vanilla-extract/css';

export const outcome = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.md,
  paddingBlock: vars.space.lg,
  minWidth: 0,
});

// A long email address in the message breaks instead of pushing the page sideways on a phone (the
// global 'break-word' of paragraphs does not let a centred flex item shrink below the address).
globalStyle(`${outcome} > *`, { maxWidth: '100%', overflowWrap: 'anywhere' });

export const outcomeIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '3.5rem',
  height: '3.5rem',
  borderRadius: vars.radius.pill,
});

export const outcomeSuccess = style({
  backgroundColor: vars.color.successBg,
  color: vars.color.successFg,
});

export const outcomeError = style({
  backgroundColor: vars.color.errorBg,
  color: vars.color.errorFg,
});

export const outcomeInfo = style({
  backgroundColor: vars.color.infoBg,
  color: vars.color.infoFg,
});

export const outcomeTitle = style({
  margin: 0,
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

export const outcomeActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.sm,
});
