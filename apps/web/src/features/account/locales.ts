import { registerLocales } from '@/i18n';

/** The account menu, the profile page and the avatar dialog (namespace 'account'). */
// Each language in its own chunk, loaded only in that language (decision 0082).
export const ACCOUNT_NS = registerLocales('account', { en: () => import('./locales.en'), bn: () => import('./locales.bn') });
