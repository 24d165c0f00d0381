// Load benchmark of the shop's busiest public reads against a running server.
//   npm start            (in another terminal; or any Haat URL)
//   node scripts/bench-api.mjs [http://127.0.0.1:3000] [--seconds 10] [--connections 20]
// Prints requests per second and latency percentiles per endpoint. Traffic
// goes only to the URL given (keep it on this machine).
import autocannon from 'autocannon';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const base = (args.find((a) => a.startsWith('http')) ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const duration = flag('seconds', 10);
const connections = flag('connections', 20);

const post = (path, body) => ({ path, method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const json = async (path, init) => (await (await fetch(base + path, init)).json()).data;

// Real ids from the catalogue being measured.
const categories = await json('/api/category/get-category');
const subs = await json('/api/subcategory/get-subcategories');
const [first] = await json('/api/product/get-all-products', post('', { page: 1, limit: 1 }));
const sub = subs.find((s) => s.category?.some((c) => c._id === categories[0]._id)) ?? subs[0];

const cases = [
  ['categories', { path: '/api/category/get-category' }],
  ['home products', post('/api/product/get-all-products', {})],
  ['search "samsung"', post('/api/product/get-all-products', { page: 1, limit: 20, search: 'samsung' })],
  ['search typo "samsnug"', post('/api/product/get-all-products', { page: 1, limit: 20, search: 'samsnug' })],
  ['listing', post('/api/product/get-product-by-category-and-subcategory', { categoryId: sub.category[0]._id, subcategoryId: sub._id, page: 1, limit: 10 })],
  ['product details', post('/api/product/get-product-details', { productId: first._id })],
  ['delivery settings', { path: '/api/delivery-settings' }],
];

console.log(`${base} · ${connections} connections · ${duration} s each`);
console.log('endpoint'.padEnd(24), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p97.5 ms'.padStart(9), 'p99 ms'.padStart(8), 'errors'.padStart(7));
for (const [name, req] of cases) {
  const r = await autocannon({ url: base, connections, duration, requests: [req] });
  const errors = r.errors + r.non2xx;
  console.log(
    name.padEnd(24),
    String(Math.round(r.requests.average)).padStart(8),
    String(r.latency.p50).padStart(8),
    String(r.latency.p97_5).padStart(9),
    String(r.latency.p99).padStart(8),
    String(errors).padStart(7),
  );
}
