import type { Locale } from '@/i18n';
import type en from './common.locales.en';

/** The Bangla of ./common.locales.en.ts, loaded only in Bangla (decision 0082). */
const bn: Locale<typeof en> = {
  brand: 'Haat',
  homeLink: 'Haat হোম',
  menu: 'মেনু',
  language: {
    switchTo: 'English',
    switchHint: 'দোকানটি ইংরেজিতে দেখুন',
  },
};

export default bn;
