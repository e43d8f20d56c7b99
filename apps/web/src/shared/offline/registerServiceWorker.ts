/**
 * Registers the service worker (dist/sw.js, built by service-worker/plugin.ts) once the page has
 * loaded, so it never competes with the first render. Production builds only: `vite dev` has no worker.
 * `updateViaCache: 'none'`: the browser checks sw.js itself on every navigation, so a new build's worker
 * installs and takes over on the next page load (it calls skipWaiting).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  });
}
