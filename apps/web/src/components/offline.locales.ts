import { registerLocales } from '@/i18n';

/** What the shop says when the network is gone (issue 14: an offline page in the current language). */
const en = {
  banner: 'You are offline. Pages you have already opened still work.',
  title: 'You are offline',
  text: 'This page has not been saved on this device yet. Connect to the internet and try again.',
  retry: 'Try again',
};

export const OFFLINE_NS = registerLocales('offline', {
  en,
  bn: {
    banner: 'আপনি অফলাইনে আছেন। আগে খোলা পাতাগুলো এখনও দেখা যাবে।',
    title: 'আপনি অফলাইনে আছেন',
    text: 'এই পাতাটি এখনও এই ডিভাইসে রাখা হয়নি। ইন্টারনেটে যুক্ত হয়ে আবার চেষ্টা করুন।',
    retry: 'আবার চেষ্টা করুন',
  },
});

/** The English texts' shape, for i18next's typed keys (src/i18next.d.ts). */
export type Texts = typeof en;
