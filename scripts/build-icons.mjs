#!/usr/bin/env node
// Renders the app's home-screen icons (apps/web/public/icons/*.png) from the kit's Logo mark
// (packages/ui/src/components/Logo/Logo.tsx: the badge, bat and ball, in the light theme's colours)
// with headless Chromium. The PNGs are committed; run this again only when the Logo changes:
//   node scripts/build-icons.mjs
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'public', 'icons');
// packages/ui/src/theme/light.css.ts: primary, accent, onAccent, onPrimary; the header band (theme-color).
const C = { primary: '#15763c', accent: '#f2b705', onAccent: '#2a1f00', onPrimary: '#ffffff', band: '#0e3b23' };

/** The Logo mark (viewBox 0 0 40 40), as in Logo.tsx. */
const mark = `
  <circle cx="20" cy="20" r="19" fill="${C.primary}" stroke="${C.accent}" stroke-width="2"/>
  <g transform="rotate(45 20 20)" fill="${C.onPrimary}">
    <rect x="18.4" y="3.5" width="3.2" height="9" rx="1.6"/>
    <path d="M16 12.5h8l-.4 16.2a3.6 3.6 0 0 1-7.2 0Z"/>
  </g>
  <circle cx="27" cy="27" r="6.4" fill="${C.accent}"/>
  <g stroke="${C.onAccent}" fill="none" stroke-linecap="round">
    <path stroke-width="1.2" d="M22.6 22.6a9 9 0 0 1 8.8 8.8"/>
    <path stroke-width="0.9" stroke-dasharray="0.6 1.5" d="M21.6 24.6a8 8 0 0 1 6.8 6.8"/>
    <path stroke-width="0.9" stroke-dasharray="0.6 1.5" d="M24.6 21.6a8 8 0 0 1 6.8 6.8"/>
  </g>`;

/**
 * `any`: the round badge filling the square (transparent corners). `maskable` and the Apple touch icon:
 * a full-bleed band-green square with the badge inside the safe zone (a circle of 80 % of the size:
 * the badge spans 64 %), since the launcher crops them to its own shape.
 */
const svg = (size, kind) => {
  const pad = kind === 'any' ? 0.5 : 7.5; // in mark units: the mark's 40 → 41 or 55 wide
  const box = 40 + 2 * pad;
  const bg = kind === 'any' ? '' : `<rect x="${-pad}" y="${-pad}" width="${box}" height="${box}" fill="${C.band}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${-pad} ${-pad} ${box} ${box}">${bg}${mark}</svg>`;
};

const icons = [
  { file: 'icon-192.png', size: 192, kind: 'any' },
  { file: 'icon-512.png', size: 512, kind: 'any' },
  { file: 'icon-maskable-512.png', size: 512, kind: 'maskable' },
  { file: 'apple-touch-icon.png', size: 180, kind: 'maskable' },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
for (const icon of icons) {
  await page.setViewportSize({ width: icon.size, height: icon.size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${svg(icon.size, icon.kind)}</body></html>`,
  );
  await page.locator('svg').screenshot({ path: join(out, icon.file), omitBackground: icon.kind === 'any' });
  console.log(`wrote ${icon.file}`);
}
await browser.close();
