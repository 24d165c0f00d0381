import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server renders a page and while the browser takes over that markup, true after
 * (and at once on a page the browser renders itself): a component whose first look depends on the
 * browser (a media query, an animation) shows the server's look until then, so the markup matches.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
