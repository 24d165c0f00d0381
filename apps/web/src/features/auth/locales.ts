import { registerLocales } from '@/i18n';

/** Login, register, forgot/reset password and the OTP (namespace 'auth'). */
// Each language in its own chunk, loaded only in that language (decision 0082).
export const AUTH_NS = registerLocales('auth', { en: () => import('./locales.en'), bn: () => import('./locales.bn') });
