import type { Locale } from '@/i18n';
import type en from './shopinfo.locales.en';

/** The Bangla of ./shopinfo.locales.en.ts, loaded only in Bangla (decision 0082). */
const bn: Locale<typeof en> = {
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
};

export default bn;
