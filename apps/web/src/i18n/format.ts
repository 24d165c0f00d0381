import { useLang, currentLang } from './index';
import { formatCount as formatCountIn, formatDate as formatDateIn, formatDay as formatDayIn, formatTime as formatTimeIn, formatYear as formatYearIn, localDigits as localDigitsIn } from '@haat/shared/numerals';

/*
 * Numbers in the interface's language, whole (decision 0050): Latin digits in
 * English, Bengali digits in Bangla. Money is not here: formatTaka is bn-BD in
 * both. These read the language when called, so a component that shows them
 * must re-render on a language change: every caller already has useT (or useLang).
 */

/** A count in the interface's digits: '1,197' / '১,১৯৭'. */
export function formatCount(n: number): string {
  return formatCountIn(n, currentLang());
}

/** A year in the interface's digits, without a separator: '2026' / '২০২৬'. */
export function formatYear(year: number): string {
  return formatYearIn(year, currentLang());
}

/** A date and time in the interface's language: '22 Nov 2026, 16:51' / '২২ নভে, ২০২৬, ৪:৫১ অপরাহ্ণ'. */
export function formatDate(date: Date | string): string {
  return formatDateIn(date, currentLang());
}

/** A calendar day (YYYY-MM-DD, no time) in the interface's language: '15 January 2027' / '১৫ জানুয়ারি, ২০২৭'. */
export function formatDay(day: string): string {
  const lang = currentLang();
  return new Intl.DateTimeFormat(lang === 'bn' ? 'bn-BD' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/**
 * The moment something may be asked for again, as a person names it (decision 0098): the time alone when it is
 * today ('16:53' / '৪:৫৩ অপরাহ্ণ'), else the date and time; rounded up to the minute, so never earlier than it is.
 */
export function formatRetryAt(at: number): string {
  const when = new Date(Math.ceil(at / 60_000) * 60_000);
  return when.toDateString() === new Date().toDateString() ? formatTimeIn(when, currentLang()) : formatDate(when);
}

/**
 * ASCII digits in a text in the interface's digits: numbers inside words, and the one formatter of every mobile
 * number a person reads, alone or in a sentence (decisions 0050, 0098). Never for an identifier (trade licence,
 * DBID, BIN, order id, tracking code): those keep the digits they were typed with.
 */
export function localDigits(text: string): string {
  return localDigitsIn(text, currentLang());
}

/** A calendar day ('2026-12-07') in the interface's language, the same day in every time zone. */
export function useFormatDay(): (day: string) => string {
  const lang = useLang();
  return (day) => formatDayIn(day, lang);
}

/** Dates follow the language (issue 14); the hook re-renders when it changes. */
export function useFormatDate(): (date: Date | string) => string {
  useLang(); // re-renders on a language change
  return formatDate;
}

/** Words joined as a sentence says them, in the interface's language: 'Owner, Manager and Packer' / 'মালিক, ম্যানেজার এবং প্যাকার'. */
export function formatList(words: readonly string[]): string {
  return new Intl.ListFormat(currentLang() === 'bn' ? 'bn' : 'en-GB', { type: 'conjunction' }).format(words);
}
