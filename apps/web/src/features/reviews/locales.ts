import { registerLocales } from '@/i18n';

/** Reviews: the product page's section, the review form and the owner's moderation (namespace 'reviews', issue 47). */
export const REVIEWS_NS = registerLocales('reviews', { en: () => import('./locales.en'), bn: () => import('./locales.bn') });
