/**
 * An instant as Dhaka time (Asia/Dhaka, UTC+6 all year: Bangladesh keeps no
 * summer time) in English or Bangla, whatever the machine's own zone: the web's
 * pages and the server's mails to the owner say times alike.
 */
const formats = {
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Dhaka' }),
  bn: new Intl.DateTimeFormat('bn-BD', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Dhaka' }),
};
/** ICU's bn-BD still writes 'AM'/'PM'. */
const BANGLA_DAY_PERIOD: Record<string, string> = { AM: 'পূর্বাহ্ণ', PM: 'অপরাহ্ণ' };

/** '30 Mar 2026, 00:00' / '৩০ মার্চ, ২০২৬, ১২:০০ পূর্বাহ্ণ'; '' for a time that is not one. */
export function formatDhaka(iso: string, lang: 'en' | 'bn'): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  if (lang === 'en') return formats.en.format(d);
  return formats.bn
    .formatToParts(d)
    .map((p) => (p.type === 'dayPeriod' ? (BANGLA_DAY_PERIOD[p.value] ?? p.value) : p.value))
    .join('');
}
