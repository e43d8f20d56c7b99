import { vars } from '@fantasy-cricket/ui';
import { style } from '@vanilla-extract/css';

/** A band across the top of every screen, kept in view while the page scrolls. */
export const banner = style({
  position: 'sticky',
  top: 0,
  zIndex: 60,
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.warningBg,
  color: vars.color.warningFg,
  borderBottom: `1px solid ${vars.color.warningBorder}`,
  fontSize: vars.fontSize.sm,
  lineHeight: 1.4,
});

export const icon = style({ flex: 'none', width: '1.25rem', height: '1.25rem', marginTop: '0.05rem' });

export const title = style({ fontWeight: vars.fontWeight.bold, marginRight: vars.space.xs });

export const text = style({ margin: 0 });
