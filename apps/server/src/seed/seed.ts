import { sql } from 'drizzle-orm';
import { mulberry32 } from '@haat/shared/random';
import { newId } from '../lib/ids';
import type { Db, Tx } from '../db/client';
import {
  categories,
  productCategories,
  products,
  productSubCategories,
  productVariants,
  searchSynonyms,
  subCategories,
  subCategoryCategories,
} from '../db/schema';
import { CATEGORIES, COLORS, COLORS_BN, DESCRIPTION_TAILS, kindIcon, LOCAL_BRANDS, type CategorySeed, type IconName, type ProductType, type SubCategorySeed } from './seed-data';
import { unitInBangla } from '@haat/shared/units';
import { FEATURES_BN, NAME_TEMPLATES_BN, WORDS_BN } from './seed-bangla';
import { demoSynonymGroups } from './synonyms';
import { seedVariants, unitSoldAs, variesBy, type SeedVariants } from './seed-variants';
import { generateImages, hsl, PATTERN_COUNT, seedImageUrl, type ImageJob } from './seed-images';

/**
 * The demo catalogue: the spec's 7 categories, 50 sub-categories and as many
 * products as asked, with pictures on disk.
 *
 * Deterministic: product i is drawn from its own PRNG seeded with i, so the
 * same index always gives the same name, price, stock and picture, whatever
 * the total. Product i belongs to sub-category i mod 50, and the first product
 * of every sub-category (i < 50) uses its first template and first brand — so
 * even a small catalogue holds a "Samsung Galaxy …" phone, a "Yellow … T-Shirt",
 * a Jamdani saree named in Bengali, and product 7 is out of stock.
 * Ids come from newId() (random), so a second catalogue (`seed --force`)
 * never collides with the first.
 *
 * Pictures show the product's kind (kindIcon: a belt, a switch, a kurta…)
 * in its colour: `/uploads/seed/belt/8b4513.webp`. Products of one kind and
 * colour share the picture, so the whole catalogue needs a few hundred
 * pictures, whatever its size (see seed-images.ts).
 */

export interface SeedOptions {
  dataDir: string;
  products: number;
  log?: (msg: string) => void;
}

export interface SeedResult {
  categories: number;
  subCategories: number;
  products: number;
  ms: number;
  /** Pictures drawn now and pictures already on disk from an earlier run. */
  images: { generated: number; cached: number };
}

const PRODUCT_CHUNK = 1000;
const LINK_CHUNK = 5000;
const SEED_LOCK = 7_311_042; // pg_advisory_xact_lock key: one seeder at a time
const DAY = 86_400_000;

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const between = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));

/** Shop-like whole-taka prices: 85, 490, 2,450, 18,990, 74,900. */
function nicePrice(value: number, rng: Rng): number {
  if (value < 100) return Math.max(10, Math.round(value / 5) * 5);
  if (value < 1000) return Math.round(value / 10) * 10 - (rng() < 0.5 ? 10 : 0);
  if (value < 10000) return Math.round(value / 50) * 50 - (rng() < 0.4 ? 10 : 0);
  return Math.round(value / 500) * 500 - (rng() < 0.5 ? 10 : rng() < 0.5 ? 1 : 0);
}

const DISCOUNTS = [5, 5, 10, 10, 10, 12, 15, 15, 20, 20, 25, 30, 35, 40];
const COLOR_NAMES = Object.keys(COLORS);

interface SubRef {
  seed: SubCategorySeed;
  cat: CategorySeed;
  catIndex: number;
  index: number;
}

const ALL_SUBS: SubRef[] = CATEGORIES.flatMap((cat, catIndex) => cat.subs.map((seed) => ({ seed, cat, catIndex, index: 0 }))).map(
  (s, index) => ({ ...s, index }),
);

export interface SeedProduct {
  name: string;
  description: string;
  /** Bangla name and description, '' for kinds without them. */
  nameBn: string;
  descriptionBn: string;
  productDetails: string;
  /** The Details bullets in Bangla (issue 42): every feature has its Bangla (FEATURES_BN). */
  productDetailsBn: string;
  unit: string;
  price: number;
  discount: number;
  stock: number;
  quantity: number;
  moreDetails: Record<string, string>;
  createdAt: Date;
  /** Index into the flat sub-category list (and so its category). */
  sub: number;
  /** The shared picture this product shows (seed-images.ts file name). */
  image: string;
  picture: ImageJob['spec'];
  /** Sizes, colours or shades (issue 21); null for a plain product. */
  variants: SeedVariants | null;
}

