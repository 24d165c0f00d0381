import { describe, expect, it } from 'vitest';
import { seedProduct } from '../src/seed/seed';
import { kindIcon } from '../src/seed/seed-data';

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
