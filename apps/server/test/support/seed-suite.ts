import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../../src/db/client';
import { seedIfEmpty, type SeedResult } from '../../src/seed/seed';
import { composePicture, pictureSvg } from '../../src/seed/seed-images';

/**
 * What the demo seeder must make, for a catalogue of `products` items. The
 * unit suite (seed.test.ts) runs it on a few hundred products; the slow
 * project (seed.slow.test.ts, run once by `npm test`) on the demo's 5,000.
 */
export interface SeedScale {
  products: number;
  /** How many distinct pictures the products share (one per kind and colour). */
  pictures: { over: number; under: number };
  /** At least this many products sell without a discount. */
  undiscountedOver: number;
}

const SPEC_CATEGORIES = [
  'Fashion and Lifestyle',
  'Baby and Kids',
  'Beauty and Personal Care',
  'Electronics and Gadgets',
  'Home and Kitchen Essentials',
  'Seasonal and Festive Items',
  'DIY and Home Improvement',
];

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function count(db: Db, table: string): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`));
  return Number(row!.n);
}

/** The three files behind an image URL, as the server serves `<dataDir>/uploads` at /uploads/. */
function imageFiles(dataDir: string, url: string): string[] {
  expect(url).toMatch(/^\/uploads\/[a-z0-9/]+\.webp$/);
  const base = path.join(dataDir, url.slice(1));
  return [base, base.replace(/\.webp$/, '.w400.webp'), base.replace(/\.webp$/, '.w200.webp')];
}

/*
 * These suites open their own embedded databases (the spec's "memory://" and
 * a persisted PGlite), so the server-postgres project skips them rather than
 * run the same thing twice. The seeder's PostgreSQL path is exercised by
 * `npm run seed` against a postgres:// DATABASE_URL.
 */
const embeddedOnly = process.env.TEST_DB === 'postgres';

export function describeSeeder({ products: n, pictures, undiscountedOver }: SeedScale): void {
  describe.skipIf(embeddedOnly)(`seedIfEmpty on an empty in-memory database (${n} products)`, () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'haat-seed-'));
    let database: Database;
    let db: Db;
    let result: SeedResult | null;

    beforeAll(async () => {
      database = await openDatabase('memory://', dataDir);
      await database.migrate();
      db = database.db;
      result = await seedIfEmpty(db, { dataDir, products: n });
      console.log(`seeded ${n} products in ${result?.ms} ms`, result?.images);
    }, 240_000);

    afterAll(async () => {
      await database?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('creates the spec categories, each with 4–8 sub-categories', async () => {
      expect(result).toMatchObject({ categories: 7, products: n });
      const cats = await rows<{ name: string; image: string; subs: number }>(
        db,
        sql`select c.name, c.image, count(scc.sub_category_id)::int as subs
            from categories c left join sub_category_categories scc on scc.category_id = c.id
            group by c.id order by c.created_at`,
      );
      expect(cats.map((c) => c.name)).toEqual(SPEC_CATEGORIES);
      for (const c of cats) {
        expect(c.subs).toBeGreaterThanOrEqual(4);
        expect(c.subs).toBeLessThanOrEqual(8);
        for (const file of imageFiles(dataDir, c.image)) expect(existsSync(file), file).toBe(true);
      }
      const subs = await rows<{ image: string; cats: number }>(
        db,
        sql`select s.image, count(scc.category_id)::int as cats
            from sub_categories s left join sub_category_categories scc on scc.sub_category_id = s.id group by s.id`,
      );
      expect(subs.length).toBe(result!.subCategories);
      for (const s of subs) {
        expect(s.cats).toBe(1);
        for (const file of imageFiles(dataDir, s.image)) expect(existsSync(file), file).toBe(true);
      }
      // Every category and sub-category has a Bangla name (issue 14), each its own.
      const bangla = await rows<{ name_bn: string }>(db, sql`select name_bn from categories union all select name_bn from sub_categories`);
      expect(bangla.length).toBe(7 + result!.subCategories);
      for (const { name_bn } of bangla) expect(name_bn).toMatch(/[\u0980-\u09FF]/);
      expect(new Set(bangla.map((b) => b.name_bn)).size).toBe(bangla.length);
    });

    it(`creates ${n} products, each linked to one category and one of its sub-categories`, async () => {
      expect(await count(db, 'products')).toBe(n);
      expect(await count(db, 'product_categories')).toBe(n);
      expect(await count(db, 'product_sub_categories')).toBe(n);
      const [mismatch] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from product_categories pc
            join product_sub_categories ps on ps.product_id = pc.product_id
            left join sub_category_categories scc on scc.sub_category_id = ps.sub_category_id and scc.category_id = pc.category_id
            where scc.category_id is null`,
      );
      expect(mismatch!.n).toBe(0);
    });

    it('gives every product at least one image whose three WebP files exist and decode', async () => {
      const products = await rows<{ images: string[] }>(db, sql`select images from products`);
      expect(products.length).toBe(n);
      const urls = new Set<string>();
      for (const p of products) {
        expect(p.images.length).toBeGreaterThanOrEqual(1);
        for (const url of p.images) urls.add(url);
      }
      let checked = 0;
      for (const url of urls) {
        const [base, w400, w200] = imageFiles(dataDir, url);
        for (const [file, width] of [[base, 400], [w400, 400], [w200, 200]] as const) {
          const meta = await sharp(file).metadata();
          expect(meta.format, file).toBe('webp');
          expect(meta.width, file).toBe(width);
        }
        // Decode the pixels of a sample, not just the headers.
        if (checked++ % 250 === 0) {
          const { info } = await sharp(base).raw().toBuffer({ resolveWithObject: true });
          expect(info.width).toBe(400);
        }
      }
      // One picture per kind and colour (issue 10): far fewer than products, so the first start draws less.
      expect(urls.size).toBeGreaterThan(pictures.over);
      expect(urls.size).toBeLessThan(pictures.under);
    }, 120_000);

    it('has believable, searchable products', async () => {
      const names = (await rows<{ name: string }>(db, sql`select name from products`)).map((r) => r.name);
      expect(names.some((n) => n.includes('Samsung'))).toBe(true);
      expect(names.some((n) => n.includes('T-Shirt'))).toBe(true);
      expect(names.some((n) => n.includes('জামদানি শাড়ি'))).toBe(true);
      expect(names.some((n) => n.includes('নকশি কাঁথা'))).toBe(true);

      const [stats] = await rows<{
        zero: number;
        minprice: number;
        maxstock: number;
        minq: number;
        maxq: number;
        maxdisc: number;
        nodisc: number;
        nobrand: number;
        days: number;
      }>(
        db,
        sql`select count(*) filter (where stock = 0)::int as zero,
                   min(price)::int as minprice, max(stock)::int as maxstock,
                   min(quantity)::int as minq, max(quantity)::int as maxq,
                   max(discount)::int as maxdisc, count(*) filter (where discount = 0)::int as nodisc,
                   count(*) filter (where not (more_details ? 'Brand'))::int as nobrand,
                   extract(epoch from max(created_at) - min(created_at)) / 86400 as days
            from products`,
      );
      expect(stats!.zero).toBeGreaterThanOrEqual(1);
      expect(stats!.zero).toBeLessThan(n * 0.06);
      expect(stats!.minprice).toBeGreaterThan(0);
      expect(stats!.maxstock).toBeLessThanOrEqual(200);
      expect(stats!.minq).toBeGreaterThanOrEqual(3);
      expect(stats!.maxq).toBeLessThanOrEqual(20);
      expect(stats!.maxdisc).toBeLessThanOrEqual(40);
      expect(stats!.nodisc).toBeGreaterThan(undiscountedOver);
      expect(stats!.nobrand).toBe(0);
      expect(Number(stats!.days)).toBeGreaterThan(60);

      // The full-text vector is built from the Bengali name too.
      const [bn] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from products where search_vector @@ plainto_tsquery('simple', 'জামদানি')`,
      );
      expect(bn!.n).toBeGreaterThan(0);
      // Every product carries a Bangla name (issue 19), some a Bangla description (issue 14); search reads them.
      const [panjabi] = await rows<{ n: number; found: number }>(
        db,
        sql`select count(*) filter (where name_bn like '%পাঞ্জাবি%')::int as n,
                   count(*) filter (where name_bn like '%পাঞ্জাবি%' and search_vector @@ to_tsquery('simple', 'পাঞ্জাবি'))::int as found
            from products`,
      );
      expect(panjabi!.n).toBeGreaterThan(0);
      expect(panjabi!.found).toBe(panjabi!.n);
    });

    it('gives sizes and colours to clothing and shoes and shades to makeup: at least 20 % of products, each summed as its variants', async () => {
      const [share] = await rows<{ n: number; varied: number }>(db, sql`select count(*)::int as n, count(*) filter (where jsonb_array_length(options) > 0)::int as varied from products`);
      expect(share!.varied / share!.n).toBeGreaterThanOrEqual(0.2);
      // Each such product's stock is its variants' sum and its price the cheapest variant's; every variant has a SKU.
      const wrong = await rows<{ id: string }>(
        db,
        sql`select p.id from products p join product_variants v on v.product_id = p.id
            group by p.id having p.stock <> sum(v.stock) or p.price <> min(v.price) or count(v.sku) <> count(*)`,
      );
      expect(wrong).toEqual([]);
      const kinds = await rows<{ option: string; sub: string }>(
        db,
        sql`select distinct o->>'name' as option, s.name as sub from products p cross join jsonb_array_elements(p.options) o
            join product_sub_categories l on l.product_id = p.id join sub_categories s on s.id = l.sub_category_id`,
      );
      const subsOf = (option: string) => kinds.filter((k) => k.option === option).map((k) => k.sub);
      expect(subsOf('Size')).toEqual(expect.arrayContaining(["Men's Clothing", "Women's Clothing", 'Footwear']));
      expect(subsOf('Colour')).toEqual(expect.arrayContaining(["Men's Clothing", 'Footwear', 'Sarees and Traditional Wear']));
      expect(subsOf('Shade')).toEqual(['Makeup']);
      // "red kurti" finds a kurti that comes in red through its variants' words.
      const [red] = await rows<{ n: number }>(db, sql`select count(*)::int as n from products where search_vector @@ to_tsquery('simple', 'red') and options::text like '%"Red"%' and name not like '%Red%'`);
      expect(red!.n).toBeGreaterThan(0);
    });

    it('does nothing the second time', async () => {
      const before = await rows<{ n: number; latest: string }>(db, sql`select count(*)::int as n, max(updated_at)::text as latest from products`);
      const cats = await count(db, 'categories');
      expect(await seedIfEmpty(db, { dataDir, products: n })).toBeNull();
      expect(await count(db, 'categories')).toBe(cats);
      expect(await count(db, 'sub_categories')).toBe(result!.subCategories);
      expect(await rows(db, sql`select count(*)::int as n, max(updated_at)::text as latest from products`)).toEqual(before);
    });

    it('composes pictures that match their SVG rendering', async () => {
      const spec = { icon: 'phone' as const, bgHue: 215, color: '#1f3a68', accent: '#d2352f', pattern: 1, variant: 5 };
      const reference = await sharp(Buffer.from(pictureSvg(spec, 200))).removeAlpha().raw().toBuffer();
      const composed = await composePicture(spec, 200);
      let diff = 0;
      for (let k = 0; k < reference.length; k++) diff += Math.abs(reference[k]! - composed[k]!);
      expect(diff / reference.length).toBeLessThan(1);
    });
  });
}

/** A persisted PGlite seeded, closed and opened again: the catalogue and its pictures are all still there. */
export function describeSeedRestart(n: number): void {
  describe.skipIf(embeddedOnly)(`seeded data survives a restart of the embedded database (${n} products)`, () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'haat-seed-restart-'));

    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('keeps products and their images after close and reopen', async () => {
      const first = await openDatabase(undefined, dataDir);
      let images: string[] = [];
      try {
        await first.migrate();
        const result = await seedIfEmpty(first.db, { dataDir, products: n });
        expect(result?.products).toBe(n);
        const [row] = await rows<{ images: string[] }>(first.db, sql`select images from products order by id limit 1`);
        images = row!.images;
      } finally {
        await first.close();
      }

      const second = await openDatabase(undefined, dataDir);
      try {
        await second.migrate();
        expect(await count(second.db, 'products')).toBe(n);
        expect(await count(second.db, 'categories')).toBe(7);
        const [again] = await rows<{ images: string[] }>(second.db, sql`select images from products order by id limit 1`);
        expect(again!.images).toEqual(images);
        for (const file of imageFiles(dataDir, images[0]!)) expect(existsSync(file), file).toBe(true);
        // Every one of the products still has its pictures on disk.
        const all = await rows<{ images: string[] }>(second.db, sql`select images from products`);
        expect(all).toHaveLength(n);
        const missing = all.flatMap((r) => r.images.flatMap((url) => imageFiles(dataDir, url))).filter((f) => !existsSync(f));
        expect(missing).toEqual([]);
        expect(await seedIfEmpty(second.db, { dataDir, products: n })).toBeNull();
        expect(await count(second.db, 'products')).toBe(n);
      } finally {
        await second.close();
      }
    }, 300_000);
  });
}
