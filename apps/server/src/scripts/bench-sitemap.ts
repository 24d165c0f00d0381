/**
 * Times the sitemap index, its product pages and the Meta feed on a seeded
 * catalogue (issue 14: paged for 100,000+ products):
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/haat_bench npx tsx apps/server/src/scripts/bench-sitemap.ts
 * Builds the app in-process (no listening, no web build) and injects requests.
 */
import { tmpdir } from 'node:os';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/haat_bench';
const runs = 5;
const database = await openDatabase(url, tmpdir());
await database.migrate();
const config = loadConfig({ ...process.env, DATABASE_URL: url, DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(40), SEED_DEMO: '0', LOG_LEVEL: 'silent', PUBLIC_URL: 'https://shop.example.com' });
const app = await buildApp({ config, database, webDist: '/nonexistent' });
await app.ready();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function time(path: string) {
  const t = performance.now();
  const res = await app.inject({ method: 'GET', url: path });
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode}`);
  return { ms: performance.now() - t, bytes: res.rawPayload.length, body: res.body };
}

const cold = await time('/sitemap.xml');
const pages = (cold.body.match(/products-\d+\.xml/g) ?? []).length;
console.log(`sitemap index: ${pages} product pages; cold (page starts computed) ${cold.ms.toFixed(1)} ms, warm ${median(await Promise.all([0, 1, 2].map(async () => (await time('/sitemap.xml')).ms))).toFixed(1)} ms`);
for (const n of [1, Math.ceil(pages / 2), pages]) {
  const samples = [];
  let last = { ms: 0, bytes: 0, body: '' };
  for (let i = 0; i < runs; i++) samples.push((last = await time(`/sitemaps/products-${n}.xml`)).ms);
  console.log(`products-${n}.xml: ${(last.body.match(/<url>/g) ?? []).length} URLs, ${(last.bytes / 1024).toFixed(0)} KB, median ${median(samples).toFixed(1)} ms (min ${Math.min(...samples).toFixed(1)})`);
}
const feed = await time('/feeds/meta.csv');
console.log(`feeds/meta.csv: ${feed.body.split('\n').length - 2} rows, ${(feed.bytes / 1024 / 1024).toFixed(1)} MB, ${feed.ms.toFixed(0)} ms, heap ${(process.memoryUsage().heapUsed / 1024 / 1024).toFixed(0)} MB after`);
await app.close();
await database.close();
