import type { Locale } from '@/i18n';
import type en from './locales.en';

/** The Bangla of ./locales.en.ts, loaded only in Bangla (decision 0082). */
const bn: Locale<typeof en> = {
  placeholderOf: '"{{name}}" খুঁজুন',
  placeholderNames: {
    fashion: 'ফ্যাশন ও লাইফস্টাইল',
    baby: 'শিশু ও কিডস',
    beauty: 'রূপচর্চা ও ব্যক্তিগত যত্ন',
    electronics: 'ইলেকট্রনিক্স ও গ্যাজেট',
    home: 'ঘর ও রান্নাঘরের প্রয়োজনীয় জিনিস',
    seasonal: 'মৌসুমি ও উৎসবের পণ্য',
    diy: 'নিজে করুন ও ঘর মেরামত',
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
};

export default bn;
