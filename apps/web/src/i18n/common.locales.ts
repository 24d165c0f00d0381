import { registerLocales } from './index';

/** Texts the layout and shared components use (namespace 'common'). */
const en = {
  brand: 'Haat',
  homeLink: 'Haat home',
  menu: 'Menu',
  language: {
    /** The toggle is named after the language it switches to (issue 14 contract). */
    switchTo: 'বাংলা',
    switchHint: 'Switch the shop to Bangla',
  },
};

export const COMMON_NS = registerLocales('common', {
  en,
  bn: {
    brand: 'Haat',
    homeLink: 'Haat হোম',
    menu: 'মেনু',
    language: {
      switchTo: 'English',
      switchHint: 'দোকানটি ইংরেজিতে দেখুন',
    },
  },
});

/** The English texts' shape, for i18next's typed keys (src/i18next.d.ts). */
export type Texts = typeof en;
