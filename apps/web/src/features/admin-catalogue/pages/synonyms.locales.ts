import { registerLocales } from '@/i18n';

/** Texts of the admin's Search synonyms page (issue 19, decision 0049). */
const en = {
  title: 'Search synonyms',
  intro: 'Words shoppers use for the same thing. A search for any word of a group also finds products named with the others, in English and Bangla.',
  label: 'Synonym groups, one group per line, words separated by commas',
  example: 'For example: saree, sari, shari, শাড়ি',
  groups: 'Groups: {{n}}',
  save: 'Save synonyms',
  saved: 'Search synonyms saved.',
  loading: 'Loading synonyms',
};

export const SYNONYMS_NS = registerLocales('adminSynonyms', {
  en,
  bn: {
    title: 'সার্চের সমার্থক শব্দ',
    intro: 'একই জিনিস বোঝাতে ক্রেতারা যে শব্দগুলো লেখেন। একটি দলের যেকোনো শব্দ দিয়ে খুঁজলে বাকি শব্দের নামে থাকা পণ্যও পাওয়া যায়, ইংরেজি ও বাংলায়।',
    label: 'সমার্থক শব্দের দল, প্রতি লাইনে একটি দল, শব্দগুলো কমা দিয়ে আলাদা',
    example: 'যেমন: saree, sari, shari, শাড়ি',
    groups: 'দল: {{n}}টি',
    save: 'সমার্থক শব্দ সংরক্ষণ করুন',
    saved: 'সার্চের সমার্থক শব্দ সংরক্ষণ হয়েছে।',
    loading: 'সমার্থক শব্দ লোড হচ্ছে',
  },
});
