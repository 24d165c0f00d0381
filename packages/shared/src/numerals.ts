/**
 * The one style for numbers a person reads: Bengali digits, as the taka
 * amounts have (spec: bn-BD). Counts, pages, stock and dates all go through
 * here; identifiers (order ids, transaction ids) are codes and stay as typed.
 */
const countFormatter = new Intl.NumberFormat('bn-BD');
/**
 * Dates follow the UI's language (issue 14): English month names with Bengali
 * digits in English, as before; Bangla month names (bn-BD) in Bangla.
 */
const dateFormatters = {
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', numberingSystem: 'beng' }),
  bn: new Intl.DateTimeFormat('bn-BD', { dateStyle: 'medium', timeStyle: 'short' }),
};

/** Plain counts (quantities, pages, stock, percents) in Bengali digits. */
export function formatCount(n: number): string {
  return countFormatter.format(n);
}

/** A date and time, e.g. '২২ Nov ২০২৬, ১৬:৫১' in English, '২২ নভে, ২০২৬ ৪:৫১ PM' in Bangla. */
export function formatDate(date: Date | string, lang: 'en' | 'bn' = 'en'): string {
  return dateFormatters[lang].format(typeof date === 'string' ? new Date(date) : date);
}

/**
 * The noun for a count: 'item' for 1, else 'items' (or the plural given).
 * The server's English messages use it; the web's counts are i18next plurals
 * (`t('key', { count, n: formatCount(count) })`), which know Bangla's rules.
 */
export function nounFor(n: number, noun: string, pluralNoun = `${noun}s`): string {
  return n === 1 ? noun : pluralNoun;
}

/** 'n noun' with the plural where the count needs it: '১ item', '৩ items'. */
export function countOf(n: number, noun: string, pluralNoun?: string): string {
  return `${formatCount(n)} ${nounFor(n, noun, pluralNoun)}`;
}
