import { registerLocales } from '@/i18n';

/** What shoppers see of promotions (issue 22): badges, the voucher field, the quote's lines, an order's promotions (namespace 'promotions'). */
const en = {
  voucherCode: 'Voucher code',
  voucherPlaceholder: 'e.g. EID10',
  apply: 'Apply',
  remove: 'Remove',
  applied: 'Code {{code}} applied',
  removeCode: 'Remove code {{code}}',
  percentOff: '−{{n}} %',
  amountOff: '−{{amount}}',
  buyGet: 'Buy {{buy}} get {{get}}',
  freeDelivery: 'Free delivery',
  deliverySaving: 'Delivery discount',
  addForFreeDelivery: 'Add {{amount}} more for free delivery',
  freeDeliveryReached: 'You get free delivery',
  discountTotal: 'Discount',
  promotions: 'Promotions',
};

export const PROMOTIONS_NS = registerLocales('promotions', {
  en,
  bn: {
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
  },
});

/** The English texts' shape, for i18next's typed keys (src/i18next.d.ts). */
export type Texts = typeof en;
