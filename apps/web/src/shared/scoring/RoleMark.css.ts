import { vars } from '@fantasy-cricket/ui';
import { style } from '@vanilla-extract/css';

/** "(C)" / "(VC)" beside a player's name: bold, in the text's size, never wrapping inside. */
export const role = style({
  fontWeight: vars.fontWeight.bold,
  color: vars.color.primaryText,
  whiteSpace: 'nowrap',
});

export const srOnly = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

/** "came in for …": the backup's note on a line of its own under a player's name (also in a flex row). */
export const cameInFor = style({
  display: 'block',
  flexBasis: '100%',
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});
