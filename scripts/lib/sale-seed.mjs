// Bulk catalogue for the sale-day bench (issue 23): the demo catalogue's own
// products (seedProduct: the same names, Bangla texts, prices and stock as
// `npm run seed`), written set-based — one INSERT … SELECT FROM unnest() of
// column arrays per 10,000 products, two statements in flight — with the
// catalogue's secondary indexes dropped during the load and built once after.
// Row by row, 1,000,000 products would take hours; this takes minutes.
// Needs tsx (it imports the server's seed data): run under `node --import tsx`.
import pg from 'pg';
import { newId } from '../../apps/server/src/lib/ids.ts';
import { seedProduct } from '../../apps/server/src/seed/seed.ts';
import { seedImageUrl } from '../../apps/server/src/seed/seed-images.ts';

const CHUNK = 10_000;
const IN_FLIGHT = 2;
/** The tables a product load writes, whose secondary indexes are rebuilt after it. */
const TABLES = ['products', 'product_categories', 'product_sub_categories'];

/**
 * Adds `count` products to the catalogue already in `databaseUrl` (categories
 * and sub-categories from `npm run seed -- --products 0`). Answers seconds spent.
 */
export async function bulkSeedProducts(databaseUrl, count, log = () => {}) {
  const started = performance.now();
  // More memory for the index builds than the server's default 64 MB.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: IN_FLIGHT, options: '-c maintenance_work_mem=512MB' });
  try {
    // Sub-categories in the seed's order (created_at follows the flat list), each with its category.
    const subs = (
      await pool.query(`select s.id, min(l.category_id) as category from sub_categories s
        join sub_category_categories l on l.sub_category_id = s.id group by s.id, s.created_at order by s.created_at, s.id`)
    ).rows;
    const indexes = (
      await pool.query(
        `select indexname, indexdef from pg_indexes i where schemaname = current_schema() and tablename = any($1)
           and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
        [TABLES],
      )
    ).rows;
    for (const { indexname } of indexes) await pool.query(`drop index "${indexname}"`);
    // Links carrying their product's created_at and publish (migration 0021) get them here, not from a per-row trigger.
    const linkTriggers = (await pool.query(`select tgname, tgrelid::regclass::text as tbl from pg_trigger where tgname in ('product_categories_listing', 'product_sub_categories_listing')`)).rows;
    for (const { tgname, tbl } of linkTriggers) await pool.query(`alter table ${tbl} disable trigger "${tgname}"`);
    const linkColumns = linkTriggers.length > 0;
    const now = Date.now();
    const insertChunk = async (from, to) => {
      const cols = { id: [], name: [], description: [], nameBn: [], descriptionBn: [], details: [], unit: [], price: [], discount: [], image: [], stock: [], quantity: [], more: [], created: [], category: [], sub: [] };
      for (let i = from; i < to; i++) {
        const p = seedProduct(i, now);
        const sub = subs[p.sub % subs.length];
        cols.id.push(newId());
        cols.name.push(p.name);
        cols.description.push(p.description);
        cols.nameBn.push(p.nameBn);
        cols.descriptionBn.push(p.descriptionBn);
        cols.details.push(p.productDetails);
        cols.unit.push(p.unit);
        cols.price.push(p.price);
        cols.discount.push(p.discount);
        cols.image.push(seedImageUrl(p.image));
        cols.stock.push(p.stock);
        cols.quantity.push(p.quantity);
        cols.more.push(JSON.stringify(p.moreDetails));
        cols.created.push(p.createdAt.toISOString());
        cols.category.push(sub.category);
        cols.sub.push(sub.id);
      }
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(
          `insert into products (id, name, description, name_bn, description_bn, product_details, unit, price, discount, images, stock, quantity, more_details, publish, created_at, updated_at)
           select id, name, description, name_bn, description_bn, details, unit, price, discount, array[image], stock, quantity, more::jsonb, true, created, created
           from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::int[], $10::text[], $11::int[], $12::int[], $13::text[], $14::timestamptz[])
             as t(id, name, description, name_bn, description_bn, details, unit, price, discount, image, stock, quantity, more, created)`,
          [cols.id, cols.name, cols.description, cols.nameBn, cols.descriptionBn, cols.details, cols.unit, cols.price, cols.discount, cols.image, cols.stock, cols.quantity, cols.more, cols.created],
        );
        for (const [table, column, values] of [['product_categories', 'category_id', cols.category], ['product_sub_categories', 'sub_category_id', cols.sub]]) {
          await client.query(
            linkColumns
              ? `insert into ${table} (product_id, ${column}, created_at, publish) select *, true from unnest($1::text[], $2::text[], $3::timestamptz[])`
              : `insert into ${table} (product_id, ${column}) select * from unnest($1::text[], $2::text[])`,
            linkColumns ? [cols.id, values, cols.created] : [cols.id, values],
          );
        }
        await client.query('commit');
      } catch (err) {
        await client.query('rollback');
        throw err;
      } finally {
        client.release();
      }
    };
    const running = new Set();
    let done = 0;
    for (let from = 0; from < count; from += CHUNK) {
      const job = insertChunk(from, Math.min(count, from + CHUNK)).then(() => {
        running.delete(job);
        done += CHUNK;
        if (done % 100_000 === 0) log(`${done.toLocaleString('en')} products in ${Math.round((performance.now() - started) / 1000)} s`);
      });
      running.add(job);
      if (running.size >= IN_FLIGHT) await Promise.race(running);
    }
    await Promise.all(running);
    for (const { tgname, tbl } of linkTriggers) await pool.query(`alter table ${tbl} enable trigger "${tgname}"`);
    log(`building ${indexes.length} indexes`);
    // Built side by side: a GIN index and the btrees each take a connection.
    await Promise.all(indexes.map(({ indexdef }) => pool.query(indexdef)));
  } finally {
    await pool.end();
  }
  return Math.round((performance.now() - started) / 100) / 10;
}
