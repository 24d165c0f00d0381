import { registerLocales } from '@/i18n';
import type en from './locales.en';

/** Login, register, forgot/reset password and the OTP (namespace 'auth'). */
// Each language in its own chunk, loaded only in that language (decision 0082).
export const AUTH_NS = registerLocales('auth', { en: () => import('./locales.en'), bn: () => import('./locales.bn') });

/** The English texts' shape, for i18next's typed keys (src/i18next.d.ts). */
export type Texts = typeof en;
