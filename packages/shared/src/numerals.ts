/**
 * Numbers a person reads, in the language they read the page in (decision
 * 0050): English → Latin digits and English month names; Bangla → Bengali
 * digits, Bangla month names and Bangla for AM/PM. Taka amounts are the one
 * exception: always bn-BD, as the spec says (money.ts). Identifiers (order
 * ids, tracking codes) are codes and stay as typed.
 */
export type NumeralLang = 'en' | 'bn';

const countFormatters: Record<NumeralLang, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en-US'),
  bn: new Intl.NumberFormat('bn-BD'),
};
const yearFormatters: Record<NumeralLang, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en-US', { useGrouping: false }),
  bn: new Intl.NumberFormat('bn-BD', { useGrouping: false }),
};
const dateFormatters: Record<NumeralLang, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }),
  bn: new Intl.DateTimeFormat('bn-BD', { dateStyle: 'medium', timeStyle: 'short' }),
};
// A calendar day ('2026-12-07') is no instant: read and written in UTC, it is the same day in every zone.
const dayFormatters: Record<NumeralLang, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }),
  bn: new Intl.DateTimeFormat('bn-BD', { dateStyle: 'medium', timeZone: 'UTC' }),
};
const timeFormatters: Record<NumeralLang, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', { timeStyle: 'short' }),
  bn: new Intl.DateTimeFormat('bn-BD', { timeStyle: 'short' }),
};
/** ICU's bn-BD still writes 'AM'/'PM'; these are the Bangla words for them. */
const BANGLA_DAY_PERIOD: Record<string, string> = { AM: 'পূর্বাহ্ণ', PM: 'অপরাহ্ণ' };
const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

/** Plain counts (quantities, pages, stock, percents): '1,197' in English, '১,১৯৭' in Bangla. */
export function formatCount(n: number, lang: NumeralLang): string {
  return countFormatters[lang].format(n);
}

/** A year without a thousands separator: '2026' / '২০২৬'. */
export function formatYear(year: number, lang: NumeralLang): string {
  return yearFormatters[lang].format(year);
}

/**
 * Any run of ASCII digits in a text in the page's digits: phone numbers on
 * printed pages, numbers inside a courier's or the server's words. Bangla only;
 * English leaves the text as it is.
 */
export function localDigits(text: string, lang: NumeralLang): string {
  return lang === 'bn' ? text.replace(/[0-9]/g, (d) => BENGALI_DIGITS[Number(d)]!) : text;
}

/** A date and time: '22 Nov 2026, 16:51' in English, '২২ নভে, ২০২৬, ৪:৫১ অপরাহ্ণ' in Bangla. */
export function formatDate(date: Date | string, lang: NumeralLang): string {
  return formatWith(dateFormatters, date, lang);
}

/** A calendar day ('2026-12-07', e.g. a Dhaka week's Monday) as that day in any browser's zone: '7 Dec 2026' / '৭ ডিসে, ২০২৬'. */
export function formatDay(day: string, lang: NumeralLang): string {
  return formatWith(dayFormatters, `${day.slice(0, 10)}T00:00:00Z`, lang);
}

/** A time of day: '16:51' in English, '৪:৫১ অপরাহ্ণ' in Bangla. */
export function formatTime(date: Date | string, lang: NumeralLang): string {
  return formatWith(timeFormatters, date, lang);
}

function formatWith(formatters: Record<NumeralLang, Intl.DateTimeFormat>, date: Date | string, lang: NumeralLang): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  if (lang === 'en') return formatters.en.format(d);
  return formatters.bn
    .formatToParts(d)
    .map((p) => (p.type === 'dayPeriod' ? (BANGLA_DAY_PERIOD[p.value] ?? p.value) : p.value))
    .join('');
}

/**
 * The noun for a count: 'item' for 1, else 'items' (or the plural given).
 * The web's counts are plurals of its `t` (`t('key', { count, n: formatCount(count) })`,
 * key_one / key_other by Intl.PluralRules), which know Bangla's rules.
 */
export function nounFor(n: number, noun: string, pluralNoun = `${noun}s`): string {
  return n === 1 ? noun : pluralNoun;
}

/** 'n noun' in English with the plural where the count needs it: '1 item', '3 items'. */
export function countOf(n: number, noun: string, pluralNoun?: string): string {
  return `${formatCount(n, 'en')} ${nounFor(n, noun, pluralNoun)}`;
}
