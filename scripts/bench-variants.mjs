// Saving a product with 250 variants (issue 21: at most 1 s on PostgreSQL; decision 0069).
//
//   npm run bench:variants            PGlite (in memory) and PostgreSQL
//   npm run bench:variants -- --pglite-only
//
// Each target gets a fresh database (on PostgreSQL a throwaway database on
// 127.0.0.1:5432, BENCH_ADMIN_URL to change the server, dropped at the end)
// with 2,000 products already in the shop, 200 of them with 12 variants. It
// then times, through the service the product routes call (form checks,
// variant rules, SKU check, the writes and the audit entry, in one
// transaction):
//   - adding a product with 250 variants (5 sizes × 10 colours × 5 shades),
//   - editing all 250 (every price and stock changed, under expectedStock),
//   - editing 250 variants while removing 50 and adding 50,
//   - as the baseline of the same run, editing a product without options.
// Each is repeated RUNS times on different products; p50 and max are reported.
// Writes bench/variants-results.json.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { withThrowawayDatabase } from './lib/throwaway-db.mjs';
import sharp from 'sharp';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { categories, productCategories, products, productSubCategories, subCategories, subCategoryCategories } from '../apps/server/src/db/schema.ts';
import { productAddForm, productEditForm } from '../apps/server/src/modules/catalogue/forms.ts';
import { addProduct, editProduct } from '../apps/server/src/modules/catalogue/service.ts';

const RUNS = 10;
const pgliteOnly = process.argv.includes('--pglite-only');
const actor = { id: 'benchadmin000001', role: 'ADMIN', email: 'bench@example.com', ip: '127.0.0.1' };

const SIZES = ['S', 'M', 'L', 'XL', 'XXL'];
const COLOURS = ['Red', 'Blue', 'Green', 'Black', 'White', 'Maroon', 'Navy', 'Olive', 'Cream', 'Grey'];
const SHADES = ['01', '02', '03', '04', '05'];
const options = [
  { name: 'Size', name_bn: 'সাইজ', values: SIZES.map((value) => ({ value })) },
  { name: 'Colour', name_bn: 'রং', values: COLOURS.map((value) => ({ value })) },
  { name: 'Shade', name_bn: 'শেড', values: SHADES.map((value) => ({ value })) },
];
const combos = SIZES.flatMap((s) => COLOURS.flatMap((c) => SHADES.map((h) => [s, c, h])));

async function seed(db) {
  await db.insert(categories).values({ id: 'cat0000000000001', name: 'Fashion and Lifestyle', image: '/uploads/c/f.webp' });
  await db.insert(subCategories).values({ id: 'sub0000000000001', name: 'Panjabi', image: '/uploads/s/p.webp' });
  await db.insert(subCategoryCategories).values({ subCategoryId: 'sub0000000000001', categoryId: 'cat0000000000001' });
  for (let start = 0; start < 2000; start += 500) {
    const rows = Array.from({ length: 500 }, (_, k) => ({ id: `prd${String(start + k).padStart(10, '0')}`, name: `Cotton panjabi ${start + k}`, unit: '1 pc', price: 1000, stock: 20, images: ['/uploads/products/demo.webp'] }));
    await db.insert(products).values(rows);
    await db.insert(productCategories).values(rows.map((r) => ({ productId: r.id, categoryId: 'cat0000000000001' })));
    await db.insert(productSubCategories).values(rows.map((r) => ({ productId: r.id, subCategoryId: 'sub0000000000001' })));
  }
}

/** The multipart form as readForm hands it to the form schema: every field a list of values. */
const formOf = (fields) => Object.fromEntries(Object.entries(fields).flatMap(([k, v]) => (v === undefined ? [] : [[k, Array.isArray(v) ? v : [typeof v === 'string' ? v : String(v)]]])));

const textFields = (name, variants, over = {}) => ({
  name,
  description: 'Cotton panjabi',
  product_details: '',
  unit: '1 pc',
  category: ['cat0000000000001'],
  subCategory: ['sub0000000000001'],
  stock: '1',
  price: '1',
  discount: undefined,
  quantity: undefined,
  more_details: '',
  publish: 'true',
  name_bn: undefined,
  description_bn: undefined,
  options: JSON.stringify(options),
  variants: JSON.stringify(variants),
  ...over,
});

const time = async (fn) => {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
};
const summary = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return { p50: Math.round(sorted[Math.floor(sorted.length / 2)] * 10) / 10, max: Math.round(sorted.at(-1) * 10) / 10 };
};

