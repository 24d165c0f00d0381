import { describe, expect, it } from 'vitest';
import { normalizePhone, toAsciiDigits, toInternationalPhone } from './phone';

describe('normalizePhone', () => {
  it('keeps a plain local number', () => {
    expect(normalizePhone('01712345678')).toBe('01712345678');
  });

  it('drops +880, 880 and 00880 prefixes', () => {
    expect(normalizePhone('+8801712345678')).toBe('01712345678');
    expect(normalizePhone('8801712345678')).toBe('01712345678');
    expect(normalizePhone('008801712345678')).toBe('01712345678');
  });

  it('reads Bengali digits', () => {
    expect(normalizePhone('০১৭১২৩৪৫৬৭৮')).toBe('01712345678');
    expect(normalizePhone('+৮৮০ ১৭১২-৩৪৫৬৭৮')).toBe('01712345678');
    expect(toAsciiDigits('৳ ১২৩')).toBe('৳ 123');
  });

  it('ignores spaces, dashes, dots and brackets', () => {
    expect(normalizePhone(' +880 1712-345678 ')).toBe('01712345678');
    expect(normalizePhone('(+880) 1712.345.678')).toBe('01712345678');
    expect(normalizePhone('0171 234 5678')).toBe('01712345678');
  });

  it('answers null for what is not a Bangladeshi mobile', () => {
    for (const bad of ['', '   ', '0171234567', '017123456789', '01212345678', '02712345678', '+441712345678', '8801212345678', '01712a45678', '+', '++8801712345678', null, undefined]) {
      expect(normalizePhone(bad), String(bad)).toBeNull();
    }
  });

  it('gives the international form SMS gateways want', () => {
    expect(toInternationalPhone('০১৭১২৩৪৫৬৭৮')).toBe('8801712345678');
    expect(toInternationalPhone('12345')).toBeNull();
  });
});
