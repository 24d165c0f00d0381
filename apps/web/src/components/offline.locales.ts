import { registerLocales } from '@/i18n';

/** What the shop says when the network is gone (issue 14: an offline page in the current language). */
// Each language in its own chunk, loaded only in that language (decision 0082).
export const OFFLINE_NS = registerLocales('offline', { en: () => import('./offline.locales.en'), bn: () => import('./offline.locales.bn') });
