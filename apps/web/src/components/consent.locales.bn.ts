import type { Locale } from '@/i18n';
import type en from './consent.locales.en';

/** The Bangla of ./consent.locales.en.ts, loaded only in Bangla (decision 0082). */
const bn: Locale<typeof en> = {
  label: 'বিজ্ঞাপন ও পরিসংখ্যান',
  text: 'আপনি এখানে কোন পণ্য দেখেন ও কেনেন, তা কি আমরা ফেসবুক ও গুগলকে জানাতে পারি, যাতে দোকান বুঝতে পারে কোন বিজ্ঞাপন কাজ করছে? আপনি রাজি না হওয়া পর্যন্ত কিছুই জানানো হয় না।',
  allow: 'রাজি',
  deny: 'না, ধন্যবাদ',
};

export default bn;
