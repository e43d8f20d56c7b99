/* Fantasy Cricket service worker: the installable app's offline shell (issue 16, docs/architecture.md).
 * Built by service-worker/plugin.ts into dist/sw.js, which fills in VERSION and PRECACHE.
 *
 * - Install: caches the app shell (index.html, the built scripts and styles, the manifest and icons)
 *   in a cache named after this build, then takes over at once (skipWaiting): a new build's worker
 *   serves the next page load, never the page already open.
 * - Activate: deletes the caches of older builds and controls the open pages.
 * - Fetch: /api is never answered from a cache and never stored (network only: picks, standings and
 *   sessions are always the server's current answer, or an error). A page navigation goes to the
 *   network and falls back to the cached shell when there is none (the app then shows "You are
 *   offline"). Hashed /assets/ files are served from the cache first (they never change); other static
 *   files from the network, with the cache as the fallback.
 */
const VERSION = '__SW_VERSION__';
const PRECACHE = /* __SW_PRECACHE__ */ [];
const CACHE = `fcl-shell-${VERSION}`;
const SHELL = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('fcl-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

const isApi = (url) => url.pathname === '/api' || url.pathname.startsWith('/api/');

async function fromCache(request) {
  const cache = await caches.open(CACHE);
  return cache.match(request);
}

/** Network first; the cached shell when the network fails (offline, server down). */
async function navigate(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await fromCache(SHELL);
    if (shell) return shell;
    throw error;
  }
}

/** Cache first for hashed assets; a miss is fetched and kept. */
async function asset(request) {
  const cached = await fromCache(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

/** Network first, the cache (if it holds the file) when the network fails. */
async function staticFile(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await fromCache(request);
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Other origins and the API: the browser's own handling, no cache of ours.
  if (url.origin !== self.location.origin || isApi(url)) return;
  if (request.mode === 'navigate') event.respondWith(navigate(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
  else event.respondWith(staticFile(request));
});
