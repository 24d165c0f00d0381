import { registerLocales } from '@/i18n';

/** Checkout, the payment dialog and the order result pages (namespace 'checkout'). */
// Each language in its own chunk, loaded only in that language (decision 0082).
export const CHECKOUT_NS = registerLocales('checkout', { en: () => import('./locales.en'), bn: () => import('./locales.bn') });
