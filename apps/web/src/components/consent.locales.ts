import { registerLocales } from '@/i18n';

/** The consent bar for ad and analytics measurement (issue 45): loaded only when the bar is shown. */
// Each language in its own chunk, loaded only in that language (decision 0082).
export const CONSENT_NS = registerLocales('consent', { en: () => import('./consent.locales.en'), bn: () => import('./consent.locales.bn') });