async function run(label, url) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'haat-bench-variants-'));
  const database = await openDatabase(url, dataDir);
  const { db } = database;
  const image = { field: 'image', filename: 'p.png', data: await sharp({ create: { width: 40, height: 40, channels: 3, background: '#884422' } }).png().toBuffer() };
  try {
    await database.migrate();
    await seed(db);
    // 200 products with 12 variants each, so SKU checks and indexes are not answered by an empty table.
    for (let i = 0; i < 200; i++) {
      const vs = combos.slice(0, 12).map((v, k) => ({ sku: `OLD-${i}-${k}`, values: v, price: 900 + k, stock: 5 }));
      await addProduct(db, dataDir, productAddForm.parse(formOf({ ...textFields(`Seeded kurta ${i}`, vs), image: [image] })), actor);
    }
    const adds = [];
    const edits = [];
    const reshapes = [];
    const plain = [];
    for (let r = 0; r < RUNS; r++) {
      const variants = combos.map((v, k) => ({ sku: `R${r}-${v.join('-')}`, values: v, price: 1000 + k, discount: k % 3, stock: 10 + (k % 7) }));
      const added = await time(() => addProduct(db, dataDir, productAddForm.parse(formOf({ ...textFields(`Kurta ${r}`, variants), image: [image] })), actor));
      if (added.value.variants.length !== 250) throw new Error(`${label}: expected 250 variants`);
      adds.push(added.ms);
      const stored = added.value.variants;
      const changed = stored.map((v) => ({ _id: v._id, sku: v.sku, values: v.values, price: v.price + 50, discount: v.discount, stock: v.stock + 1, expectedStock: v.stock, image: v.image }));
      const edit = (list) => editProduct(db, dataDir, productEditForm.parse(formOf({ ...textFields(`Kurta ${r}`, list), productId: added.value._id, image: added.value.image })), actor);
      const edited = await time(() => edit(changed));
      if (edited.value.stock !== stored.reduce((s, v) => s + v.stock + 1, 0)) throw new Error(`${label}: edit lost stock`);
      edits.push(edited.ms);
      // 50 removed, 50 new (the same combinations under new SKUs), 200 kept.
      const kept = edited.value.variants.slice(50).map((v) => ({ _id: v._id, sku: v.sku, values: v.values, price: v.price, discount: v.discount, stock: v.stock, image: v.image }));
      const fresh = edited.value.variants.slice(0, 50).map((v) => ({ sku: `N-${v.sku}`, values: v.values, price: v.price, stock: 3 }));
      const reshaped = await time(() => edit([...fresh, ...kept]));
      if (reshaped.value.variants.length !== 250) throw new Error(`${label}: reshape lost variants`);
      reshapes.push(reshaped.ms);
      const id = `prd${String(r).padStart(10, '0')}`;
      plain.push(
        (
          await time(() =>
            editProduct(db, dataDir, productEditForm.parse(formOf({ ...textFields(`Cotton panjabi ${r}`, [], { options: undefined, variants: undefined, price: String(1100 + r), stock: '20' }), productId: id, image: ['/uploads/products/demo.webp'] })), actor),
          )
        ).ms,
      );
    }
    const result = { target: label, runs: RUNS, add250Ms: summary(adds), edit250Ms: summary(edits), remove50Add50Ms: summary(reshapes), plainEditMs: summary(plain) };
    console.log(
      `${label.padEnd(10)} add 250 variants p50 ${result.add250Ms.p50} ms (max ${result.add250Ms.max}); edit all 250 p50 ${result.edit250Ms.p50} ms (max ${result.edit250Ms.max}); remove 50 + add 50 p50 ${result.remove50Add50Ms.p50} ms (max ${result.remove50Add50Ms.max}); baseline plain edit p50 ${result.plainEditMs.p50} ms`,
    );
    return result;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [];
results.push(await run('PGlite', 'memory://'));
if (!pgliteOnly) results.push(await withThrowawayDatabase('haat_bench_variants', (url) => run('PostgreSQL', url)));
const load = loadavg().map((n) => n.toFixed(2)).join(' ');
console.log(`load average: ${load}`);
mkdirSync('bench', { recursive: true });
writeFileSync('bench/variants-results.json', `${JSON.stringify({ at: new Date().toISOString(), loadAverage: load, results }, null, 2)}\n`);
