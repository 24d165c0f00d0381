import type { Locale } from '@/i18n';
import type en from './locales.en';

/** The Bangla of ./locales.en.ts, loaded only in Bangla (decision 0082). */
const bn: Locale<typeof en> = {
  title: 'আপনার অর্ডার ট্র্যাক করুন',
  orderId: 'অর্ডার আইডি',
  orderIdExample: 'HT-20261122-7Q4K9M',
  mobileExample: '০১৭০০০০০০০০',
  mobile: 'মোবাইল নম্বর',
  check: 'অর্ডার আইডি ও মোবাইল নম্বর দেখে নিন।',
  looking: 'খোঁজা হচ্ছে…',
  track: 'ট্র্যাক করুন',
  order: 'অর্ডার {{orderId}}',
  orderLabel: 'অর্ডার',
  steps: 'ধাপসমূহ',
  notYet: 'এখনো হয়নি',
  updates: 'খবরাখবর',
  payment: 'টাকার হিসাব',
  total: 'অর্ডারের মোট',
  paid: 'পরিশোধ হয়েছে',
  dueOnDelivery: 'ডেলিভারির সময় দিতে হবে',
  refundDone: 'ফেরত দেওয়া হয়েছে',
  refundDue: 'ফেরত দেওয়া হবে',
  exchanges: 'এক্সচেঞ্জ',
  exchange: '{{n}} × {{name}}: {{from}} থেকে {{to}} ({{state}})',
  exchangeState: { requested: 'অনুরোধ করা হয়েছে', approved: 'অনুমোদিত', rejected: 'নাকচ হয়েছে', received: 'ফেরত পাওয়া গেছে' },
};

export default bn;
