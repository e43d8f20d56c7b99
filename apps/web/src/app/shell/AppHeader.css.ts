import { style } from '@vanilla-extract/css';

const phone = 'screen and (max-width: 599.98px)';

/** On phones the /home header needs room for the greeting: the logo drops its wordmark there. */
export const fullLogo = style({ '@media': { [phone]: { display: 'none' } } });
export const markLogo = style({ display: 'none', '@media': { [phone]: { display: 'inline-flex' } } });
