import { localDigits } from './numerals';

/**
 * The Bangla of the few values a product's more_details hold again and again
 * (issue 19): colours, countries, warranty periods. The demo seed names its
 * products' colours with the same map; the web says a detail's value in Bangla
 * where this knows it, else as the owner typed it.
 */
export const COLORS_BN: Record<string, string> = {
  Black: 'কালো',
  White: 'সাদা',
  'Navy Blue': 'নেভি ব্লু',
  'Sky Blue': 'আকাশি',
  Maroon: 'মেরুন',
  Red: 'লাল',
  'Bottle Green': 'বোতল সবুজ',
  'Olive Green': 'জলপাই সবুজ',
  Mustard: 'সরিষা হলুদ',
  Grey: 'ধূসর',
  Beige: 'বেইজ',
  Pink: 'গোলাপি',
  Purple: 'বেগুনি',
  Orange: 'কমলা',
  Teal: 'টিল',
  Brown: 'বাদামি',
  Silver: 'রুপালি',
  Gold: 'সোনালি',
};

export const COUNTRIES_BN: Record<string, string> = {
  Bangladesh: 'বাংলাদেশ',
  China: 'চীন',
  France: 'ফ্রান্স',
  Germany: 'জার্মানি',
  India: 'ভারত',
  Indonesia: 'ইন্দোনেশিয়া',
  Italy: 'ইতালি',
  Japan: 'জাপান',
  Malaysia: 'মালয়েশিয়া',
  Poland: 'পোল্যান্ড',
  'Saudi Arabia': 'সৌদি আরব',
  Taiwan: 'তাইওয়ান',
  Thailand: 'থাইল্যান্ড',
  Turkey: 'তুরস্ক',
  UAE: 'সংযুক্ত আরব আমিরাত',
  UK: 'যুক্তরাজ্য',
  USA: 'যুক্তরাষ্ট্র',
  Vietnam: 'ভিয়েতনাম',
};

const PERIODS: Record<string, string> = { year: 'বছর', years: 'বছর', month: 'মাস', months: 'মাস' };
const WARRANTY_NOTES: Record<string, string> = {
  official: 'অফিসিয়াল',
  panel: 'প্যানেল',
  compressor: 'কম্প্রেসর',
  motor: 'মোটর',
  parts: 'যন্ত্রাংশ',
};

/** A warranty as the seed and most owners write it: '1 year', '2 years (panel)', '1 year + 6 months service', 'No warranty'. */
function warrantyInBangla(value: string): string | null {
  if (/^no warranty$/i.test(value)) return 'ওয়ারেন্টি নেই';
  const parts = value.split(/\s*\+\s*/).map((part) => {
    const m = /^(\d+) (years?|months?)(?: (official|service)|\s*\((\w+)\))?$/i.exec(part);
    if (!m) return null;
    const note = m[3]?.toLowerCase() === 'service' ? 'সার্ভিস' : WARRANTY_NOTES[(m[3] ?? m[4] ?? '').toLowerCase()];
    const period = `${localDigits(m[1]!, 'bn')} ${PERIODS[m[2]!.toLowerCase()]}`;
    if (!m[3] && !m[4]) return period;
    return note ? (m[3] ? `${period} ${note}` : `${period} (${note})`) : null;
  });
  return parts.every((p) => p !== null) ? parts.join(' + ') : null;
}

/** A more_details value in Bangla when it is a known colour, country or warranty; null otherwise. */
export function detailValueInBangla(value: string): string | null {
  const v = value.trim();
  return COLORS_BN[v] ?? COUNTRIES_BN[v] ?? warrantyInBangla(v);
}
