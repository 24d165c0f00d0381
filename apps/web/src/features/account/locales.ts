import { registerLocales } from '@/i18n';
import type en from './locales.en';

/** The account menu, the profile page and the avatar dialog (namespace 'account'). */
// Each language in its own chunk, loaded only in that language (decision 0082).
export const ACCOUNT_NS = registerLocales('account', { en: () => import('./locales.en'), bn: () => import('./locales.bn') });

/** The English texts' shape, for i18next's typed keys (src/i18next.d.ts). */
export type Texts = typeof en;
