import { PLACEHOLDER_CATEGORIES } from '@haat/shared/constants';
import { registerLocales } from '@/i18n';

// The header's typed placeholder (spec §2): the spec's words in English, their Bangla in Bangla.
const [fashion, baby, beauty, electronics, home, seasonal, diy] = PLACEHOLDER_CATEGORIES;

/** The search bar and the search page (namespace 'search'). */
const en = {
  placeholderOf: 'Search "{{name}}"',
  placeholderNames: { fashion, baby, beauty, electronics, home, seasonal, diy },
  searchProducts: 'Search products',
  backHome: 'Back to home',
  searchFor: 'Search for products...',
  searchForLabel: 'Search for products',
  title: 'Search: {{term}} | Haat',
  titleEmpty: 'Search | Haat',
  resultFor: 'Search Result for: <1>{{query}}</1>',
  products_one: '{{n}} product',
  products_other: '{{n}} products',
  productsHeading: 'Products',
  noData: 'No Data Found For this search',
};

/** The placeholder's categories, in the spec's order. */
export const PLACEHOLDER_KEYS = Object.keys(en.placeholderNames) as (keyof typeof en.placeholderNames)[];

export const SEARCH_NS = registerLocales('search', {
  en,
  bn: {
    placeholderOf: '"{{name}}" খুঁজুন',
    placeholderNames: {
      fashion: 'ফ্যাশন ও লাইফস্টাইল',
      baby: 'শিশু ও কিডস',
      beauty: 'রূপচর্চা ও ব্যক্তিগত যত্ন',
      electronics: 'ইলেকট্রনিক্স ও গ্যাজেট',
      home: 'ঘর ও রান্নাঘরের প্রয়োজনীয় জিনিস',
      seasonal: 'মৌসুমি ও উৎসবের পণ্য',
      diy: 'DIY ও ঘর মেরামত',
    },
    searchProducts: 'পণ্য খুঁজুন',
    backHome: 'হোমে ফিরে যান',
    searchFor: 'পণ্য খুঁজুন...',
    searchForLabel: 'পণ্য খুঁজুন',
    title: 'খোঁজ: {{term}} | Haat',
    titleEmpty: 'খোঁজ | Haat',
    resultFor: 'খোঁজের ফলাফল: <1>{{query}}</1>',
    products_one: '{{n}}টি পণ্য',
    products_other: '{{n}}টি পণ্য',
    productsHeading: 'পণ্য',
    noData: 'এই খোঁজে কিছু পাওয়া যায়নি',
  },
});

/** The English texts' shape, for i18next's typed keys (src/i18next.d.ts). */
export type Texts = typeof en;
