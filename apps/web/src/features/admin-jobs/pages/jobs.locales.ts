import { registerLocales } from '@/i18n';

/** Texts of the page of failed background jobs (issue 24, decision 0073). */
const en = {
  title: 'Failed jobs',
  intro: 'Mails, SMS, courier bookings and the shop’s regular work (the bKash expiry sweep, the courier poll) that still failed after their last attempt. Fix the cause (the SMS balance, the mail server, a courier’s keys), then try again.',
  loading: 'Loading failed jobs',
  empty: 'No job has failed.',
  attempts: 'Attempts',
  error: 'Last error',
  failedAt: 'Failed',
  details: 'Details',
  retry: 'Try again',
  retried: 'Queued again.',
};

export const JOBS_NS = registerLocales('adminJobs', {
  en,
  bn: {
    title: 'ব্যর্থ কাজ',
    intro: 'মেইল, এসএমএস, কুরিয়ার বুকিং ও দোকানের নিয়মিত কাজ (বিকাশের মেয়াদ শেষের পরিষ্কার, কুরিয়ারের খোঁজ) যা শেষ চেষ্টার পরও ব্যর্থ হয়েছে। কারণটি ঠিক করুন (এসএমএস ব্যালান্স, মেইল সার্ভার, কুরিয়ারের চাবি), তারপর আবার চেষ্টা করুন।',
    loading: 'ব্যর্থ কাজ লোড হচ্ছে',
    empty: 'কোনো কাজ ব্যর্থ হয়নি।',
    attempts: 'চেষ্টা',
    error: 'শেষ ত্রুটি',
    failedAt: 'ব্যর্থ হয়েছে',
    details: 'বিস্তারিত',
    retry: 'আবার চেষ্টা করুন',
    retried: 'আবার সারিতে দেওয়া হয়েছে।',
  },
});
