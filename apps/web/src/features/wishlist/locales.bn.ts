import type { Locale } from '@/i18n';
import type en from './locales.en';

/** The Bangla of ./locales.en.ts, loaded only in Bangla (decision 0082). */
const bn: Locale<typeof en> = {
  save: 'উইশলিস্টে রাখুন',
  saved: 'আপনার উইশলিস্টে আছে',
  title: 'উইশলিস্ট',
  empty: 'আপনার উইশলিস্ট খালি।',
  remove: '{{name}} সরান',
  soldOut: 'স্টকে নেই: ফিরে এলে আপনার অ্যাকাউন্টের নম্বরে এসএমএস করব।',
  soldOutGuest: 'স্টকে নেই: ফিরে এলে এসএমএস পেতে মোবাইল দিয়ে সাইন ইন করুন।',
};

export default bn;
