/**
 * Times product search on a catalogue of a given size.
 *   DATABASE_URL=postgres://… npx tsx apps/server/src/scripts/bench-search.ts --products 100000
 * Without DATABASE_URL it uses an in-memory PGlite. When the catalogue has
 * fewer products than asked, synthetic ones (brand + kind + colour names, some
 * Bengali) are added in bulk by SQL; use a scratch database.
 * --long-name adds one product whose name is 64 KB of words (as an admin could
 * once save), to check that typo search stays bounded.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { queryProducts } from '../modules/catalogue/queries';
import { readSynonymMap, saveSynonyms } from '../modules/catalogue/synonyms';
import { demoSynonymGroups } from '../seed/synonyms';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const wanted = Number(arg('products', '5000'));
const runs = Number(arg('runs', '25'));
// The last three widen through the demo's synonyms (decision 0049): saree, sari, শাড়ি; atta, আটা; tv, টিভি.
const terms = ['samsung', 'sams', 'samsnug', 'tshirt', 't-shirt', 'শাড়ি', 'জাম', "' or 1=1 --", '%_\\', 'walton fridge', 'a', 'xyzzyq', 'panjabi', 'পাঞ্জাবি', '১২৩৪', 'shari', 'flour', 'televison'];

const database = await openDatabase(process.env.DATABASE_URL || 'memory://', './data');
await database.migrate();
const { db } = database;
const counted = (await db.execute(sql`select count(*)::int as n from products`)) as unknown as { rows: { n: number }[] };
const n = counted.rows[0]?.n ?? 0;
if (n < wanted) {
  const started = performance.now();
  await db.execute(sql`
    insert into products (id, name, name_bn, description, unit, price, discount, stock, images, created_at)
    select 'bench' || g,
      (array['Samsung','Walton','Symphony','Aarong','Pran','Xiaomi','Vision','Bata','Apex','Singer'])[1 + g % 10] || ' ' ||
      (array['Galaxy Phone','T-Shirt','Fridge','Rice Cooker','শাড়ি','জামদানি শাড়ি','Sneakers','Blender','LED TV','Backpack','Panjabi','Headphones'])[1 + (g / 10) % 12] || ' ' ||
      (array['Black','Blue','Red','Green','Maroon','Silver','White'])[1 + (g / 120) % 7] || ' ' || g,
      -- The panjabis have a Bangla name too (issue 14).
      case when (g / 10) % 12 = 10 then 'পাঞ্জাবি ' || g else '' end,
      'A reliable everyday product from a trusted brand, model ' || g,
      '1 pc', 100 + g % 5000, (g % 4) * 5, g % 33, array['/uploads/products/x.webp'],
      now() - (g || ' seconds')::interval
    from generate_series(${n + 1}::int, ${wanted}::int) as g`);
  await db.execute(sql`analyze products`);
  console.log(`added ${wanted - n} products in ${Math.round(performance.now() - started)} ms`);
}

if (process.argv.includes('--long-name')) {
  const words = ['samsung', 'walton', 'fridge', 'phone', 'shirt', 'rice', 'cooker', 'blender', 'galaxy', 'sneakers'];
  let name = '';
  for (let i = 0; name.length < 64 * 1024; i++) name += `${words[i % words.length]}${i} `;
  await db.execute(sql`insert into products (id, name, description, unit, price, discount, stock, images)
    values ('benchlongname', ${name.slice(0, 64 * 1024)}, '', '1 pc', 100, 0, 1, array['/uploads/products/x.webp'])
    on conflict (id) do nothing`);
  console.log('with one 64 KB name');
}

// The shop's synonyms as the API holds them (read once per catalogue change); a shop without any gets the demo's.
if ((await readSynonymMap(db)).size === 0) await saveSynonyms(db, { groups: demoSynonymGroups() });
const synonyms = await readSynonymMap(db);

const rows: Record<string, unknown>[] = [];
for (const search of terms) {
  const times: number[] = [];
  let matches = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    matches = (await queryProducts(db, { search, page: 1, limit: 20 }, synonyms)).totalCount;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1));
  rows.push({ search, matches, median_ms: at(0.5), p95_ms: at(0.95) });
}
console.log(`${database.kind}, ${Math.max(n, wanted)} products, ${runs} runs each, page 1 of 20`);
console.table(rows);
await database.close();
