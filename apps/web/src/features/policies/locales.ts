import { registerLocales } from '@/i18n';

/** The policy pages and the complaints form (namespace 'policies'). */
// Each language in its own chunk, loaded only in that language (decision 0082).
export const POLICIES_NS = registerLocales('policies', { en: () => import('./locales.en'), bn: () => import('./locales.bn') });
