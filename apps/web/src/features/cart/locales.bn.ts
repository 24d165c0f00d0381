import type { Locale } from '@/i18n';
import type en from './locales.en';

/** The Bangla of ./locales.en.ts, loaded only in Bangla (decision 0082). */
const bn: Locale<typeof en> = {
  items_one: '{{n}}টি পণ্য',
  items_other: '{{n}}টি পণ্য',
  itemCount_one: '{{n}}টি পণ্য',
  itemCount_other: '{{n}}টি পণ্য',
  myCart: 'আমার কার্ট',
  viewCart: 'কার্ট দেখুন',
  cart: 'কার্ট',
  closeCart: 'কার্ট বন্ধ করুন',
  emptyCart: 'খালি কার্ট',
  noItems: 'আপনার কার্টে কোনো পণ্য নেই',
  shopNow: 'কেনাকাটা করুন',
  totalSavings: 'আপনার মোট সাশ্রয়',
  cartItems: 'কার্টের পণ্য',
  billDetails: 'বিলের বিবরণ',
  itemsTotal: 'পণ্যের মোট দাম',
  totalQuantity: 'মোট পরিমাণ',
  deliveryCharge: 'ডেলিভারি চার্জ',
  free: 'ফ্রি',
  insideDhaka: 'ঢাকার ভেতরে: {{fee}}',
  outsideDhaka: 'ঢাকার বাইরে: {{fee}}',
  grandTotal: 'সর্বমোট',
  checkout: 'চেকআউট',
};

export default bn;
