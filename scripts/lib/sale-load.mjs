// The sale-day load generator (issue 23): many keep-alive connections on
// loopback, each asking the next request of a weighted mix as soon as its last
// one is answered (a closed loop, like autocannon), with latency kept per
// request kind. `npm run bench:sale` drives the shop and the bare-Fastify
// yardstick with it; `npm run bench:cluster` (issue 24) drives nginx with it.
//
//   const catalogue = await describeCatalogue(databaseUrl);  // or build one by hand
//   const result = await runSaleLoad({ url, seconds: 30, warmupSeconds: 5, connections: 64, catalogue, shopperTokens });
//   const yard = await runLoad({ url: yardUrl, seconds: 30, connections: 64, next: () => ({ kind: 'yardstick', path: '/list' }) });
//
// What a shopper asks, and how often (SALE_MIX): product details of a product
// drawn on a Zipf curve over the whole catalogue; listings of any
// sub-category, the page drawn on a Zipf curve over all its pages; the home
// list; the category and sub-category lists; search, popular terms (Zipf) and
// a long tail of queries never asked before; signed-in shoppers adding to
// their carts; guests placing cash-on-delivery orders.
import http from 'node:http';
import pg from 'pg';
import { mulberry32 } from '../../packages/shared/src/random.ts';

/** Request kinds and their share of the requests. */
export const SALE_MIX = { details: 34, listing: 20, home: 8, categories: 6, search: 16, cart: 8, order: 8 };
/**
 * The storefront's own traffic (issue 40, `--mix web`): a third of the requests are server-rendered pages a
 * shopper lands on (product, home, listing; 40 % in Bangla), the rest what the web app then asks the API for
 * (GETs), searches, cart adds and COD orders.
 */
export const WEB_MIX = { productPage: 21, homePage: 6, listingPage: 8, details: 12, listing: 7, home: 3, categories: 6, shopFacts: 7, search: 14, cart: 8, order: 8 };
/** Share of server-rendered pages asked for in Bangla (the toggle's cookie). */
const BANGLA_SHARE = 0.4;
/** What a browser sends with a page request: the page comes compressed, as a shopper gets it. */
const PAGE_HEADERS = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };
/** Request kinds that are server-rendered pages. */
export const PAGE_KINDS = ['productPage', 'homePage', 'listingPage'];

/** Share of searches that are never repeated (the long tail); the rest are popular terms. */
const TAIL_SHARE = 0.4;
/** Refusals a shop must give when stock runs out during a sale: answered correctly, so not errors. */
const SOLD_OUT_CODES = new Set(['OUT_OF_STOCK', 'NOT_ENOUGH_STOCK', 'ORDER_QUANTITY_OVER_STOCK', 'CART_QUANTITY_CAP']);

/** A seeded random generator: the same run asks the same things. */
export const random = (seed = 23) => mulberry32(seed);

/** Draws ranks 0..n-1 with P(rank k) ∝ 1 / (k + 1)^s: a few very popular, a long tail. */
export function zipf(n, rnd, s = 1) {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) cdf[k] = sum += 1 / (k + 1) ** s;
  return () => {
    const x = rnd() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/**
 * What the load asks about, read from the shop's database: every published
 * product id (shuffled, so popularity is spread over every sub-category), every
 * sub-category listing with its number of products, the category ids, the
 * words of product names (popular search terms) and some names (the long tail
 * is cut from them).
 */
export async function describeCatalogue(databaseUrl, { seed = 23 } = {}) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = (await client.query('select id from products where publish order by id')).rows.map((r) => r.id);
    const listings = (
      await client.query(`
        select ps.sub_category_id as "subCategoryId", sc.category_id as "categoryId", count(*)::int as products
        from product_sub_categories ps
        join sub_category_categories sc on sc.sub_category_id = ps.sub_category_id
        join products p on p.id = ps.product_id and p.publish
        where exists (select 1 from product_categories pc where pc.product_id = ps.product_id and pc.category_id = sc.category_id)
        group by 1, 2 order by 1, 2`)
    ).rows;
    const categoryIds = (await client.query('select id from categories order by created_at, id')).rows.map((r) => r.id);
    const names = (await client.query('select name from products where publish order by id limit 5000')).rows.map((r) => r.name);
    const rnd = random(seed);
    for (let i = ids.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [ids[i], ids[j]] = [ids[j], ids[i]];
    }
    const count = new Map();
    for (const name of names) for (const w of words(name)) if (w.length >= 4) count.set(w, (count.get(w) ?? 0) + 1);
    const terms = [...count.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([w]) => w);
    return { productIds: ids, listings, categoryIds, terms, names };
  } finally {
    await client.end();
  }
}

const words = (name) => name.toLowerCase().split(/[^\p{L}\p{N}\p{M}]+/u).filter(Boolean);
const qs = (o) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();

/**
 * The sale-day mix as a `next()` for runLoad. catalogue: as describeCatalogue
 * answers; shopperTokens: bearer tokens of signed-in shoppers (cart adds are
 * left out without any); pageSize: products a listing page shows.
 */
