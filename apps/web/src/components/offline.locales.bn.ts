import type { Locale } from '@/i18n';
import type en from './offline.locales.en';

/** The Bangla of ./offline.locales.en.ts, loaded only in Bangla (decision 0082). */
const bn: Locale<typeof en> = {
  banner: 'আপনি অফলাইনে আছেন। আগে খোলা পাতাগুলো এখনও দেখা যাবে।',
  title: 'আপনি অফলাইনে আছেন',
  text: 'এই পাতাটি এখনও এই ডিভাইসে রাখা হয়নি। ইন্টারনেটে যুক্ত হয়ে আবার চেষ্টা করুন।',
  retry: 'আবার চেষ্টা করুন',
};

export default bn;
