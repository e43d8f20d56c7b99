import { media } from '@fantasy-cricket/ui';
import { style } from '@vanilla-extract/css';

/** On phones the /home header needs room for the greeting: the logo drops its wordmark there. */
export const fullLogo = style({ '@media': { [media.belowSm]: { display: 'none' } } });
export const markLogo = style({ display: 'none', '@media': { [media.belowSm]: { display: 'inline-flex' } } });
