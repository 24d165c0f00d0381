import { registerLocales } from '@/i18n';

/** /track (namespace 'track'). */
// Each language in its own chunk, loaded only in that language (decision 0082).
export const TRACK_NS = registerLocales('track', { en: () => import('./locales.en'), bn: () => import('./locales.bn') });
