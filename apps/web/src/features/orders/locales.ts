import { registerLocales } from '@/i18n';

/** My Orders (namespace 'orders'). */
// Each language in its own chunk, loaded only in that language (decision 0082).
export const ORDERS_NS = registerLocales('orders', { en: () => import('./locales.en'), bn: () => import('./locales.bn') });
