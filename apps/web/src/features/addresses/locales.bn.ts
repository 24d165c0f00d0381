import type { Locale } from '@/i18n';
import type en from './locales.en';

/** The Bangla of ./locales.en.ts, loaded only in Bangla (decision 0082). */
const bn: Locale<typeof en> = {
  title: 'ঠিকানা',
  edit: '{{address}} বদলান',
  delete: '{{address}} মুছুন',
};

export default bn;
