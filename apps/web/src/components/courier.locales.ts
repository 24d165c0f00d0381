import { registerLocales } from '@/i18n';

/**
 * The courier's words (a parcel's stages, the couriers' own statuses): apart from 'components' so
 * that they load with the timeline that shows them, not with every first page (decision 0082).
 */
export const COURIER_WORDS_NS = registerLocales('courierWords', { en: () => import('./courier.locales.en'), bn: () => import('./courier.locales.bn') });