/** Everything about product i but its ids; the same i always gives the same product. */
export function seedProduct(i: number, now: number): SeedProduct {
  const sub = ALL_SUBS[i % ALL_SUBS.length]!;
  const round = Math.floor(i / ALL_SUBS.length);
  const rng = mulberry32(Math.imul(i + 1, 0x9e3779b1) ^ 0x5eed);
  const types = sub.seed.types;
  const type: ProductType = round === 0 ? types[0]! : pick(rng, types);
  const brand = round === 0 ? type.brands[0]! : pick(rng, type.brands);

  const { drawn, fill } = placeholders(rng, type, brand);
  const { chosen } = drawn;
  // A product that comes in colours or shades (seed-variants.ts) is not named after one, nor
  // described in one ("… from Aarong in Red" while the shopper picks Blue, issue 42).
  const varies = variesBy(sub.seed.name, type);
  const ownSuffix = (template: string) => (varies ? template.replace(/ - \{(color|shade)\}$/, '') : template);
  const ownColour = (template: string) => (varies ? template.replace(/,? (?:frame )?in \{(?:color|shade)\}/, '') : template);
  const name = fill(ownSuffix(type.name));
  fill(type.about); // its values drawn as before, the colour too (the variants' first is it)
  const about = fill(ownColour(type.about));
  const fillBn = banglaFiller(fill, chosen, varies);
  const templateBn = type.name_bn ?? NAME_TEMPLATES_BN[type.name];
  const nameBn = fillBn(templateBn && ownSuffix(templateBn));
  const descriptionBn = fillBn(type.about_bn);

  const unit = unitSoldAs(sub.seed.name, type, drawn.unitOf ?? pick(rng, type.units));
  const price = seedPrice(rng, type, brand, unit, drawn);
  const discount = rng() < 0.5 ? 0 : pick(rng, DISCOUNTS);
  const zeroStock = rng() < 0.03 || i === 7;
  const stock = zeroStock ? 0 : between(rng, 1, 200);
  const quantity = between(rng, 3, 20);

  const moreDetails = seedDetails(rng, type, brand, chosen, varies);
  const description = `${about} ${pick(rng, DESCRIPTION_TAILS)}`;
  const { productDetails, productDetailsBn } = detailBullets(type, unit, sub.seed);

  // Spread over the last ~6 months, more of them recent.
  const age = Math.pow(rng(), 1.4) * 180 * DAY;
  const createdAt = new Date(now - Math.floor(age) - (i % 1000));

  // Without a colour in the name, one of 12 hues: kinds × colours stay few.
  const colorHex = chosen.color ? COLORS[chosen.color]! : hsl(Math.floor(rng() * 12) * 30, 60, 48);
  const { image, picture } = kindPicture(kindIcon(name, sub.seed.icon), colorHex);

  // Drawn last, so everything above is what it was before products had variants.
  const variants = varies ? seedVariants(i, sub.seed.name, type, chosen, { price, discount, stock }, rng) : null;

  return {
    variants,
    name,
    description,
    nameBn,
    descriptionBn,
    productDetails,
    productDetailsBn,
    unit,
    price,
    discount,
    stock,
    quantity,
    moreDetails,
    createdAt,
    sub: sub.index,
    image,
    picture,
  };
}

/** What filling a type's templates drew: every placeholder's value, and the price and unit a value may carry. */
interface Drawn {
  chosen: Record<string, string>;
  basePrice?: number;
  /** The price is a brand's model's own: no jitter. */
  exactPrice: boolean;
  unitOf?: string;
}

/**
 * Fill each placeholder once, so the name and the description agree.
 * A value may carry '#unit' and '@price' (see seed-data.ts).
 */
function placeholders(rng: Rng, type: ProductType, brand: string) {
  const drawn: Drawn = { chosen: { brand }, exactPrice: false };
  const fill = (template: string) =>
    template.replace(/\{(\w+)\}/g, (_m, key: string) => {
      if (drawn.chosen[key] === undefined) drawn.chosen[key] = drawValue(rng, type, brand, key, drawn);
      return drawn.chosen[key]!;
    });
  return { drawn, fill };
}

