/**
 * Registers the service worker (vite-plugin-pwa's generateSW, see
 * apps/web/vite.config.ts and docs/decisions/0040-pwa.md) once the page has
 * loaded, so its precache downloads never compete with the first page.
 * Only in a production build: `vite dev` has no sw.js.
 */
const RELOAD_KEY = 'haat.chunkReload';

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

  // A new deploy's worker takes over at once (skipWaiting) and drops the old chunks; a page
  // still running the old build then fails to load a lazy page. Online, reload once into the new build.
  window.addEventListener('vite:preloadError', (event) => {
    if (!navigator.onLine) return;
    const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (Date.now() - last < 10_000) return;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  });
}
