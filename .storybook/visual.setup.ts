/**
 * Setup of the `storybook-visual` project: after each story has rendered and its play function has
 * passed, the page is compared with the committed reference screenshot of that story.
 *
 * Determinism: a fixed 1024×720 viewport (vitest.config.ts), animations and transitions off
 * (.storybook/preview.tsx does that under automation), no text caret, Debian's DejaVu fonts instead of
 * whatever `system-ui` resolves to, embedded documents masked, and the mouse parked off-page by the
 * Storybook plugin.
 */
import { afterEach } from 'vitest';
import { page } from 'vitest/browser';

const style = document.createElement('style');
style.dataset.visualTest = '';
style.textContent = `
  html { min-height: 100vh; }
  *, *::before, *::after { caret-color: transparent !important; }
  body, body *:not(code):not(pre):not(kbd):not(samp) { font-family: "DejaVu Sans", sans-serif !important; }
  code, pre, kbd, samp { font-family: "DejaVu Sans Mono", monospace !important; }
`;
document.head.appendChild(style);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') return;
  await document.fonts.ready;
  // One file per story, named after the story (e.g. "Primary.png").
  const name = context.task.name.replace(/[^\w-]+/g, '-');
  // Embedded documents (the PDF viewer) are drawn by the browser, not by the kit: masked.
  const mask = [...document.querySelectorAll('iframe, object, embed')].map((el) => page.elementLocator(el));
  await context
    .expect(page.elementLocator(document.documentElement))
    .toMatchScreenshot(name, mask.length > 0 ? { screenshotOptions: { mask } } : {});
});
