import { toAsciiDigits } from './phone';

/** A voucher code: 3–32 letters, digits, '-' or '_'. */
export const PROMO_CODE_LENGTH = { min: 3, max: 32 } as const;
export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]+$/;

/**
 * A code as typed, in the form it is stored and compared: trimmed, Bengali
 * digits as ASCII, inner spaces dropped, upper case. Codes are case-insensitive.
 */
export function normalizePromoCode(input: string): string {
  return toAsciiDigits(input).replace(/\s+/g, '').toUpperCase();
}
