// Opt-in page-wide rules: `import '@fantasy-cricket/ui/global.css'` (built package) or this file (source).
// They restyle every element of the page (box-sizing, body margin and font, media, form controls,
// selection, reduced motion), so the kit never applies them by itself: the product's web app and
// Storybook opt in; a host app with its own reset leaves them out.
import { globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';
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
