import { vars } from '@fantasy-cricket/ui';
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';

/** Styles of the points-progression chart. */

/* Points progression chart. */
export const chartFigure = style({
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
});

export const chartSvg = style({ display: 'block', width: '100%', height: 'auto', overflow: 'visible' });

export const gridLine = style({ stroke: vars.color.border, strokeWidth: 1 });

export const axisText = style({ fill: vars.color.textMuted, fontSize: 11, fontFamily: vars.font.body });

export const otherLine = style({
  fill: 'none',
  stroke: vars.color.textMuted,
  strokeWidth: 1.5,
  strokeOpacity: 0.45,
  strokeLinejoin: 'round',
  strokeLinecap: 'round',
});

export const leaderLine = style([otherLine, { stroke: vars.color.accent, strokeOpacity: 0.9, strokeDasharray: '6 4' }]);

export const myLine = style([otherLine, { stroke: vars.color.primary, strokeOpacity: 1, strokeWidth: 3.5 }]);

export const myPoint = style({ fill: vars.color.surfaceRaised, stroke: vars.color.primary, strokeWidth: 2 });

export const endLabel = style({
  fill: vars.color.primaryText,
  fontSize: 12,
  fontWeight: 700,
  fontFamily: vars.font.body,
});

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const legendItem = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });

export const swatch = styleVariants({
  me: { width: 20, height: 4, borderRadius: 2, background: vars.color.primary },
  leader: { width: 20, height: 0, borderTop: `2px dashed ${vars.color.accent}` },
  other: { width: 20, height: 2, borderRadius: 1, background: vars.color.textMuted, opacity: 0.6 },
});

export const chartHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

globalStyle(`${chartSvg} text`, { userSelect: 'none' });
