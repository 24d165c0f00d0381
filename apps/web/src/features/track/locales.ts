import { registerLocales } from '@/i18n';

/** /track (namespace 'track'). */
const en = {
  title: 'Track your order',
  orderId: 'Order ID',
  orderIdExample: 'HT-20261122-7Q4K9M',
  mobileExample: '01XXXXXXXXX',
  mobile: 'Mobile number',
  check: 'Check the order id and mobile number.',
  looking: 'Looking…',
  track: 'Track',
  order: 'Order {{orderId}}',
  orderLabel: 'Order',
  steps: 'Steps',
  notYet: 'Not yet',
  updates: 'Updates',
};

export const TRACK_NS = registerLocales('track', {
  en,
  bn: {
    title: 'আপনার অর্ডার ট্র্যাক করুন',
    orderId: 'অর্ডার আইডি',
    orderIdExample: 'HT-20261122-7Q4K9M',
    mobileExample: '01XXXXXXXXX',
    mobile: 'মোবাইল নম্বর',
    check: 'অর্ডার আইডি ও মোবাইল নম্বর দেখে নিন।',
    looking: 'খোঁজা হচ্ছে…',
    track: 'ট্র্যাক করুন',
    order: 'অর্ডার {{orderId}}',
    orderLabel: 'অর্ডার',
    steps: 'ধাপসমূহ',
    notYet: 'এখনো হয়নি',
    updates: 'খবরাখবর',
  },
});

/** The English texts' shape, for i18next's typed keys (src/i18next.d.ts). */
export type Texts = typeof en;
