import { registerLocales } from '@/i18n';

/** What every page shows of the shop (issue 27, decision 0077): business details, policy links, product promises (namespace 'shopInfo'). */
// Each language in its own chunk, loaded only in that language (decision 0082).
export const SHOP_INFO_NS = registerLocales('shopInfo', { en: () => import('./shopinfo.locales.en'), bn: () => import('./shopinfo.locales.bn') });
