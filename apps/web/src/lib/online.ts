import { useSyncExternalStore } from 'react';

/**
 * Whether the browser thinks it is online (issue 14, docs/decisions/0040-pwa.md).
 * `navigator.onLine` false is reliable ("no network at all"); true only means
 * "maybe", so a request can still fail and the screens handle that too.
 */
function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export const isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/**
 * A query whose data could not come from the network nor from the service
 * worker's cache: it waits for the network ('paused', networkMode
 * 'offlineFirst'), or its last try failed with a network error while the
 * browser is offline (shown at once, not after the retries).
 */
export function cannotLoadOffline(query: { fetchStatus: string; error: unknown; failureReason: unknown }): boolean {
  if (query.fetchStatus === 'paused') return true;
  const failure = (query.error ?? query.failureReason) as { status?: number } | null;
  return !isOnline() && failure?.status === 0;
}