/** A placeholder's value, its '@price' and '#unit' taken off into `drawn`. */
function drawValue(rng: Rng, type: ProductType, brand: string, key: string, drawn: Drawn): string {
  const brandModels = key === 'model' ? type.models?.[brand] : undefined;
  const list = valuesOf(type, key, brandModels);
  let value = list && list.length ? pick(rng, list) : '';
  const at = value.lastIndexOf('@');
  if (at > 0) {
    drawn.basePrice = Number(value.slice(at + 1));
    drawn.exactPrice = brandModels !== undefined;
    value = value.slice(0, at);
  }
  const hash = value.indexOf('#');
  if (hash > 0) {
    drawn.unitOf = value.slice(hash + 1);
    value = value.slice(0, hash);
  }
  return value;
}

function valuesOf(type: ProductType, key: string, brandModels: string[] | undefined): string[] | undefined {
  if (key === 'color') return COLOR_NAMES;
  if (key === 'edition') return type.editions;
  if (key === 'model') return brandModels ?? type.vars?.model;
  return type.vars?.[key];
}

/**
 * The Bangla texts reuse the values the name picked, each said in Bangla
 * where the word lists have it (brands and model codes stay as written).
 */
function banglaFiller(fill: (template: string) => string, chosen: Record<string, string>, varies: boolean) {
  return (template: string | undefined) => {
    if (!template) return '';
    fill(template.replaceAll('{color}', '')); // a value only the Bangla uses is drawn as before
    return template
      .replace(/\{(\w+)\}/g, (_m, key: string) => {
        const value = chosen[key] ?? '';
        if (key === 'color') return varies ? '' : (COLORS_BN[value] ?? '');
        return key === 'brand' ? value : (WORDS_BN[value] ?? value);
      })
      .replace(/ {2,}/g, ' ')
      .replace(/\s+-\s*$/, '');
  };
}

function seedPrice(rng: Rng, type: ProductType, brand: string, unit: string, { basePrice, exactPrice }: Drawn): number {
  if (basePrice !== undefined && exactPrice) return basePrice; // a brand's model has one price
  const base = basePrice ?? type.price[0] + rng() * (type.price[1] - type.price[0]);
  // A pack of a few costs a little less than that many singles.
  const pack = /^Pack of (\d+)$/.exec(unit);
  const packFactor = pack && Number(pack[1]) <= 6 ? Number(pack[1]) * 0.92 : 1;
  const jitter = basePrice !== undefined ? 0.85 + rng() * 0.35 : 1;
  return nicePrice(base * (type.brandFactor?.[brand] ?? 1) * packFactor * jitter, rng);
}

function seedDetails(rng: Rng, type: ProductType, brand: string, chosen: Record<string, string>, varies: boolean): Record<string, string> {
  const moreDetails: Record<string, string> = { Brand: brand };
  if (chosen.model && type.warranty) moreDetails.Model = chosen.model;
  // One of a product's colours is no detail of it: its Colour option says them all.
  if (chosen.color && !varies) moreDetails.Colour = chosen.color;
  for (const [key, values] of Object.entries(type.specs ?? {})) moreDetails[key] = pick(rng, values);
  if (type.warranty) moreDetails.Warranty = pick(rng, type.warranty);
  moreDetails.Origin = LOCAL_BRANDS.has(brand) ? 'Bangladesh' : pick(rng, type.origin ?? ['Bangladesh', 'China', 'India']);
  return moreDetails;
}

/** The Details bullets, in English and Bangla. */
function detailBullets(type: ProductType, unit: string, sub: SubCategorySeed): { productDetails: string; productDetailsBn: string } {
  const productDetails = [
    ...type.features.map((f) => `• ${f}`),
    `• Pack size: ${unit}`,
    `• Sold by Haat, ${sub.name}`,
  ].join('\n');
  const productDetailsBn = [
    ...type.features.map((f) => `• ${FEATURES_BN[f] ?? f}`),
    `• প্যাকের আকার: ${unitInBangla(unit) ?? unit}`,
    `• বিক্রেতা: Haat, ${sub.name_bn}`,
  ].join('\n');
  return { productDetails, productDetailsBn };
}

/** One picture per kind and colour; the rest of its look follows from those two, so it is the same in every run. */
function kindPicture(icon: IconName, color: string): { image: string; picture: ImageJob['spec'] } {
  const image = `${icon}/${color.slice(1)}`;
  const h = hashString(image);
  return {
    image,
    picture: { icon, bgHue: h % 360, color, accent: hsl(hashString(icon) % 360, 65, 45), pattern: (h >>> 9) % PATTERN_COUNT, variant: (h >>> 13) % 12 },
  };
}

