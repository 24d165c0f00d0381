import { PLACEHOLDER_CATEGORIES } from '@haat/shared/constants';

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

export default en;
