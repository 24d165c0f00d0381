import type { Locale } from '@/i18n';
import type en from './promotions.locales.en';

/** The Bangla of ./promotions.locales.en.ts, loaded only in Bangla (decision 0082). */
const bn: Locale<typeof en> = {
  voucherCode: 'ভাউচার কোড',
  voucherPlaceholder: 'যেমন EID10',
  apply: 'প্রয়োগ করুন',
  remove: 'সরান',
  applied: '{{code}} কোডটি প্রয়োগ হয়েছে',
  removeCode: '{{code}} কোডটি সরান',
  percentOff: '−{{n}} %',
  amountOff: '−{{amount}}',
  buyGet: '{{buy}}টি কিনলে {{get}}টি ফ্রি',
  freeDelivery: 'ফ্রি ডেলিভারি',
  deliverySaving: 'ডেলিভারি ছাড়',
  addForFreeDelivery: 'ফ্রি ডেলিভারির জন্য আরও {{amount}}-এর পণ্য যোগ করুন',
  freeDeliveryReached: 'আপনি ফ্রি ডেলিভারি পাচ্ছেন',
  discountTotal: 'ছাড়',
  promotions: 'অফার',
};

export default bn;
