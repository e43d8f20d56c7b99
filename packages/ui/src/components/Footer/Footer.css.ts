import { globalStyle, style } from '@vanilla-extract/css';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../_internal/focus';

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  columnGap: vars.space.xl,
  rowGap: vars.space.sm,
  padding: `${vars.space.lg} ${vars.space.lg}`,
  borderTop: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceSunken,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  textAlign: 'center',
  '@media': { [media.md]: { justifyContent: 'space-between', paddingInline: vars.space['2xl'] } },
});

globalStyle(`${footer} a`, {
  color: vars.color.link,
  fontWeight: vars.fontWeight.medium,
  textUnderlineOffset: '0.2em',
  borderRadius: vars.radius.sm,
});
globalStyle(`${footer} a:hover`, { color: vars.color.linkHover });
globalStyle(`${footer} a:focus-visible`, focusRing);
globalStyle(`${footer} p`, { margin: 0 });