export function saleRequests(catalogue, { shopperTokens = [], pageSize = 20, seed = 23, mix = SALE_MIX } = {}) {
  const rnd = random(seed);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const popularProduct = zipf(catalogue.productIds.length, rnd);
  const product = () => catalogue.productIds[popularProduct()];
  const popularTerm = zipf(Math.max(1, catalogue.terms.length), rnd);
  const pagers = new Map();
  const pageOf = (listing) => {
    const pages = Math.max(1, Math.ceil(listing.products / pageSize));
    let draw = pagers.get(pages);
    if (!draw) pagers.set(pages, (draw = zipf(pages, rnd, 0.8)));
    return 1 + draw();
  };
  const phrases = catalogue.names.map(words).filter((ws) => ws.length);
  const asked = new Set();
  let tail = 0;
  /** One to three consecutive words of a real name, the last cut as if still typed; never the same twice. */
  const newQuery = () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const ws = pick(phrases);
      const start = Math.floor(rnd() * ws.length);
      const parts = ws.slice(start, start + 1 + Math.floor(rnd() * Math.min(3, ws.length - start)));
      const last = parts.at(-1);
      parts[parts.length - 1] = last.slice(0, Math.max(2, Math.ceil(rnd() * last.length)));
      const q = parts.join(' ');
      if (!asked.has(q)) {
        asked.add(q);
        return q;
      }
    }
    // The phrases ran out: a real word and a made-up one, numbered so it is new.
    return `${pick(catalogue.terms)} ${(tail++).toString(36)}x`;
  };
  // A shopper never adds a product already in their cart: the cart's cap would refuse it.
  const carts = shopperTokens.map(() => new Set());
  let shopper = 0;
  let phone = 0;

  const kinds = Object.entries(mix).filter(([k, w]) => w > 0 && (k !== 'cart' || shopperTokens.length));
  const total = kinds.reduce((n, [, w]) => n + w, 0);
  // A page in the shopper's language: 40 % carry the toggle's Bangla cookie.
  const page = (path) => ({ path, headers: rnd() < BANGLA_SHARE ? { ...PAGE_HEADERS, cookie: 'haat.lang=bn' } : PAGE_HEADERS });
  const build = {
    // The slug's words are not read (the id is the segment's last piece): one word stands for the name.
    productPage: () => page(`/product/p-${product()}`),
    homePage: () => page('/'),
    listingPage: () => {
      const l = pick(catalogue.listings);
      return page(`/c-${l.categoryId}/s-${l.subCategoryId}`);
    },
    // The shop's facts every page of the web app reads once it runs.
    shopFacts: () => ({ path: pick(['/api/shop-info', '/api/promotion/offers', '/api/delivery-settings']) }),
    details: () => ({ path: `/api/product/get-product-details?productId=${product()}` }),
    listing: () => {
      const l = pick(catalogue.listings);
      return { path: `/api/product/get-product-by-category-and-subcategory?${qs({ categoryId: l.categoryId, subcategoryId: l.subCategoryId, page: pageOf(l), limit: pageSize })}` };
    },
    home: () => ({ path: `/api/product/get-all-products?page=1&limit=${pageSize}` }),
    categories: () => ({ path: rnd() < 0.5 ? '/api/category/get-category' : '/api/subcategory/get-subcategories' }),
    search: () => {
      const q = rnd() < TAIL_SHARE ? newQuery() : catalogue.terms[popularTerm()];
      return { path: `/api/product/get-all-products?${qs({ page: 1, limit: pageSize, search: q })}` };
    },
    cart: () => {
      const i = shopper++ % shopperTokens.length;
      let id = product();
      for (let n = 0; carts[i].has(id) && n < 50; n++) id = product();
      carts[i].add(id);
      return { method: 'POST', path: '/api/cart/add-to-cart', body: JSON.stringify({ product_id: id, quantity: 1 }), headers: { authorization: `Bearer ${shopperTokens[i]}` } };
    },
    order: () => {
      const first = product();
      let second = product();
      const items = [{ product_id: first, quantity: 1 }];
      if (rnd() < 0.3 && second !== first) items.push({ product_id: second, quantity: 1 });
      // A different valid Bangladeshi mobile each order.
      const mobile = `017${String(10_000_000 + (phone++ % 89_999_999)).padStart(8, '0')}`;
      return {
        method: 'POST',
        path: '/api/order',
        body: JSON.stringify({ method: 'CASH-ON-DELIVERY', list_items: items, guest_user_delivery_address: { address_line: 'House 1, Road 2, Dhanmondi', city: 'Dhaka', mobile } }),
      };
    },
  };
  const next = () => {
    let x = rnd() * total;
    for (const [kind, w] of kinds) {
      if ((x -= w) < 0) return { kind, ...build[kind]() };
    }
    const [kind] = kinds.at(-1);
    return { kind, ...build[kind]() };
  };
  next.neverRepeated = () => asked.size + tail;
  return next;
}

/** p-th percentile (nearest rank) of sorted numbers. */
export const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : null);

