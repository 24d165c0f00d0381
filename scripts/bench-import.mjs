// Catalogue CSV import benchmark (issue 14: 10,000 rows in under a minute; decision 0042).
//
//   npm run bench:import            PGlite (in memory) and PostgreSQL
//   npm run bench:import -- --pglite-only
//
// Each target gets a fresh database: PGlite in memory, and on PostgreSQL a
// throwaway database on 127.0.0.1:5432 (BENCH_ADMIN_URL to change the server)
// that is created here and dropped at the end. It seeds 5,000 products, then
// times a 10,000-row CSV (5,000 rows updating those products by id, 5,000 new
// ones) through the same service the route calls: the dry run, the apply (one
// transaction) and an export of the 10,000 products. Writes bench/import-results.json.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { withThrowawayDatabase } from './lib/throwaway-db.mjs';
import { stringify } from 'csv-stringify/sync';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { categories, productCategories, products, productSubCategories, subCategories, subCategoryCategories } from '../apps/server/src/db/schema.ts';
import { exportCatalogueCsv, importCatalogueCsv } from '../apps/server/src/modules/catalogue/csv.ts';
import { localStore } from '../apps/server/src/lib/storage.ts';
import { PRODUCT_CSV_COLUMNS } from '../packages/shared/src/schemas/catalogue-csv.ts';

const ROWS = 10_000;
const EXISTING = ROWS / 2;
const pgliteOnly = process.argv.includes('--pglite-only');

const id = (prefix, i) => `${prefix}${String(i).padStart(10, '0')}`;

async function seed(db) {
  await db.insert(categories).values([
    { id: 'cat0000000000001', name: 'Fashion and Lifestyle', image: '/uploads/c/f.webp' },
    { id: 'cat0000000000002', name: 'Electronics and Gadgets', image: '/uploads/c/e.webp' },
  ]);
  await db.insert(subCategories).values([
    { id: 'sub0000000000001', name: 'Panjabi', image: '/uploads/s/p.webp' },
    { id: 'sub0000000000002', name: 'Mobile Phones', image: '/uploads/s/m.webp' },
  ]);
  await db.insert(subCategoryCategories).values([
    { subCategoryId: 'sub0000000000001', categoryId: 'cat0000000000001' },
    { subCategoryId: 'sub0000000000002', categoryId: 'cat0000000000002' },
  ]);
  for (let start = 0; start < EXISTING; start += 1000) {
    const rows = Array.from({ length: 1000 }, (_, k) => ({
      id: id('prd', start + k),
      name: `Cotton panjabi ${start + k}`,
      description: 'আরামদায়ক সুতির পাঞ্জাবি, ঈদের জন্য',
      unit: '1 pc',
      price: 1000 + ((start + k) % 500),
      stock: 20,
      images: ['/uploads/products/demo.webp'],
    }));
    await db.insert(products).values(rows);
    await db.insert(productCategories).values(rows.map((r) => ({ productId: r.id, categoryId: 'cat0000000000001' })));
    await db.insert(productSubCategories).values(rows.map((r) => ({ productId: r.id, subCategoryId: 'sub0000000000001' })));
  }
}

function csvRows() {
  const rows = [];
  for (let i = 0; i < ROWS; i++) {
    const existing = i < EXISTING;
    rows.push({
      id: existing ? id('prd', i) : '',
      name: existing ? `Cotton panjabi ${i}` : `নতুন পণ্য ${i}`,
      description: existing ? 'আরামদায়ক সুতির পাঞ্জাবি, নতুন দাম' : 'A new phone case, fits most phones',
      product_details: '',
      unit: '1 pc',
      price: String(900 + (i % 700)),
      discount: String(i % 20),
      stock: existing ? '20' : '15',
      expected_stock: existing ? '20' : '',
      quantity: '10',
      category: existing ? 'Fashion and Lifestyle' : 'Electronics and Gadgets|Fashion and Lifestyle',
      subCategory: existing ? 'Panjabi' : 'Mobile Phones',
      image: existing ? '/uploads/products/demo.webp' : '',
      more_details: existing ? '{"Fabric":"Cotton"}' : '',
      publish: 'true',
    });
  }
  return Buffer.from(stringify(rows, { header: true, bom: true, columns: [...PRODUCT_CSV_COLUMNS] }));
}

const time = async (fn) => {
  const start = performance.now();
  const value = await fn();
  return { ms: Math.round(performance.now() - start), value };
};

async function run(label, url) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'haat-bench-import-'));
  const database = await openDatabase(url, dataDir);
  try {
    await database.migrate();
    await seed(database.db);
    const csv = csvRows();
    const dry = await time(() => importCatalogueCsv(database.db, localStore(path.join(dataDir, 'uploads')), csv, true));
    const apply = await time(() => importCatalogueCsv(database.db, localStore(path.join(dataDir, 'uploads')), csv, false));
    const exported = await time(async () => {
      let bytes = 0;
      for await (const chunk of exportCatalogueCsv(database.db)) bytes += chunk.length;
      return bytes;
    });
    for (const r of [dry.value, apply.value]) {
      if (r.errors.length || r.created !== ROWS - EXISTING || r.updated !== EXISTING) throw new Error(`${label}: unexpected report ${JSON.stringify({ ...r, errors: r.errors.slice(0, 3) })}`);
    }
    const result = { target: label, rows: ROWS, csvBytes: csv.length, dryRunMs: dry.ms, applyMs: apply.ms, exportMs: exported.ms, exportBytes: exported.value };
    console.log(`${label.padEnd(10)} ${ROWS} rows (${(csv.length / 1024 / 1024).toFixed(1)} MB): dry run ${dry.ms} ms, apply ${apply.ms} ms; export of ${ROWS} products ${exported.ms} ms`);
    return result;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [];
results.push(await run('PGlite', 'memory://'));
if (!pgliteOnly) results.push(await withThrowawayDatabase('haat_bench_import', (url) => run('PostgreSQL', url)));
const load = loadavg().map((n) => n.toFixed(2)).join(' ');
console.log(`load average: ${load}`);
mkdirSync('bench', { recursive: true });
writeFileSync('bench/import-results.json', `${JSON.stringify({ at: new Date().toISOString(), loadAverage: load, results }, null, 2)}\n`);
