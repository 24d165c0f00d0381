import { useEffect, useState, useSyncExternalStore } from 'react';

/** True while main.tsx takes over the server's markup (a synchronous hydrate). */
let takingOver = false;

/** Runs `hydrate` (main.tsx's take-over of a server-rendered page) with every useHydrated() false in its render. */
export function takeOver(hydrate: () => void): void {
  takingOver = true;
  try {
    hydrate();
  } finally {
    takingOver = false;
  }
}

/**
 * False while the server renders a page and while the browser takes over that markup, true after
 * (and at once on a page the browser renders itself): a component whose first look depends on the
 * browser (a media query, an animation, what localStorage holds) shows the server's look until
 * then, so the markup matches. Preact (decision 0082) keeps the DOM it hydrates as it is, and its
 * useSyncExternalStore has no server snapshot, so this is a state, not React's hydration rule.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => typeof window !== 'undefined' && !takingOver);
  useEffect(() => {
    if (!hydrated) setHydrated(true);
  }, [hydrated]);
  return hydrated;
}

/**
 * useSyncExternalStore with React's rule for server-rendered pages: the server's snapshot on the
 * server and while the browser takes over its markup, the browser's right after.
 */
export function useBrowserStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T, getServerSnapshot: () => T): T {
  const hydrated = useHydrated();
  const value = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return hydrated ? value : getServerSnapshot();
}

/**
 * React focuses an `autoFocus` field when it mounts; Preact (decision 0082) only writes the
 * attribute, which a browser acts on at page load alone. A field that keeps `autoFocus` (for the
 * server's markup) calls this too: `target` is its id, or a ref. On mount only, as React does.
 */
export function useFocusOnMount(target: string | { readonly current: HTMLElement | null } | undefined, on: boolean | undefined): void {
  useEffect(() => {
    if (!on || !target) return;
    (typeof target === 'string' ? document.getElementById(target) : target.current)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the field appears
  }, []);
}