/**
 * Drives `url` with `connections` keep-alive connections for `seconds` (after
 * `warmupSeconds` not counted), each sending next() — { kind, path, method?,
 * body?, headers? } — as soon as its previous answer is read. Every request
 * times out after `timeoutMs`. Answers throughput and, per kind, p50/p90/p99
 * (ms), errors (no answer, 5xx, or a 4xx that is not a sold-out refusal) and
 * refusals (sold out), with a few error samples. onMeasure(): called when the
 * measured seconds begin; it may answer a function called when they end, whose
 * answer is returned as `measured` (the bench's CPU counters).
 */
export async function runLoad({ url, seconds, warmupSeconds = 0, connections = 64, next, timeoutMs = 10_000, onMeasure }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const base = new URL(url);
  const stats = new Map();
  const samples = [];
  let measuring = false;
  let stopping = false;
  const statOf = (kind) => {
    let s = stats.get(kind);
    if (!s) stats.set(kind, (s = { times: [], errors: 0, refused: 0, cached: 0 }));
    return s;
  };
  const send = (req) =>
    new Promise((resolve) => {
      const body = req.body === undefined ? undefined : Buffer.from(req.body);
      const started = performance.now();
      const r = http.request(
        {
          host: base.hostname,
          port: base.port,
          agent,
          method: req.method ?? 'GET',
          path: req.path,
          headers: { ...(body ? { 'content-type': 'application/json', 'content-length': body.length } : {}), ...req.headers },
          timeout: timeoutMs,
        },
        (res) => {
          const chunks = [];
          res.on('data', (d) => chunks.push(d));
          // Answered from a cache: the shop's kept page (decision 0090) or nginx's micro-cache.
          const cached = res.headers['x-page-cache'] === 'hit' || res.headers['x-cache-status'] === 'HIT';
          res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started, cached, text: res.statusCode >= 400 ? Buffer.concat(chunks).toString() : '' }));
          res.on('error', (err) => resolve({ status: 0, ms: performance.now() - started, text: String(err) }));
        },
      );
      r.on('timeout', () => r.destroy(new Error('timed out')));
      r.on('error', (err) => resolve({ status: 0, ms: performance.now() - started, text: String(err) }));
      r.end(body);
    });
  const worker = async () => {
    while (!stopping) {
      const req = next();
      const res = await send(req);
      if (!measuring || stopping) continue;
      const s = statOf(req.kind);
      s.times.push(res.ms);
      if (res.cached) s.cached++;
      if (res.status >= 200 && res.status < 300) continue;
      let code = null;
      try {
        code = JSON.parse(res.text).code;
      } catch {
        /* not JSON: an error */
      }
      if (res.status === 409 || res.status === 400 ? SOLD_OUT_CODES.has(code) : false) s.refused++;
      else {
        s.errors++;
        if (samples.length < 10) samples.push({ kind: req.kind, status: res.status, path: req.path, answer: res.text.slice(0, 300) });
      }
    }
  };
  const workers = Array.from({ length: connections }, worker);
  if (warmupSeconds > 0) await new Promise((r) => setTimeout(r, warmupSeconds * 1000));
  measuring = true;
  const measureEnd = onMeasure?.();
  const started = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  measuring = false;
  const measured = measureEnd ? await measureEnd() : undefined;
  const elapsed = (performance.now() - started) / 1000;
  stopping = true;
  await Promise.all(workers);
  agent.destroy();

  const round = (v) => (v === null ? null : Math.round(v * 10) / 10);
  const kinds = {};
  let requests = 0;
  let errors = 0;
  let refused = 0;
  for (const [kind, s] of [...stats.entries()].sort()) {
    s.times.sort((a, b) => a - b);
    kinds[kind] = {
      requests: s.times.length,
      reqPerSec: Math.round(s.times.length / elapsed),
      p50: round(percentile(s.times, 50)),
      p90: round(percentile(s.times, 90)),
      p99: round(percentile(s.times, 99)),
      max: round(s.times.at(-1) ?? null),
      errors: s.errors,
      refusedSoldOut: s.refused,
      // Share answered from a cache that says so (X-Page-Cache: hit, X-Cache-Status: HIT).
      cachedShare: s.times.length ? Math.round((s.cached / s.times.length) * 100) / 100 : 0,
    };
    requests += s.times.length;
    errors += s.errors;
    refused += s.refused;
  }
  return { seconds: Math.round(elapsed * 10) / 10, connections, requests, reqPerSec: Math.round(requests / elapsed), errors, refusedSoldOut: refused, kinds, errorSamples: samples, ...(measured ? { measured } : {}) };
}

/** The sale-day mix against `url` (the shop, or a proxy in front of it). */
export function runSaleLoad({ url, seconds = 30, warmupSeconds = 5, connections = 64, catalogue, shopperTokens = [], pageSize = 20, seed = 23, mix = SALE_MIX, onMeasure }) {
  const next = saleRequests(catalogue, { shopperTokens, pageSize, seed, mix });
  return runLoad({ url, seconds, warmupSeconds, connections, next, onMeasure }).then((r) => ({ ...r, neverRepeatedSearches: next.neverRepeated() }));
}
