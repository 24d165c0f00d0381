import { describe, expect, it } from 'vitest';
import { paymentMethodLabel, PAYMENT_METHODS } from './constants';
import { formatTaka } from './money';
import { countOf, formatCount, formatDate, formatDay, formatTime, formatYear, localDigits } from './numerals';

describe('numerals', () => {
  it('writes counts in the interface\'s digits: Latin in English, Bengali in Bangla', () => {
    expect(formatCount(2, 'bn')).toBe('২');
    expect(formatCount(1197, 'bn')).toBe('১,১৯৭');
    expect(formatCount(1197, 'en')).toBe('1,197');
    expect(formatYear(2026, 'bn')).toBe('২০২৬');
    expect(formatYear(2026, 'en')).toBe('2026');
  });

  it('keeps money bn-BD in both languages (the spec)', () => {
    expect(formatTaka(1241)).toBe('১,২৪১.০০৳');
  });

  it('writes an English date wholly in English', () => {
    expect(formatDate(new Date(2026, 10, 22, 16, 51), 'en')).toBe('22 Nov 2026, 16:51');
    expect(formatDate(new Date(2026, 10, 22, 16, 51).toISOString(), 'en')).toBe('22 Nov 2026, 16:51');
  });

  it('writes a calendar day as that day whatever the zone (a Dhaka week seen from a UTC browser)', () => {
    expect(formatDay('2026-12-07', 'en')).toBe('7 Dec 2026');
    expect(formatDay('2026-12-07', 'bn')).toBe('৭ ডিসে, ২০২৬');
  });

  it('writes a Bangla date wholly in Bangla, AM/PM too', () => {
    expect(formatDate(new Date(2026, 10, 22, 16, 51), 'bn')).toBe('২২ নভে, ২০২৬, ৪:৫১ অপরাহ্ণ');
    expect(formatDate(new Date(2026, 10, 22, 9, 5), 'bn')).toBe('২২ নভে, ২০২৬, ৯:০৫ পূর্বাহ্ণ');
  });

  it('writes a time of day in the page\'s language (a wait named, decision 0098)', () => {
    expect(formatTime(new Date(2026, 10, 22, 16, 51), 'en')).toBe('16:51');
    expect(formatTime(new Date(2026, 10, 22, 16, 51), 'bn')).toBe('৪:৫১ অপরাহ্ণ');
    expect(formatTime(new Date(2026, 10, 22, 9, 5), 'bn')).toBe('৯:০৫ পূর্বাহ্ণ');
  });

  it('turns a phone number\'s digits Bengali in Bangla only', () => {
    expect(localDigits('01712345678', 'bn')).toBe('০১৭১২৩৪৫৬৭৮');
    expect(localDigits('01712345678', 'en')).toBe('01712345678');
  });

  it('uses the plural where the count needs it (the server\'s English)', () => {
    expect(countOf(1, 'item')).toBe('1 item');
    expect(countOf(3, 'item')).toBe('3 items');
    expect(countOf(2, 'sub-category', 'sub-categories')).toBe('2 sub-categories');
  });
});

describe('paymentMethodLabel', () => {
  it('gives each method one label', () => {
    expect(PAYMENT_METHODS.map(paymentMethodLabel)).toEqual(['Cash On Delivery', 'Bkash', 'Rocket', 'Nagad']);
    expect(paymentMethodLabel('card')).toBe('card');
  });
});
