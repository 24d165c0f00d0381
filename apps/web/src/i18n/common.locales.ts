import { registerLocales } from './index';
import type en from './common.locales.en';

/** Texts the layout and shared components use (namespace 'common'). */
// Each language in its own chunk, loaded only in that language (decision 0082).
export const COMMON_NS = registerLocales('common', { en: () => import('./common.locales.en'), bn: () => import('./common.locales.bn') });

/** The English texts' shape, for i18next's typed keys (src/i18next.d.ts). */
export type Texts = typeof en;
