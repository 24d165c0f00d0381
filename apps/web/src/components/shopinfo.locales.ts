import { registerLocales } from '@/i18n';

/** What every page shows of the shop (issue 27, decision 0077): business details, policy links, product promises (namespace 'shopInfo'). */
const en = {
  policies: 'Shop policies',
  terms: 'Terms and Conditions',
  returns: 'Return & Refund Policy',
  delivery: 'Delivery Policy',
  privacy: 'Privacy Policy',
  complain: 'Complaints',
  dncrp: 'Consumer complaints to the government (DNCRP)',
  tradeLicence: 'Trade licence: {{value}}',
  dbid: 'DBID: {{value}}',
  bin: 'BIN: {{value}}',
  promises: {
    title: 'Delivery and returns',
    charge: 'Delivery charge',
    chargeValue: 'Inside Dhaka {{inside}} · Outside Dhaka {{outside}}',
    free: 'Free delivery',
    time: 'Delivery time',
    timeValue: 'Inside Dhaka within {{inside}} days · Elsewhere within {{outside}} days',
    returns: 'Returns',
    returnsValue: 'Return or exchange within {{days}} days of delivery.',
    policy: 'Return & Refund Policy',
  },
};

export const SHOP_INFO_NS = registerLocales('shopInfo', {
  en,
  bn: {
    policies: 'দোকানের নীতিমালা',
    terms: 'শর্তাবলি',
    returns: 'রিটার্ন ও রিফান্ড নীতি',
    delivery: 'ডেলিভারি নীতি',
    privacy: 'গোপনীয়তা নীতি',
    complain: 'অভিযোগ',
    dncrp: 'সরকারের কাছে ভোক্তা-অভিযোগ (জাতীয় ভোক্তা-অধিকার সংরক্ষণ অধিদপ্তর)',
    tradeLicence: 'ট্রেড লাইসেন্স: {{value}}',
    dbid: 'ডিবিআইডি: {{value}}',
    bin: 'বিআইএন: {{value}}',
    promises: {
      title: 'ডেলিভারি ও রিটার্ন',
      charge: 'ডেলিভারি চার্জ',
      chargeValue: 'ঢাকার ভেতরে {{inside}} · ঢাকার বাইরে {{outside}}',
      free: 'ফ্রি ডেলিভারি',
      time: 'ডেলিভারির সময়',
      timeValue: 'ঢাকার ভেতরে {{inside}} দিনের মধ্যে · অন্যত্র {{outside}} দিনের মধ্যে',
      returns: 'রিটার্ন',
      returnsValue: 'ডেলিভারির {{days}} দিনের মধ্যে ফেরত বা বদল করা যায়।',
      policy: 'রিটার্ন ও রিফান্ড নীতি',
    },
  },
});

/** The English texts' shape, for i18next's typed keys (src/i18next.d.ts). */
export type Texts = typeof en;
