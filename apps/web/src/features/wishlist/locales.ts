import { registerLocales } from '@/i18n';

/** The wishlist (namespace 'wishlist', issue 45). */
// Each language in its own chunk, loaded only in that language (decision 0082).
export const WISHLIST_NS = registerLocales('wishlist', { en: () => import('./locales.en'), bn: () => import('./locales.bn') });
