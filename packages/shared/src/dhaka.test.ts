import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isInsideDhaka } from './dhaka';
import { deliveryFee } from './delivery-fee';

const inside = (address_line: string, city: string) => isInsideDhaka({ address_line, city });

describe('isInsideDhaka: the city as shoppers type it', () => {
  it.each([
    'Dhaka', 'dhaka', 'DHAKA', ' Dhaka ', 'Dacca', 'Dhaka City', 'Dhaka-1207', 'Dhaka 1207', 'Dhaka1207', 'dhaka.', 'Dhakka',
    'ঢাকা', 'ঢাকা সিটি', 'ঢাকা-১২০৭', 'ঢাকায়', 'ঢাকার', 'North Dhaka', 'Dhaka Cantonment', 'Dhaka District',
  ])('city %j is inside Dhaka', (city) => {
    expect(inside('House 5, Road 2', city)).toBe(true);
  });

  it('reads Bangla typed with zero-width joiners or nukta letters either way', () => {
    expect(inside('বাড়ি ৫', 'ঢা\u200cকা')).toBe(true);
    // য় typed as one code point (U+09DF) or as য + nukta: both are ঢাকায়.
    expect(inside('মিরপুর, ঢাকা\u09df', 'Mirpur')).toBe(true);
    expect(inside('মিরপুর, ঢাকা\u09af\u09bc', 'Mirpur')).toBe(true);
  });

  it('counts Dhaka in the address line, as the spec does', () => {
    expect(inside('Mirpur 10, Dhaka', 'Savar')).toBe(true);
    expect(inside('বাসা ১২, মিরপুর, ঢাকা', 'মিরপুর')).toBe(true);
  });
});

describe('isInsideDhaka: places outside Dhaka city', () => {
  it.each([
    ['Agrabad', 'Chattogram'],
    ['Zindabazar', 'Sylhet'],
    ['আগ্রাবাদ', 'চট্টগ্রাম'],
    ['Board Bazar, Dhaka-Mymensingh Highway', 'Gazipur'],
    ['Tongi, Dhaka', 'Gazipur'],
    ['টঙ্গী, ঢাকা', 'গাজীপুর'],
    ['Chashara', 'Narayanganj, Dhaka'],
    ['Sadar', 'Gazipur, Dhaka Division'],
    ['Sadar, Tangail, Dhaka Division', 'Tangail'],
    ['Kaliakair', 'Dhaka Division'],
    ['কালিয়াকৈর', 'ঢাকা বিভাগ'],
    ['Sadar', "Cox's Bazar"],
  ])('%j, %j is outside Dhaka', (line, city) => {
    expect(inside(line, city)).toBe(false);
  });

  it('does not read Dhaka inside another word', () => {
    expect(inside('Road 3', 'Dhakeshwari')).toBe(false);
    expect(inside('Road 3', 'Adhaka')).toBe(false);
  });
});

const LATIN_DHAKA = fc.constantFrom('dhaka', 'dacca', 'dhaka city');
const anyCase = (s: string, flips: boolean[]) => [...s].map((c, i) => (flips[i % flips.length] ? c.toUpperCase() : c)).join('');
const separator = fc.constantFrom(' ', '-', ', ', '.', '/', '');
const postCode = fc.integer({ min: 1000, max: 9999 }).map(String);
// Words that name no Dhaka and no district: letters a shopper types for a road or area.
const otherWord = fc.string({ unit: fc.constantFrom(...'bcefgijlmnopqrstuvwxyz'), minLength: 1, maxLength: 10 });

describe('isInsideDhaka: properties', () => {
  it('any casing of Dhaka, with or without a post code, is inside', () => {
    fc.assert(
      fc.property(LATIN_DHAKA, fc.array(fc.boolean(), { minLength: 1 }), separator, fc.option(postCode), otherWord, (name, flips, sep, code, line) => {
        const city = code === null ? anyCase(name, flips) : `${anyCase(name, flips)}${sep}${code}`;
        expect(inside(line, city)).toBe(true);
      }),
    );
  });

  it('a city with no Dhaka in either field is outside', () => {
    fc.assert(
      fc.property(otherWord, otherWord, (line, city) => {
        expect(inside(line, city)).toBe(false);
      }),
    );
  });

  it('a city naming another district is outside, whatever the address line says', () => {
    fc.assert(
      fc.property(fc.constantFrom('Gazipur', 'GAZIPUR', 'গাজীপুর', 'Narayanganj', 'Chittagong', 'চট্টগ্রাম', 'Khulna'), fc.string(), (city, line) => {
        expect(inside(`${line} Dhaka ঢাকা`, city)).toBe(false);
      }),
    );
  });

  it('never throws on any text', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (line, city) => typeof inside(line, city) === 'boolean'));
  });
});

describe('deliveryFee with a Bangla or variant Dhaka address', () => {
  it('charges the inside-Dhaka fee (50 by default), not 100', () => {
    expect(deliveryFee(undefined, { address_line: 'বাড়ি ৭, মিরপুর', city: 'ঢাকা' })).toBe(50);
    expect(deliveryFee(undefined, { address_line: 'House 7, Dhanmondi', city: 'Dhaka-1209' })).toBe(50);
    expect(deliveryFee(undefined, { address_line: 'Sadar', city: 'Gazipur, Dhaka Division' })).toBe(100);
  });
});
