/**
 * Registers the service worker (vite-plugin-pwa's generateSW, see
 * apps/web/vite.config.ts and docs/decisions/0040-pwa.md) once the page has
 * loaded, so its precache downloads never compete with the first page.
 * Only in a production build: `vite dev` has no sw.js. main.tsx loads this
 * module once the page has loaded (decision 0082: not in the first page's code).
 */

/** `servedUrls`: the API reads a server-rendered page's data came from, which the page itself never fetched. */
export function registerServiceWorker(servedUrls: string[] = []): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err) => console.error('service worker registration failed', err));
  };
  if (!navigator.serviceWorker.controller) {
    // The first visit loaded its page's code, product and pictures before the worker existed. Once it takes
    // over (clientsClaim), hand it their URLs: Workbox runs each through its routes (CACHE_URLS),
    // so the page opens offline too; URLs no route caches (cart, user…) are ignored by it.
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        const urls = performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((u) => ['/api/', '/uploads/', '/assets/'].some((p) => u.startsWith(`${location.origin}${p}`)))
          .concat(servedUrls.map((u) => `${location.origin}${u}`));
        navigator.serviceWorker.controller?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: urls } });
      },
      { once: true },
    );
  }
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