/** The catalogue's picture jobs: one per category, sub-category and distinct product picture. */
function imageJobs(productCount: number, now: number): ImageJob[] {
  const jobs: ImageJob[] = CATEGORIES.map((cat, c) => ({
    name: `c${c}`,
    spec: { icon: cat.icon, bgHue: cat.hue, color: hsl(cat.hue, 60, 45), accent: hsl((cat.hue + 180) % 360, 60, 50), pattern: 0, variant: 0, tile: true },
  }));
  for (const sub of ALL_SUBS) {
    jobs.push({
      name: `s${String(sub.index).padStart(2, '0')}`,
      spec: {
        icon: sub.seed.icon,
        bgHue: (sub.cat.hue + (sub.index % 3) * 12) % 360,
        color: hsl((sub.cat.hue + 150 + sub.index * 23) % 360, 55, 48),
        accent: hsl((sub.cat.hue + 40) % 360, 65, 50),
        pattern: 0,
        variant: 0,
        tile: true,
      },
    });
  }
  const seen = new Set<string>();
  for (let i = 0; i < productCount; i++) {
    const { image, picture } = seedProduct(i, now);
    if (!seen.has(image)) jobs.push({ name: image, spec: picture });
    seen.add(image);
  }
  return jobs;
}

async function insertCatalogue(tx: Tx, count: number, now: number): Promise<void> {
  const { catIds, subIds } = await insertCategories(tx, now);
  await insertDemoSynonyms(tx);
  for (let start = 0; start < count; start += PRODUCT_CHUNK) {
    await insertProducts(tx, start, Math.min(count, start + PRODUCT_CHUNK), now, catIds, subIds);
  }
}

/** The categories and sub-categories, linked; answers their ids by index. */
async function insertCategories(tx: Tx, now: number): Promise<{ catIds: string[]; subIds: string[] }> {
  const catIds = CATEGORIES.map(() => newId());
  const subIds = ALL_SUBS.map(() => newId());
  // Categories and sub-categories keep the spec's order when sorted by created_at.
  const listed = now - 200 * DAY;
  await tx.insert(categories).values(
    CATEGORIES.map((cat, c) => ({
      id: catIds[c]!,
      name: cat.name,
      nameBn: cat.name_bn,
      image: seedImageUrl(`c${c}`),
      createdAt: new Date(listed + c * 1000),
      updatedAt: new Date(listed + c * 1000),
    })),
  );
  await tx.insert(subCategories).values(
    ALL_SUBS.map((sub) => ({
      id: subIds[sub.index]!,
      name: sub.seed.name,
      nameBn: sub.seed.name_bn,
      image: seedImageUrl(`s${String(sub.index).padStart(2, '0')}`),
      createdAt: new Date(listed + 60_000 + sub.index * 1000),
      updatedAt: new Date(listed + 60_000 + sub.index * 1000),
    })),
  );
  await tx
    .insert(subCategoryCategories)
    .values(ALL_SUBS.map((sub) => ({ subCategoryId: subIds[sub.index]!, categoryId: catIds[sub.catIndex]! })));
  return { catIds, subIds };
}

/** The demo's search synonyms (decision 0049), unless the shop already has its own. */
async function insertDemoSynonyms(tx: Tx): Promise<void> {
  const [own] = await tx.select({ n: sql<number>`count(*)::int` }).from(searchSynonyms);
  if (Number(own?.n ?? 0) !== 0) return;
  const groups = demoSynonymGroups();
  await tx.insert(searchSynonyms).values(groups.map((words, position) => ({ position, words })));
  await tx.execute(sql`insert into search_words select distinct unnest(${sql.param(groups.flat())}::text[]) on conflict do nothing`);
}

