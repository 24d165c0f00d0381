import { registerLocales } from './index';

/** Texts the layout and shared components use (namespace 'common'). */
// Each language in its own chunk, loaded only in that language (decision 0082).
export const COMMON_NS = registerLocales('common', { en: () => import('./common.locales.en'), bn: () => import('./common.locales.bn') });
