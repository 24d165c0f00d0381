import { registerLocales } from '@/i18n';

/** Returns, exchanges and refunds (issue 27, namespace 'returns'): the shopper's form and the owner's panel. */
// Each language in its own chunk, loaded only in that language (decision 0082).
export const RETURNS_NS = registerLocales('returns', { en: () => import('./locales.en'), bn: () => import('./locales.bn') });
