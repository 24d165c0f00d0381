import { describe, expect, it } from 'vitest';
import { paymentMethodLabel, PAYMENT_METHODS } from './constants';
import { formatTaka } from './money';
import { countOf, formatCount, formatDate } from './numerals';

describe('numerals', () => {
  it('writes counts in the Bengali digits the amounts use', () => {
    expect(formatCount(2)).toBe('২');
    expect(formatCount(417)).toBe('৪১৭');
    expect(formatCount(1197)).toBe('১,১৯৭');
    expect(formatTaka(197)).toContain('১৯৭');
  });

  it('writes dates with English month names and Bengali digits', () => {
    expect(formatDate(new Date(2026, 10, 22, 16, 51))).toBe('২২ Nov ২০২৬, ১৬:৫১');
    expect(formatDate(new Date(2026, 10, 22, 16, 51).toISOString())).toBe('২২ Nov ২০২৬, ১৬:৫১');
  });

  it('uses the plural where the count needs it', () => {
    expect(countOf(1, 'item')).toBe('১ item');
    expect(countOf(3, 'item')).toBe('৩ items');
    expect(countOf(0, 'item')).toBe('০ items');
    expect(countOf(2, 'sub-category', 'sub-categories')).toBe('২ sub-categories');
  });
});

describe('paymentMethodLabel', () => {
  it('gives each method one label', () => {
    expect(PAYMENT_METHODS.map(paymentMethodLabel)).toEqual(['Cash On Delivery', 'Bkash', 'Rocket', 'Nagad']);
    expect(paymentMethodLabel('card')).toBe('card');
  });
});

describe('formatDate in Bangla', () => {
  it('uses Bangla month names and digits', () => {
    const d = new Date(2026, 10, 22, 16, 51);
    expect(formatDate(d, 'bn')).toMatch(/২২/);
    expect(formatDate(d, 'bn')).toMatch(/নভে/);
    expect(formatDate(d, 'en')).toBe('২২ Nov ২০২৬, ১৬:৫১');
  });
});
