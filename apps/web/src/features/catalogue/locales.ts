import { registerLocales } from '@/i18n';
import type en from './locales.en';

/** Home, listings and the product page (namespace 'catalogue'). */
// Each language in its own chunk, loaded only in that language (decision 0082).
export const CATALOGUE_NS = registerLocales('catalogue', { en: () => import('./locales.en'), bn: () => import('./locales.bn') });

/** The English texts' shape, for i18next's typed keys (src/i18next.d.ts). */
export type Texts = typeof en;
