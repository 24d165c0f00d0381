import { timingSafeEqual } from 'node:crypto';

/** Same length and same bytes, in constant time: a webhook secret is not guessed a character at a time. */
export function sameSecret(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
