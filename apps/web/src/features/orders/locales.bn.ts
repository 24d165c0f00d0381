import type { Locale } from '@/i18n';
import type en from './locales.en';

/** The Bangla of ./locales.en.ts, loaded only in Bangla (decision 0082). */
const bn: Locale<typeof en> = {
  title: 'আমার অর্ডার',
  empty: 'আপনি এখনো কিছু অর্ডার করেননি।',
  shopNow: 'কেনাকাটা করুন',
  order: 'অর্ডার {{orderId}}',
  deliveryOf: '{{orderId}} অর্ডারের ডেলিভারি',
  itemsTotal: 'পণ্যের মোট দাম',
  deliveryCharge: 'ডেলিভারি চার্জ',
  grandTotal: 'সর্বমোট',
  payment: {
    paid: 'পরিশোধিত',
    trx: 'ট্রানজেকশন আইডি {{id}}',
    unpaid: 'অপরিশোধিত',
    toConfirm: 'পেমেন্ট এখনো নিশ্চিত হয়নি',
    refunded: 'টাকা ফেরত দেওয়া হয়েছে',
    cod: 'ক্যাশ অন ডেলিভারি',
  },
};

export default bn;
