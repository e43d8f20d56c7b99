import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { aliases } from './apps/web/vite.config.ts';

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * A fresh browser block per project: Vitest names the instances it is given, so sharing one object
 * between projects made both story projects answer to the same name.
 */
function browser(
  extraArgs: string[] = [],
  viewport?: { width: number; height: number },
  window?: { width: number; height: number },
) {
  return {
    enabled: true,
    headless: true,
    provider: playwright({
      launchOptions: { executablePath: '/usr/bin/chromium', args: [...chromiumArgs, ...extraArgs] },
      ...(window ? { contextOptions: { viewport: window } } : {}),
    }),
    instances: [{ browser: 'chromium' as const }],
    ...(viewport ? { viewport } : {}),
  };
}

/** The phone width every screen must work at (the Storybook toolbar's "Mobile (390px)", .storybook/preview.tsx). */
type ScreenshotPathArgs = { arg: string; ext: string; root: string; testFileName: string };

const PHONE = { value: 'mobile390', isRotated: false };

/**
 * Visual regression: every story of the kit (packages/ui), light theme, after its play function, compared
 * with the committed PNG in `<referenceDir>/<Component>/<Story>.png`. With `viewport`, stories that do not pin
 * their own viewport render at that one (the phone project); references then live in their own folder.
 * A story can opt out with the tag 'no-visual' (none does: embedded documents are masked instead).
 */
function visualProject(name: string, referenceDir: string, viewport?: typeof PHONE) {
  return {
    extends: true,
    plugins: [
      storybookTest({
        configDir: '.storybook',
        tags: { exclude: ['no-visual'] },
        ...(viewport ? { initialGlobals: { viewport } } : {}),
      }),
    ],
    test: {
      name,
      // The kit only: screens (apps/web) change with every feature and have no references (README, Storybook).
      exclude: ['apps/**', '**/node_modules/**'],
      setupFiles: './.storybook/visual.setup.ts',
      // Failure attachments (actual/diff images for the reporters) stay out of the repository.
      attachmentsDir: 'test-results/vitest-attachments',
      browser: {
        ...browser(
          ['--font-render-hinting=none', '--disable-lcd-text', '--force-color-profile=srgb', '--hide-scrollbars'],
          { width: 1024, height: 720 },
          // The phone project's window is taller than a 390 × 844 story, so its screenshots are not scaled down.
          viewport ? { width: 1280, height: 1000 } : undefined,
        ),
        expect: {
          toMatchScreenshot: {
            comparatorName: 'pixelmatch' as const,
            // Same machine image, same pixels: anti-aliased pixels are ignored (pixelmatch), any other difference fails.
            comparatorOptions: { threshold: 0.1, allowedMismatchedPixels: 0 },
            resolveScreenshotPath: ({ arg, ext, root, testFileName }: ScreenshotPathArgs) =>
              `${root}/${referenceDir}/${testFileName.replace(/\.stories\.tsx$/, '')}/${arg}${ext}`,
            resolveDiffPath: ({ arg, ext, root, testFileName }: ScreenshotPathArgs) =>
              `${root}/test-results/${name === 'storybook-visual' ? 'visual' : name}/${testFileName.replace(/\.stories\.tsx$/, '')}/${arg}${ext}`,
          },
        },
      },
    },
  };
}

export default defineConfig({
  // The screens' stories (apps/web) import the kit and the client by package name: resolve them to the
  // sources, as the web app does (.storybook/main.ts too). At the top level because vanilla-extract's
  // compiler reads this file's own `resolve` for apps/web's .css.ts files; without it they would need
  // a prior `pnpm build`. Only the story projects below (`extends: true`) inherit it.
  resolve: { alias: aliases },
  test: {
    projects: [
      // Each package owns its vitest config (names: rules, api-client, ui, web).
      // Globs, so a package without a config yet is skipped rather than failing the run.
      'packages/*/vitest.config.ts',
      'apps/web/vitest.config.{ts,mts}',
      {
        extends: true,
        plugins: [storybookTest({ configDir: '.storybook' })],
        test: { name: 'storybook', browser: browser() },
      },
      // The same stories once more, in the dark theme at phone width (390 × 844, the toolbar's "Mobile (390px)"):
      // axe checks contrast in the dark theme, and axe and the play functions see the phone layout (drawer
      // sidebar, full-screen dialogs, folded tables). One project for both, because contrast depends on the
      // theme's token pairs and not on the width, and the phone layout does not depend on the theme; the
      // light desktop run above covers the rest. A story that pins its own viewport (e.g. `laptop`) keeps it.
      // Run with `vitest run --project storybook-phone-dark`.
      {
        extends: true,
        plugins: [storybookTest({ configDir: '.storybook', initialGlobals: { theme: 'dark', viewport: PHONE } })],
        test: { name: 'storybook-phone-dark', browser: browser() },
      },
      // Visual regression (visualProject above): `pnpm test:visual` compares, `pnpm test:visual:update`
      // rewrites the references in packages/ui/__screenshots__/.
      visualProject('storybook-visual', 'packages/ui/__screenshots__'),
      // The kit's screenshots again at phone width (390 px), references in packages/ui/__screenshots-phone__/.
      // `pnpm test:visual:phone` compares, `pnpm test:visual:phone:update` rewrites them.
      visualProject('storybook-visual-phone', 'packages/ui/__screenshots-phone__', PHONE),
    ],
  },
});
