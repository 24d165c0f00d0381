import { localDigits } from '@haat/shared/numerals';
import { productSummary, type ProductOption } from '@haat/shared/schemas/variants';
import { COLORS, COLORS_BN } from './seed-data';

/**
 * The demo's sizes, colours and shades (issue 21): clothing and shoes come in
 * sizes and colours, sarees, bags and sunglasses in colours, makeup in
 * shades, so about a fifth of the demo catalogue has variants. T-shirts (any
 * type that may be one) stay plain: the first product of the men's clothing (a "Yellow … T-Shirt") is
 * what the simplest demo journeys add to the cart in one tap.
 */

type Rng = () => number;

interface VariantKind {
  sizes?: { value: string; value_bn: string; extra: number }[];
  colours?: boolean;
  shades?: boolean;
}

const CLOTHING = ['S', 'M', 'L', 'XL', 'XXL'].map((value, k) => ({ value, value_bn: value, extra: k >= 3 ? 0.1 : 0 }));
const SHOES = ['39', '40', '41', '42', '43', '44'].map((value) => ({ value, value_bn: localDigits(value, 'bn'), extra: 0 }));
const BABY = [
  ['0-6 M', '০-৬ মাস'],
  ['6-12 M', '৬-১২ মাস'],
  ['1-2 Y', '১-২ বছর'],
  ['2-3 Y', '২-৩ বছর'],
].map(([value, value_bn]) => ({ value: value!, value_bn: value_bn!, extra: 0 }));
const KIDS_SHOES = ['28', '30', '32', '34'].map((value) => ({ value, value_bn: localDigits(value, 'bn'), extra: 0 }));

/** By sub-category name: what its products vary by. */
const KINDS: Record<string, VariantKind> = {
  "Men's Clothing": { sizes: CLOTHING, colours: true },
  "Women's Clothing": { sizes: CLOTHING, colours: true },
  'Winter Wear': { sizes: CLOTHING, colours: true },
  'Pohela Boishakh': { sizes: CLOTHING, colours: true },
  'Baby Clothing': { sizes: BABY, colours: true },
  Footwear: { sizes: SHOES, colours: true },
  "Kids' Footwear": { sizes: KIDS_SHOES, colours: true },
  'Sarees and Traditional Wear': { colours: true },
  'Bags and Wallets': { colours: true },
  'Sunglasses and Accessories': { colours: true },
  Makeup: { shades: true },
};

/** Whether products of this sub-category and name template have variants. */
export function variesBy(sub: string, type: { name: string; vars?: Record<string, string[]> }): boolean {
  const tShirts = /T-Shirt/.test(type.name) || Object.values(type.vars ?? {}).some((list) => list.some((v) => /T-Shirt/.test(v)));
  return KINDS[sub] !== undefined && !tShirts;
}

export const SHADES_BN: Record<string, string> = {
  'Ruby Red': 'রুবি লাল',
  'Nude Beige': 'ন্যুড বেইজ',
  'Deep Plum': 'গাঢ় প্লাম',
  'Coral Pink': 'কোরাল গোলাপি',
  'Natural Ivory': 'ন্যাচারাল আইভরি',
  'Warm Sand': 'ওয়ার্ম স্যান্ড',
  'Jet Black': 'জেট কালো',
};

export interface SeedVariants {
  options: ProductOption[];
  variants: { sku: string; optionValues: string[]; price: number; discount: number; stock: number }[];
  /** The product row's summary (cheapest published price, summed stock). */
  price: number;
  discount: number;
  stock: number;
  priceVaries: boolean;
  variantText: string;
}

const pickSome = (rng: Rng, list: readonly string[], first: string | undefined, n: number): string[] => {
  const out = first ? [first] : [];
  while (out.length < n) {
    const v = list[Math.floor(rng() * list.length)]!;
    if (!out.includes(v)) out.push(v);
  }
  return out;
};

/**
 * Product i's options and variants, or null when it has none. Drawn from its
 * own generator after everything else about the product, so a product keeps
 * its name, price and picture. `chosen` is what its name was filled with.
 */
export function seedVariants(i: number, sub: string, type: { name: string; vars?: Record<string, string[]> }, chosen: Record<string, string>, base: { price: number; discount: number; stock: number }, rng: Rng): SeedVariants | null {
  const kind = KINDS[sub];
  if (!kind || !variesBy(sub, type)) return null;
  const options: ProductOption[] = [];
  if (kind.sizes) {
    const sizes = kind.sizes.slice(0, 3 + Math.floor(rng() * (kind.sizes.length - 2)));
    options.push({ name: 'Size', name_bn: 'সাইজ', values: sizes.map(({ value, value_bn }) => ({ value, value_bn, swatch: '' })) });
  }
  if (kind.colours) {
    const colours = pickSome(rng, Object.keys(COLORS), chosen.color, kind.sizes ? 3 : 4);
    options.push({ name: 'Colour', name_bn: 'রং', values: colours.map((value) => ({ value, value_bn: COLORS_BN[value] ?? '', swatch: COLORS[value] ?? '' })) });
  }
  if (kind.shades) {
    const shades = pickSome(rng, Object.keys(SHADES_BN), chosen.shade, 4);
    options.push({ name: 'Shade', name_bn: 'শেড', values: shades.map((value) => ({ value, value_bn: SHADES_BN[value]!, swatch: '' })) });
  }
  const combos = options.reduce<string[][]>((acc, o) => acc.flatMap((prefix) => o.values.map((v) => [...prefix, v.value])), [[]]);
  const extraOf = (size: string | undefined) => kind.sizes?.find((s) => s.value === size)?.extra ?? 0;
  // The product's stock shared out among its variants (at most 200 in all, as a plain product's).
  let budget = Math.min(200, Math.max(base.stock, combos.length));
  const variants = combos.map((values, k) => {
    // Larger sizes cost a little more; about one in eight is sold out.
    const extra = extraOf(kind.sizes ? values[0] : undefined);
    const price = extra ? Math.round((base.price * (1 + extra)) / 10) * 10 : base.price;
    const stock = rng() < 0.12 ? 0 : Math.min(budget, 1 + Math.floor(rng() * Math.max(1, (2 * base.stock) / combos.length)));
    budget -= stock;
    return { sku: `HT${String(i).padStart(5, '0')}-${String(k + 1).padStart(2, '0')}`, optionValues: values, price, discount: base.discount, stock };
  });
  const summary = productSummary(variants.map((v) => ({ ...v, publish: true })))!;
  const variantText = options.flatMap((o) => [o.name, o.name_bn, ...o.values.flatMap((v) => [v.value, v.value_bn])]).filter(Boolean).join(' ');
  return { options, variants, price: summary.price, discount: summary.discount, stock: summary.stock, priceVaries: summary.price_varies, variantText };
}
