import { type Page, expect, test } from '@playwright/test';
import { newSignedInUser, snapshot } from './support';

/**
 * Issue 16, installable app: the manifest (name, icons, start_url, standalone), the service worker
 * that controls the page and caches the app shell, the offline state after a reload without network,
 * and the API never answered from a cache. Each test has its own browser context (a worker survives
 * in a context, STACK.md gotcha 11).
 */

async function controlled(page: Page) {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

test('the manifest is linked and valid, with real PNG icons', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: 'Fantasy Cricket',
    short_name: 'Fantasy Cricket',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
  });
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of icons) {
    const png = await page.request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    const bytes = await png.body();
    // PNG signature, then the IHDR width and height.
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    const [w, h] = icon.sizes.split('x').map(Number);
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([w, h]);
  }
  const sw = await page.request.get('/sw.js');
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  expect(sw.headers()['cache-control']).toBe('no-cache');
});

test('offline, a reload of /home opens the cached shell with "You are offline"; saves are refused', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { page } = await newSignedInUser(browser, {
    first: 'Olly',
    last: 'Offline',
    context: { viewport: { width: 390, height: 844 } },
  });
  await page.goto('/home');
  await controlled(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByText('You are offline', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.screenshot({ path: 'artifacts/screenshots/offline-home-390.png', fullPage: true });

  // A save while offline is refused with a clear message, and nothing is queued.
  await page.goto('/home/join-league?isPublicLeague=false').catch(() => undefined);
  await expect(page.getByText('You are offline', { exact: true })).toBeVisible();
  await page.getByLabel(/^League Code/).fill('ABC123');
  await page.getByLabel(/^Gamer Name/).fill('OllyO');
  await page.getByRole('button', { name: 'Join Private League' }).click();
  await expect(page.getByText('You are offline: nothing was saved. Reconnect and try again.')).toBeVisible();
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  await snapshot(page, 'offline-join-refused');

  // Back online, the banner goes.
  await page.context().setOffline(false);
  await expect(page.getByText('You are offline', { exact: true })).toHaveCount(0);
  await page.context().close();
});

test('API answers never come from the service worker or its caches', async ({ browser }) => {
  const { page } = await newSignedInUser(browser, { first: 'Cara', last: 'Cache' });
  await page.goto('/home');
  await controlled(page);
  // Online, after the worker controls the page: the API is the network's, assets may be the worker's.
  const [session] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/session'),
    page.reload(),
  ]);
  expect(session.fromServiceWorker()).toBe(false);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const key of await caches.keys()) {
      const cache = await caches.open(key);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.filter((u) => u.startsWith('/assets/')).length).toBeGreaterThan(0);
  expect(cached.filter((u) => u.startsWith('/api'))).toEqual([]);
  // Offline, an API call fails instead of being answered from a cache.
  await page.context().setOffline(true);
  const outcome = await page.evaluate(() =>
    fetch('/api/faq/').then(
      (r) => `status ${r.status}`,
      () => 'network error',
    ),
  );
  expect(outcome).toBe('network error');
  await page.context().close();
});
