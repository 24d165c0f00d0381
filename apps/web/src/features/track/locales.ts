import { registerLocales } from '@/i18n';
import type en from './locales.en';

/** /track (namespace 'track'). */
// Each language in its own chunk, loaded only in that language (decision 0082).
export const TRACK_NS = registerLocales('track', { en: () => import('./locales.en'), bn: () => import('./locales.bn') });

/** The English texts' shape, for i18next's typed keys (src/i18next.d.ts). */
export type Texts = typeof en;
