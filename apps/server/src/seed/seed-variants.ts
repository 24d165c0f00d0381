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
  /** What one of a product in sizes is sold as ('1 pc', '1 pair'): its unit, which names no size (issue 42). */
  unit?: string;
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
  "Men's Clothing": { sizes: CLOTHING, unit: '1 pc', colours: true },
  "Women's Clothing": { sizes: CLOTHING, unit: '1 pc', colours: true },
  'Winter Wear': { sizes: CLOTHING, unit: '1 pc', colours: true },
  'Pohela Boishakh': { sizes: CLOTHING, unit: '1 pc', colours: true },
  'Baby Clothing': { sizes: BABY, unit: '1 pc', colours: true },
  Footwear: { sizes: SHOES, unit: '1 pair', colours: true },
  "Kids' Footwear": { sizes: KIDS_SHOES, unit: '1 pair', colours: true },
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

/** Whether a text names one of the demo's colours as a word ("Red-White Saree", not "Redmi"). */
const namesColour = (text: string) => Object.keys(COLORS).some((c) => new RegExp(`(^|[^A-Za-z])${c}($|[^A-Za-z])`).test(text));

/** A unit that says how many, never which one: '1 pc', '1 set', 'Pack of 2'. */
const COUNT_UNIT = /^(1 (pc|pair|set)|Pack of \d+)$/;

/**
 * The unit a product shows (issue 42). One sold in sizes says how many, not which size: a unit
 * 'Size S' under a chosen L, or 'Waist 32' beside sizes S to XXL, contradicted the choice; it is the
 * kind's count ('1 pc', '1 pair') unless the unit drawn is a count already ('1 set', 'Pack of 2').
 * A product without sizes keeps the unit drawn (a plain T-shirt's 'Size M' is its only size).
 */
export function unitSoldAs(sub: string, type: { name: string; vars?: Record<string, string[]> }, drawn: string): string {
  const kind = KINDS[sub];
  return kind?.sizes && kind.unit && variesBy(sub, type) && !COUNT_UNIT.test(drawn) ? kind.unit : drawn;
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
  // A product its name gives a colour ("Red-White Saree", "Silver Cufflinks") comes in no other (issue 42).
  const colourNamed = Object.entries(chosen).some(([key, value]) => key !== 'color' && key !== 'shade' && namesColour(value));
  const options: ProductOption[] = [];
  if (kind.sizes) {
    const sizes = kind.sizes.slice(0, 3 + Math.floor(rng() * (kind.sizes.length - 2)));
    options.push({ name: 'Size', name_bn: 'সাইজ', values: sizes.map(({ value, value_bn }) => ({ value, value_bn, swatch: '' })) });
  }
  if (kind.colours && !colourNamed) {
    const colours = pickSome(rng, Object.keys(COLORS), chosen.color, kind.sizes ? 3 : 4);
    options.push({ name: 'Colour', name_bn: 'রং', values: colours.map((value) => ({ value, value_bn: COLORS_BN[value] ?? '', swatch: COLORS[value] ?? '' })) });
  }
  if (kind.shades) {
    const shades = pickSome(rng, Object.keys(SHADES_BN), chosen.shade, 4);
    options.push({ name: 'Shade', name_bn: 'শেড', values: shades.map((value) => ({ value, value_bn: SHADES_BN[value]!, swatch: '' })) });
  }
  if (options.length === 0) return null;
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
