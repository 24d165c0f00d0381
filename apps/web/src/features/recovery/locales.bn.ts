import type { Locale } from '@/i18n';
import type en from './locales.en';

/** A checkout recovery SMS's link, in Bangla (issue 45). */
const bn: Locale<typeof en> = {
  title: 'আপনার কার্ট',
  opening: 'আপনার কার্ট ফিরিয়ে আনা হচ্ছে…',
  restored: 'আপনার কার্ট ও ডেলিভারি ঠিকানা ফিরে এসেছে। প্রস্তুত হলে অর্ডার শেষ করুন।',
  voucher: 'আপনার ভাউচার {{code}} চেকআউটে যোগ করা হয়েছে।',
  checkout: 'চেকআউটে যান',
  stopIntro: 'এই রিমাইন্ডার চান না?',
  stop: 'এই এসএমএস বন্ধ করুন',
  stopping: 'সংরক্ষণ হচ্ছে…',
  stopped: 'সংরক্ষিত: এই নম্বরে আর কোনো রিমাইন্ডার এসএমএস যাবে না।',
};
export default bn;
