/**
 * Bangladeshi mobile numbers. Phone is the shopper's identity for couriers,
 * SMS gateways and fraud checks, and people type it many ways: '+880 1712-345678',
 * '8801712345678', Bengali digits '০১৭১২৩৪৫৬৭৮'. All become the 11-digit
 * local form '01XXXXXXXXX' with an operator prefix 013–019.
 */
const BENGALI_ZERO = 0x09e6;
const LOCAL_MOBILE = /^01[3-9]\d{8}$/;

/** Bengali digits (০–৯) to ASCII; everything else unchanged. */
export function toAsciiDigits(text: string): string {
  return text.replace(/[\u09E6-\u09EF]/g, (d) => String(d.charCodeAt(0) - BENGALI_ZERO));
}

/**
 * The local form '01XXXXXXXXX', or null when the input is not a Bangladeshi mobile.
 * Spaces, dashes, dots and brackets are ignored; '+880', '880' and '00880' prefixes
 * are dropped.
 */
export function normalizePhone(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null;
  let s = toAsciiDigits(input.trim()).replace(/[\s\-.()\u00A0]/g, '');
  if (s.startsWith('+')) s = s.slice(1);
  if (!/^\d+$/.test(s)) return null;
  if (s.startsWith('00880')) s = s.slice(4);
  else if (s.startsWith('880')) s = s.slice(2);
  return LOCAL_MOBILE.test(s) ? s : null;
}

/** The international form SMS gateways want: '8801XXXXXXXXX', or null. */
export function toInternationalPhone(input: string | null | undefined): string | null {
  const local = normalizePhone(input);
  return local === null ? null : `88${local}`;
}

/**
 * What a mobile-number field holds once typed (issue 14): the local form when
 * it is a Bangladeshi mobile in any spelling (+880, 880, Bengali digits,
 * spaces), else the text with ASCII digits so that the schema's own message
 * explains what is wrong. The shared schemas and the web inputs both use it.
 */
export function normalizePhoneInput(input: string): string {
  return normalizePhone(input) ?? toAsciiDigits(input.trim());
}

/** A digits-only field (OTP, quantity, transaction id, fees) as typed: Bengali digits become ASCII. */
export function normalizeDigitsInput(input: string): string {
  return toAsciiDigits(input.trim());
}

/** For z.preprocess: a string's Bengali digits become ASCII; anything else is left for the schema to judge. */
export const asciiDigitsOf = (v: unknown): unknown => (typeof v === 'string' ? normalizeDigitsInput(v) : v);
