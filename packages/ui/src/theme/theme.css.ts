import { globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';
import { darkTheme } from './dark.css';
import { lightTheme } from './light.css';

// Only where a theme class is applied (ideally <html>, so portalled dialogs, menus and tooltips inherit
// the variables): the base text colour, page background, body font and the browser colour scheme.
// Nothing here touches an element without a theme class; the page-wide reset is opt-in (global.css.ts).
globalStyle(`${lightTheme}, ${darkTheme}`, {
  color: vars.color.text,
  backgroundColor: vars.color.surface,
  fontFamily: vars.font.body,
});
globalStyle(lightTheme, { colorScheme: 'light' });
globalStyle(darkTheme, { colorScheme: 'dark' });
