import { registerLocales } from '@/i18n';

/** What shoppers see of promotions (issue 22): badges, the voucher field, the quote's lines, an order's promotions (namespace 'promotions'). */
// Each language in its own chunk, loaded only in that language (decision 0082).
export const PROMOTIONS_NS = registerLocales('promotions', { en: () => import('./promotions.locales.en'), bn: () => import('./promotions.locales.bn') });
