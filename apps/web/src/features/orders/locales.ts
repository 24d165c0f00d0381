import { registerLocales } from '@/i18n';
import type en from './locales.en';

/** My Orders (namespace 'orders'). */
// Each language in its own chunk, loaded only in that language (decision 0082).
export const ORDERS_NS = registerLocales('orders', { en: () => import('./locales.en'), bn: () => import('./locales.bn') });

/** The English texts' shape, for i18next's typed keys (src/i18next.d.ts). */
export type Texts = typeof en;