/** Products start..end-1 with their variants and links. */
async function insertProducts(tx: Tx, start: number, end: number, now: number, catIds: string[], subIds: string[]): Promise<void> {
  const rows: (typeof products.$inferInsert)[] = [];
  const catLinks: (typeof productCategories.$inferInsert)[] = [];
  const subLinks: (typeof productSubCategories.$inferInsert)[] = [];
  const variantRows: (typeof productVariants.$inferInsert)[] = [];
  for (let i = start; i < end; i++) {
    const p = seedProduct(i, now);
    const id = newId();
    const v = p.variants;
    if (v) variantRows.push(...v.variants.map((row, position) => ({ id: newId(), productId: id, position, ...row })));
    rows.push(productRow(id, p));
    catLinks.push({ productId: id, categoryId: catIds[ALL_SUBS[p.sub]!.catIndex]! });
    subLinks.push({ productId: id, subCategoryId: subIds[p.sub]! });
  }
  await tx.insert(products).values(rows);
  for (let k = 0; k < variantRows.length; k += LINK_CHUNK) await tx.insert(productVariants).values(variantRows.slice(k, k + LINK_CHUNK));
  for (let k = 0; k < catLinks.length; k += LINK_CHUNK) {
    await tx.insert(productCategories).values(catLinks.slice(k, k + LINK_CHUNK));
    await tx.insert(productSubCategories).values(subLinks.slice(k, k + LINK_CHUNK));
  }
}

/** A seeded product's row: with variants, its price, discount and stock are their summary. */
function productRow(id: string, p: SeedProduct): typeof products.$inferInsert {
  const v = p.variants;
  return {
    id,
    name: p.name,
    description: p.description,
    nameBn: p.nameBn,
    descriptionBn: p.descriptionBn,
    productDetails: p.productDetails,
    productDetailsBn: p.productDetailsBn,
    unit: p.unit,
    price: v?.price ?? p.price,
    discount: v?.discount ?? p.discount,
    images: [seedImageUrl(p.image)],
    stock: v?.stock ?? p.stock,
    ...(v ? { options: v.options, priceVaries: v.priceVaries, variantText: v.variantText } : {}),
    quantity: p.quantity,
    moreDetails: p.moreDetails,
    publish: true,
    createdAt: p.createdAt,
    updatedAt: p.createdAt,
  };
}

async function categoryCount(db: Db | Tx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(categories);
  return Number(row?.n ?? 0);
}

async function run(db: Db, opts: SeedOptions, onlyIfEmpty: boolean): Promise<SeedResult | null> {
  const started = performance.now();
  const log = opts.log ?? (() => {});
  const count = Math.max(0, Math.floor(opts.products));
  const now = Date.now();
  if (onlyIfEmpty && (await categoryCount(db)) > 0) return null;

  log(`seeding demo catalogue: ${CATEGORIES.length} categories, ${ALL_SUBS.length} sub-categories, ${count} products`);
  // Pictures are drawn on libuv threads while the rows are inserted; the
  // transaction commits only once every picture is on disk. The settled
  // promise never rejects unhandled while the inserts are still running.
  const abort = new AbortController();
  const images = generateImages(opts.dataDir, imageJobs(count, now), { signal: abort.signal }).then(
    (r) => ({ ok: true as const, r }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  let seeded: boolean;
  try {
    seeded = await db.transaction(async (tx) => {
      if (onlyIfEmpty) {
        // Two processes starting on one PostgreSQL: the second sees the first's catalogue.
        await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
        if ((await categoryCount(tx)) > 0) return false;
      }
      await insertCatalogue(tx, count, now);
      const done = await images;
      if (!done.ok) throw done.error;
      return true;
    });
  } catch (err) {
    abort.abort();
    await images; // leave nothing running behind the error
    throw err;
  }
  if (!seeded) {
    abort.abort(); // another process seeded first; its pictures are the same
    await images;
    return null;
  }
  const pictures = await images;
  const imageCounts = pictures.ok ? pictures.r : { generated: 0, cached: 0 };
  const ms = Math.round(performance.now() - started);
  log(`demo catalogue seeded in ${ms} ms (${imageCounts.generated} pictures drawn, ${imageCounts.cached} already on disk)`);
  return { categories: CATEGORIES.length, subCategories: ALL_SUBS.length, products: count, ms, images: imageCounts };
}

/** Seeds the demo catalogue when there are no categories yet; otherwise does nothing and returns null. */
export function seedIfEmpty(db: Db, opts: SeedOptions): Promise<SeedResult | null> {
  return run(db, opts, true);
}

/** Adds a full catalogue whatever is already there (the CLI's --force, benchmarks). */
export async function seedCatalogue(db: Db, opts: SeedOptions): Promise<SeedResult> {
  return (await run(db, opts, false))!;
}
