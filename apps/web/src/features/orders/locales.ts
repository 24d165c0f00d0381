import { registerLocales } from '@/i18n';

/** My Orders (namespace 'orders'). */
const en = {
  title: 'My Orders',
  empty: 'You have not ordered anything yet.',
  shopNow: 'Shop Now',
  order: 'Order {{orderId}}',
  deliveryOf: 'Delivery of {{orderId}}',
  itemsTotal: 'Items Total',
  deliveryCharge: 'Delivery Charge',
  grandTotal: 'Grand Total',
  payment: {
    paid: 'Paid',
    trx: 'trxID {{id}}',
    unpaid: 'Unpaid',
    toConfirm: 'Payment not confirmed yet',
    refunded: 'Refunded',
    cod: 'Cash on delivery',
  },
};

export const ORDERS_NS = registerLocales('orders', {
  en,
  bn: {
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
      trx: 'trxID {{id}}',
      unpaid: 'অপরিশোধিত',
      toConfirm: 'পেমেন্ট এখনো নিশ্চিত হয়নি',
      refunded: 'টাকা ফেরত দেওয়া হয়েছে',
      cod: 'ক্যাশ অন ডেলিভারি',
    },
  },
});

/** The English texts' shape, for i18next's typed keys (src/i18next.d.ts). */
export type Texts = typeof en;
