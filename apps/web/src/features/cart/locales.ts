import { registerLocales } from '@/i18n';

/** The cart drawer, the header's cart button and the phone's cart bar (namespace 'cart'). */
// Each language in its own chunk, loaded only in that language (decision 0082).
export const CART_NS = registerLocales('cart', { en: () => import('./locales.en'), bn: () => import('./locales.bn') });
