import { registerLocales } from '@/i18n';

/** A checkout recovery SMS's link (namespace 'recovery', issue 45). */
// Each language in its own chunk, loaded only in that language (decision 0082).
export const RECOVERY_NS = registerLocales('recovery', { en: () => import('./locales.en'), bn: () => import('./locales.bn') });
