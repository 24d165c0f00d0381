import { registerLocales } from '@/i18n';

/** The address page (namespace 'addresses'). */
// Each language in its own chunk, loaded only in that language (decision 0082).
export const ADDRESSES_NS = registerLocales('addresses', { en: () => import('./locales.en'), bn: () => import('./locales.bn') });
