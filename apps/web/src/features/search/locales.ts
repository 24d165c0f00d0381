import { registerLocales } from '@/i18n';

/** The search bar and the search page (namespace 'search'). */
const en = {
  placeholderOf: 'Search "{{name}}"',
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

export const SEARCH_NS = registerLocales('search', {
  en,
  bn: {
    placeholderOf: '"{{name}}" খুঁজুন',
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
