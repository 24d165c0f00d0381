const RELOAD_KEY = 'haat.chunkReload';

/**
 * A new deploy's worker takes over at once (skipWaiting) and drops the old chunks; a page
 * still running the old build then fails to load a lazy page. Online, reload once into the new build.
 */
export function reloadOnStaleChunks(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (!navigator.onLine) return;
    const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (Date.now() - last < 10_000) return;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  });
}
