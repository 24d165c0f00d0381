import { registerLocales } from '@/i18n';

/** The policy pages and the complaints form (namespace 'policies'). */
const en = {
  updated: 'Last updated {{date}}',
  complaint: {
    title: 'Make a complaint',
    intro: 'Tell us what went wrong. We act on every complaint within {{hours}} hours and call you on the mobile you give.',
    name: 'Your name',
    mobile: 'Mobile number',
    orderId: 'Order number (if any)',
    text: 'What happened?',
    send: 'Send complaint',
    sending: 'Sending…',
    sent: 'Thank you. Your complaint is received; we will act on it by {{due}}.',
    government: 'You may also complain to the Directorate of National Consumer Rights Protection:',
  },
};

export const POLICIES_NS = registerLocales('policies', {
  en,
  bn: {
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
  },
});

/** The English texts' shape, for i18next's typed keys (src/i18next.d.ts). */
export type Texts = typeof en;
