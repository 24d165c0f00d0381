import { registerLocales } from '@/i18n';

/** Home, listings and the product page (namespace 'catalogue'). */
// Each language in its own chunk, loaded only in that language (decision 0082).
export const CATALOGUE_NS = registerLocales('catalogue', { en: () => import('./locales.en'), bn: () => import('./locales.bn') });
