/**
 * react-hot-toast's success and error toasts, its code loaded on first use (issue 25): the modules
 * every storefront page loads (add to cart, addresses, log out) raise toasts, but no page needs one
 * to show, so its 4.6 KB gzip stay out of the first load. Toasts shows them once mounted.
 */
export const toast = {
  success: (text: string) => void import('react-hot-toast').then(({ default: hot }) => hot.success(text)),
  error: (text: string) => void import('react-hot-toast').then(({ default: hot }) => hot.error(text)),
};
