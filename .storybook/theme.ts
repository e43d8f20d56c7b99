import { create } from 'storybook/theming/create';

/**
 * Storybook's own chrome in the product's colours (the kit's light and dark palettes,
 * packages/ui/src/theme/light.css.ts and dark.css.ts). Plain values, not imports: the manager is
 * bundled without the vanilla-extract plugin, so it cannot import the theme files.
 */
const brand = {
  brandTitle: 'Fantasy Cricket design system',
  brandUrl: './',
  brandImage: './brand/logo.svg',
  brandTarget: '_self',
  fontBase: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  fontCode: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
} as const;

/** Light: pitch green on the faint green page, white cards (the manager and light docs pages). */
export const lightBrandTheme = create({
  base: 'light',
  ...brand,
  colorPrimary: '#15763c',
  colorSecondary: '#15763c',
  appBg: '#f3f6f2',
  appContentBg: '#ffffff',
  appPreviewBg: '#ffffff',
  appBorderColor: '#d8e1d9',
  appBorderRadius: 8,
  textColor: '#14231a',
  textMutedColor: '#4a5a50',
  textInverseColor: '#ffffff',
  barBg: '#ffffff',
  barTextColor: '#4a5a50',
  barSelectedColor: '#15763c',
  barHoverColor: '#0f6532',
  inputBg: '#ffffff',
  inputBorder: '#d8e1d9',
  inputTextColor: '#14231a',
  inputBorderRadius: 6,
});

/** Dark: the docs pages when the toolbar's Theme is Dark (same palette as the kit's dark theme). */
export const darkBrandTheme = create({
  base: 'dark',
  ...brand,
  colorPrimary: '#3cc471',
  colorSecondary: '#3cc471',
  appBg: '#0c1410',
  appContentBg: '#0c1410',
  appPreviewBg: '#141f19',
  appBorderColor: '#2a3a31',
  appBorderRadius: 8,
  textColor: '#e7efe9',
  textMutedColor: '#a4b4a9',
  textInverseColor: '#0c1410',
  barBg: '#141f19',
  barTextColor: '#a4b4a9',
  barSelectedColor: '#3cc471',
  barHoverColor: '#3cc471',
  inputBg: '#101a14',
  inputBorder: '#2a3a31',
  inputTextColor: '#e7efe9',
  inputBorderRadius: 6,
});
