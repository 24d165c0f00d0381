import type { Locale } from '@/i18n';
import type en from './locales.en';

/** The Bangla of ./locales.en.ts, loaded only in Bangla (decision 0082). */
const bn: Locale<typeof en> = {
  updated: 'সর্বশেষ হালনাগাদ {{date}}',
  complaint: {
    title: 'অভিযোগ করুন',
    intro: 'কী সমস্যা হয়েছে জানান। প্রতিটি অভিযোগে আমরা {{hours}} ঘণ্টার মধ্যে ব্যবস্থা নিই এবং আপনার দেওয়া মোবাইলে ফোন করি।',
    name: 'আপনার নাম',
    mobile: 'মোবাইল নম্বর',
    orderId: 'অর্ডার নম্বর (থাকলে)',
    text: 'কী হয়েছিল?',
    send: 'অভিযোগ পাঠান',
    sending: 'পাঠানো হচ্ছে…',
    sent: 'ধন্যবাদ। আপনার অভিযোগ পেয়েছি; {{due}}-এর মধ্যে ব্যবস্থা নেব।',
    government: 'জাতীয় ভোক্তা-অধিকার সংরক্ষণ অধিদপ্তরেও অভিযোগ করতে পারেন:',
  },
};

export default bn;
