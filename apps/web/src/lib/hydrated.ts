import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates that markup, true after
 * (and at once on a page the browser renders itself): a component whose first look depends on the
 * browser (a media query, an animation) shows the server's look until then, so the markup matches.
 * React's own rule: useSyncExternalStore's server snapshot during hydration, then the browser's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
