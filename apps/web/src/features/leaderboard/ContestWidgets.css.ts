import { vars } from '@fantasy-cricket/ui';
import { style } from '@vanilla-extract/css';

/** Styles of the contest widgets. */

/* Contest widgets. */
export const widgets = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.lg });
