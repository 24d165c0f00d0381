/**
 * The owner enters and reads times in Dhaka time (a promotion's start and end, the audit log's entries)
 * (Asia/Dhaka, UTC+6 all year: Bangladesh keeps no summer time), whatever the
 * browser's own zone. The API carries instants (ISO 8601 with an offset).
 */
const DHAKA_OFFSET_MS = 6 * 3600_000;

/** An instant as a datetime-local value in Dhaka time: '2026-03-30T00:00'. */
export function toDhakaInput(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : new Date(ms + DHAKA_OFFSET_MS).toISOString().slice(0, 16);
}

/** A datetime-local value read as Dhaka time, as the API's instant: '2026-03-30T00:00:00+06:00'; '' stays ''. */
export function fromDhakaInput(value: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00+06:00` : value;
}

const formats = {
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Dhaka' }),
  bn: new Intl.DateTimeFormat('bn-BD', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Dhaka' }),
};
const BANGLA_DAY_PERIOD: Record<string, string> = { AM: 'পূর্বাহ্ণ', PM: 'অপরাহ্ণ' };

/** An instant as Dhaka time in the page's language: '30 Mar 2026, 00:00' / '৩০ মার্চ, ২০২৬, ১২:০০ পূর্বাহ্ণ'. */
export function formatDhaka(iso: string, lang: 'en' | 'bn'): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  if (lang === 'en') return formats.en.format(d);
  return formats.bn
    .formatToParts(d)
    .map((p) => (p.type === 'dayPeriod' ? (BANGLA_DAY_PERIOD[p.value] ?? p.value) : p.value))
    .join('');
}
