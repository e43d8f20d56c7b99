import { globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';
import { darkTheme } from './dark.css';
import { lightTheme } from './light.css';
import { media } from './breakpoints';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  textSizeAdjust: '100%',
});

globalStyle('body', {
  margin: 0,
  minHeight: '100vh',
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  WebkitFontSmoothing: 'antialiased',
  MozOsxFontSmoothing: 'grayscale',
  textRendering: 'optimizeLegibility',
});

// Wherever a theme class is applied (ideally <html> or <body>, so portalled
// dialogs, menus and tooltips inherit the variables), set the base text colour,
// page background and the browser colour scheme.
globalStyle(`${lightTheme}, ${darkTheme}`, {
  color: vars.color.text,
  backgroundColor: vars.color.surface,
  fontFamily: vars.font.body,
});
globalStyle(lightTheme, { colorScheme: 'light' });
globalStyle(darkTheme, { colorScheme: 'dark' });

globalStyle('img, video, canvas', { display: 'block', maxWidth: '100%' });
globalStyle('svg', { flexShrink: 0 });
globalStyle('input, button, textarea, select', { font: 'inherit', color: 'inherit' });
globalStyle('h1, h2, h3, h4, h5, h6, p', { overflowWrap: 'break-word' });

globalStyle('::selection', {
  backgroundColor: vars.color.highlight,
  color: vars.color.onHighlight,
});

globalStyle('*, *::before, *::after', {
  '@media': {
    [media.reducedMotion]: {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important' as 'auto',
    },
  },
});
