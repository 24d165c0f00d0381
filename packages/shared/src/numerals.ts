/**
 * The one style for numbers a person reads: Bengali digits, as the taka
 * amounts have (spec: bn-BD). Counts, pages, stock and dates all go through
 * here; identifiers (order ids, transaction ids) are codes and stay as typed.
 */
const countFormatter = new Intl.NumberFormat('bn-BD');
/** English month names (the UI is English) with Bengali digits. */
const dateFormatter = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', numberingSystem: 'beng' });

/** Plain counts (quantities, pages, stock, percents) in Bengali digits. */
export function formatCount(n: number): string {
  return countFormatter.format(n);
}

/** A date and time, e.g. '২২ Nov ২০২৬, ১৬:৫১'. */
export function formatDate(date: Date | string): string {
  return dateFormatter.format(typeof date === 'string' ? new Date(date) : date);
}

/** The noun for a count: 'item' for 1, else 'items' (or the plural given). */
export function nounFor(n: number, noun: string, pluralNoun = `${noun}s`): string {
  return n === 1 ? noun : pluralNoun;
}

/** 'n noun' with the plural where the count needs it: '১ item', '৩ items'. */
export function countOf(n: number, noun: string, pluralNoun?: string): string {
  return `${formatCount(n)} ${nounFor(n, noun, pluralNoun)}`;
}
