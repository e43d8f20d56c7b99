import type { StorybookConfig } from '@storybook/react-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { mergeConfig } from 'vite';
import { aliases } from '../apps/web/vite.config.ts';

const config: StorybookConfig = {
  stories: [
    '../packages/ui/src/**/*.mdx',
    '../packages/ui/src/**/*.stories.@(ts|tsx)',
    // The web app's screens (Screens/…), beside their features; their API is mocked with msw.
    '../apps/web/src/**/*.stories.@(ts|tsx)',
  ],
  // mockServiceWorker.js for the screens' stories, written by `msw init` (see README, Storybook).
  staticDirs: ['./generated'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  viteFinal: (viteConfig) =>
    mergeConfig(viteConfig, {
      plugins: [vanillaExtractPlugin()],
      // The screens import the kit and the client by package name: resolve them to the sources, as the web
      // app does, not to the built packages (dist/ may be missing or stale, and the kit's CSS and theme
      // classes must be the ones the preview applies).
      resolve: { alias: aliases },
      // Pre-bundle the recipes runtime, or Vite re-optimises mid-run and story tests fail
      // with "Failed to fetch dynamically imported module".
      // Same for the fake clock the NotificationBanner story installs (CommonJS, pre-bundled once).
      optimizeDeps: { include: ['@vanilla-extract/recipes/createRuntimeFn', '@sinonjs/fake-timers', 'react-dom'] },
      build: {
        // The preview bundles React, Radix and the docs addon: big chunks are expected.
        chunkSizeWarningLimit: 2500,
        rolldownOptions: {
          checks: { pluginTimings: false },
          onwarn(warning: { code?: string }, warn: (warning: { code?: string }) => void) {
            // Radix ships "use client" directives, meaningless in a client-only bundle.
            if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
            warn(warning);
          },
        },
      },
    }),
};

export default config;
