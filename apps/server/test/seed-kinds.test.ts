import { describe, expect, it } from 'vitest';
import { seedProduct } from '../src/seed/seed';
import { kindIcon } from '../src/seed/seed-data';
import { unitInBangla } from '@haat/shared/units';

const now = Date.UTC(2026, 0, 1);
const catalogue = Array.from({ length: 5000 }, (_, i) => seedProduct(i, now));

describe('demo pictures', () => {
  it.each([
    ['Leather Belt', 'belt'],
    ['2 Gang Switch', 'switch'],
    ['Sunglasses', 'glasses'],
    ['LED Bulb', 'bulb'],
    ['Kurti', 'kurta'],
    ['Denim Jeans', 'trousers'],
    ['Power Bank', 'powerbank'],
    ['Fry Pan', 'pan'],
    ['Ceiling Fan', 'fan'],
    ['Rice Cooker', 'pot'],
    ['Oud Attar', 'perfume'],
    ['Laptop Backpack', 'bag'],
  ])('a product named "…%s…" shows a %s', (words, icon) => {
    const named = catalogue.filter((p) => p.name.includes(words));
    expect(named.length).toBeGreaterThan(0);
    for (const p of named) expect({ name: p.name, icon: p.picture.icon }).toEqual({ name: p.name, icon });
  });

  it('falls back to the sub-category icon for a name no rule knows', () => {
    expect(kindIcon('Something Unheard Of', 'teddy')).toBe('teddy');
  });

  it('shares one picture per kind and colour, so 5,000 products need far fewer pictures', () => {
    const pictures = new Map<string, string>();
    for (const p of catalogue) {
      const key = `${p.picture.icon} ${p.picture.color}`;
      expect(pictures.get(p.image) ?? key).toBe(key);
      pictures.set(p.image, key);
    }
    expect(pictures.size).toBeLessThan(1500);
  });
});

describe('the demo catalogue in Bangla (issue 19)', () => {
  it('gives every product a Bangla name, its words in Bangla; only brands and model codes stay Latin', () => {
    for (const p of catalogue) {
      expect(p.nameBn, p.name).toMatch(/[\u0980-\u09FF]{2}/);
      expect(p.nameBn).not.toBe(p.name);
      // What is left Latin is the brand and letters of codes ('Galaxy A15', 'TL-WR840N'), never an English word of ours.
      expect(p.nameBn.replace(p.moreDetails.Brand!, ''), p.name).not.toMatch(/\b(Shirt|Saree|Soap|Rice|Oil|Pack|Set|Kids|Baby|Ladies|Laptop|TV|with|and)\b|- (Red|Blue|Black|White)/);
    }
    // The kurti comes in colours (issue 21): its name no longer carries one; its Colour option says লাল in Bangla.
    expect(catalogue.slice(0, 2).map((p) => p.nameBn)).toEqual(['Yellow বেসিক রাউন্ড নেক টি-শার্ট - মেরুন', 'Aarong এমব্রয়ডারি করা কুর্তি']);
    expect(catalogue[1]!.variants!.options.find((o) => o.name === 'Colour')!.values[0]).toEqual({ value: 'Red', value_bn: 'লাল', swatch: expect.stringMatching(/^#[0-9a-f]{6}$/i) });
  });

  it('gives every product its Details bullets in Bangla, one for each English bullet (issue 42)', () => {
    // Latin left in the Bangla bullets: the shop's name and makers’ marks and standards (YKK, BSTI, VoLTE, Windows), sizes (XL).
    const allowed = /\b(Haat|YKK|BSTI|BPA|pH|VoLTE|Windows|macOS|Home|LED|VOC|11|XXL|XL|S|M|L)\b/g;
    for (const p of catalogue) {
      const en = p.productDetails.split('\n');
      const bn = p.productDetailsBn.split('\n');
      expect(bn.length, p.name).toBe(en.length);
      for (const line of bn) expect(line.replace(allowed, ''), p.name).not.toMatch(/[A-Za-z]/);
    }
    expect(catalogue[0]!.productDetailsBn.split('\n').slice(-2)).toEqual([`• প্যাকের আকার: ${unitInBangla(catalogue[0]!.unit)}`, '• বিক্রেতা: Haat, ছেলেদের পোশাক']);
  });

  it('gives every product a unit the shop can say in Bangla', () => {
    for (const p of catalogue) expect(unitInBangla(p.unit), p.unit).toMatch(/^[^A-Za-z]*(XL|XXL|[SML])?$/);
    expect(unitInBangla('500 g')).toBe('৫০০ গ্রাম');
    expect(unitInBangla('Pack of 3')).toBe('৩টির প্যাক');
    expect(unitInBangla('1 pc (with blouse piece)')).toBe('১ পিস (ব্লাউজ পিসসহ)');
    expect(unitInBangla('3 bunches')).toBeNull();
  });
});

describe("the demo's variant products agree with their own options (issue 42)", () => {
  const varied = catalogue.filter((p) => p.variants);
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  /** Whether `text` has `word` as a whole word, in English or Bangla (a Bangla vowel sign is part of its word). */
  const hasWord = (text: string, word: string) => new RegExp(`(^|[^\\p{L}\\p{M}\\p{N}])${escape(word)}($|[^\\p{L}\\p{M}\\p{N}])`, 'u').test(text);
  const wordsOf = (option: { name: string; name_bn: string; values: { value: string; value_bn: string }[] }) => [option.name, option.name_bn, ...option.values.flatMap((v) => [v.value, v.value_bn])].filter(Boolean);

  it('a unit names none of its own options or their values, in English or Bangla; one sold in sizes says how many, not which size', () => {
    expect(varied.length).toBeGreaterThan(900);
    for (const p of varied) {
      const options = p.variants!.options;
      const units = [p.unit, unitInBangla(p.unit) ?? p.unit];
      for (const word of options.flatMap(wordsOf)) for (const unit of units) expect(hasWord(unit, word), `${p.name}: unit "${unit}" names "${word}"`).toBe(false);
      if (options.some((o) => o.name === 'Size')) expect(p.unit, p.name).toMatch(/^(1 (pc|pair|set)|Pack of \d+)$/);
    }
    // Shoes come in pairs, a kurti in pieces.
    expect(new Set(varied.filter((p) => p.name.includes('Sandal')).map((p) => p.unit))).toEqual(new Set(['1 pair']));
    expect(varied.find((p) => p.name.includes('Kurti'))!.unit).toBe('1 pc');
  });

  it('a product in colours or shades is named, described and detailed in none of them', () => {
    for (const p of varied) {
      const texts = [p.name, p.nameBn, p.description, p.descriptionBn, p.productDetails, p.unit, ...Object.values(p.moreDetails)];
      for (const option of p.variants!.options.filter((o) => o.name !== 'Size')) {
        for (const word of option.values.flatMap((v) => [v.value, v.value_bn]).filter(Boolean)) {
          for (const text of texts) expect(hasWord(text, word), `${p.name}: "${text}" names its ${option.name} "${word}"`).toBe(false);
        }
      }
      expect(p.moreDetails.Colour, p.name).toBeUndefined();
    }
    // The description still reads whole where the colour was: "… from Aarong: easy for office …".
    expect(catalogue[1]!.description).toContain('kurti from Aarong: easy for office, campus and dawat.');
  });
});
