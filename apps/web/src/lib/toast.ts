/**
 * react-hot-toast's success and error toasts, its code loaded on first use (issue 25): the modules
 * every storefront page loads (add to cart, addresses, log out) raise toasts, but no page needs one
 * to show, so its 4.6 KB gzip stay out of the first load.
 *
 * A toast is made only once the toast area (Toasts, itself loaded after the first paint) is mounted:
 * react-hot-toast times a toast from its making, so one made while the area was still loading on a
 * slow phone (Add To Cart tapped at once) was dismissed the moment the area mounted, never seen.
 */
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => (markMounted = resolve));

/** Called by the toast area when it mounts. */
export const toastAreaMounted = () => markMounted();

const shown = () => Promise.all([import('react-hot-toast'), mounted]).then(([{ default: hot }]) => hot);

export const toast = {
  success: (text: string) => void shown().then((hot) => hot.success(text)),
  error: (text: string) => void shown().then((hot) => hot.error(text)),
};
