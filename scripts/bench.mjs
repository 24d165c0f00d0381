// npm run bench [-- --quick] [-- --products N] [-- --seconds S] [-- --processes N] [-- --only orders,home]
//
// The API benchmark of issue 9. Seeds a catalogue into PostgreSQL
// (BENCH_DATABASE_URL, else the database haat_bench on the local server,
// created when missing), starts the server on it with RATE_LIMITS=off, and
// loads each endpoint with autocannon on loopback (50 connections, a warm-up,
// then S seconds). A bare Fastify server answering a fixed list of 20 products
// is measured in the same run as the yardstick.
// Prints a table and writes bench/results.json.
//
// --quick: a few seconds on 100 products in in-memory PGlite (or
// BENCH_DATABASE_URL when set), so CI proves the bench still runs; writes
// bench/results-quick.json.
//
// --serial N: afterwards, one shopper alone asks N different listings (a
// sub-category and page), N product pages and N searches never asked before,
// one at a time: p50/p95/p99 of answers no cache holds (the scale point of
// docs/PERFORMANCE.md). `--only none --serial 200` runs just that.
//
// --out name.json: write the results there instead (in bench/).
//
// --promotions N: before measuring, the admin creates N active automatic
// promotions (issue 22: percent off the order or listed products and
// categories, fixed off over a minimum, free delivery over a threshold; most
// combining), so every order runs the promotion engine on them. Compare
// `--only orders --promotions 50` with `--only orders` (p50 of "COD order"); `--connections 1`
// measures an order's own time, without queueing. --promotion-mix shop: see shopPromotion.
// --alternate R (with --promotions N): instead, one shopper places orders one at a time in 2R blocks of
// 200, the bench's promotions paused for one block and running for the next (which goes first alternates),
// in the one server process: the difference of the two medians is what the promotions add to an order,
// with the machine's drift between runs cancelled out. Writes bench/promotions-alternate.json.
//
// --only a,b: just those scenarios (keys: home, listing, deep, details, exact,
// prefix, typo, norepeat, cart, orders), to measure one change; the oversell
// check always runs. Writes bench/results-only.json, leaving results.json alone.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const numberArg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
// --processes N: N server processes on the one database, the load split evenly (scaling out).
const PROCESSES = numberArg('processes', 1);
const onlyIndex = args.indexOf('--only');
const ONLY = onlyIndex >= 0 ? new Set(args[onlyIndex + 1].split(',').map((k) => k.trim())) : null;
const PRODUCTS = numberArg('products', quick ? 100 : 100_000);
const SERIAL = numberArg('serial', 0);
const PROMOTIONS = numberArg('promotions', 0);
const mixIndex = args.indexOf('--promotion-mix');
const PROMOTION_MIX = mixIndex >= 0 ? args[mixIndex + 1] : 'stacked';
const outIndex = args.indexOf('--out');
const OUT = outIndex >= 0 ? path.basename(args[outIndex + 1]) : null;
const SECONDS = numberArg('seconds', quick ? 1 : 10);
const WARMUP = quick ? 0.5 : 3;
// --connections N: concurrent connections (default 50; 1 measures one request's own time, no queueing).
const CONNECTIONS = numberArg('connections', quick ? 10 : 50);
const log = (...a) => console.log('[bench]', ...a);
// --quick checks that every scenario answers, not how fast: npm test runs it beside the lint and the build, and on a
// busy machine a 1 s window once closed before the first COD order answered (0 requests, a failed run). So a quick
// run sends a fixed count of requests (50 a second of its window), however long they take; a full run times its window.
// (autocannon ends a run on its sampling tick: 50 ms ticks keep a quick run's elapsed time, and its req/s, near the truth.)
/**
 * A quick run proves every request is answered, not how fast: a loaded machine may answer one late (autocannon's
 * default gives up after 10 s and counts an error, though the shop answered). A full run keeps the 10 s.
 */
const ANSWER_WITHIN_S = 60;
const span = (seconds, shares) =>
  quick ? { amount: Math.ceil((seconds * 50) / shares), sampleInt: 50, timeout: ANSWER_WITHIN_S } : { duration: seconds };

// ---- the database -----------------------------------------------------------------

async function ensurePostgres(url) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) {
    log(`creating database ${name}`);
    await client.query(`create database "${name.replaceAll('"', '""')}"`);
  }
  await client.end();
}

function run(cmd, argv, env, { capture = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { cwd: root, env: { ...process.env, ...env }, stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit' });
    let out = '';
    child.stdout?.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${argv.join(' ')} exited with ${code}`))));
  });
}

const tsx = ['--import', 'tsx'];
const dataDir = quick ? mkdtempSync(path.join(os.tmpdir(), 'haat-bench-')) : path.join(root, 'bench', 'data');
mkdirSync(dataDir, { recursive: true });
const databaseUrl = process.env.BENCH_DATABASE_URL || (quick ? 'memory://' : 'postgres://postgres@127.0.0.1:5432/haat_bench');
const onPostgres = databaseUrl.startsWith('postgres');

// One random secret for the run: the seed script and the server both load the config, which refuses PostgreSQL without one.
const jwtSecret = randomBytes(32).toString('hex');
let seedSeconds = null;
if (onPostgres) {
  await ensurePostgres(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query("select to_regclass('products') is not null as has").catch(() => ({ rows: [{ has: false }] }));
  const count = rows[0].has ? Number((await client.query('select count(*) from products')).rows[0].count) : 0;
  await client.end();
  if (count === 0) {
    log(`seeding ${PRODUCTS} products into ${new URL(databaseUrl).pathname.slice(1)}`);
    const t = performance.now();
    await run(process.execPath, [...tsx, 'apps/server/src/scripts/seed.ts', '--products', String(PRODUCTS)], {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
    });
    seedSeconds = Math.round((performance.now() - t) / 100) / 10;
  } else if (count !== PRODUCTS) {
    log(`note: the database already holds ${count} products (asked for ${PRODUCTS}); measuring those`);
  }
}

/** Fresh planner statistics, as autovacuum keeps them in production (some servers run with it off). */
async function vacuumAnalyze() {
  if (!onPostgres) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('vacuum analyze');
  await client.end();
}

// ---- processes ------------------------------------------------------------------

/** Starts a node process and waits for a line matching `ready`; answers the child and that match. */
function startProcess(argv, env, ready) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const onData = (d) => {
      out += d;
      const m = out.match(ready);
      if (m) {
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve({ child, match: m });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d) => process.stderr.write(d));
    child.on('exit', (code) => reject(new Error(`process exited with ${code} before it was ready:\n${out}`)));
  });
}

/** Peak resident memory of a process in MB, from Linux's high-water mark. */
function peakRssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(status.match(/VmHWM:\s+(\d+)/)[1]) / 1024);
  } catch {
    return null;
  }
}

const port = 30_000 + Math.floor(Math.random() * 20_000);
const adminPassword = randomBytes(12).toString('hex');
// An admin of this run's own: a reused database keeps an earlier run's admin with another password.
const adminEmail = `bench-admin-${Date.now()}@haat.test`;
if (PROCESSES > 1 && !onPostgres) throw new Error('--processes needs PostgreSQL');
log(`starting ${PROCESSES} server process(es) on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`);
const servers = [];
for (let i = 0; i < PROCESSES; i++) {
  const { child } = await startProcess(
  // The heap bound of `npm start` (BENCH_HEAP_MB to try another): V8 collects before RSS passes the target.
  [`--max-old-space-size=${process.env.BENCH_HEAP_MB || 160}`, ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []), ...tsx, 'apps/server/src/main.ts'],
  {
    // The server as in production, but NODE_ENV=production refuses RATE_LIMITS=off
    // (and only decides the demo admin besides, which SEED_DEMO=0 turns off anyway).
    NODE_ENV: 'development',
    PORT: String(port + i),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    SEED_DEMO: onPostgres ? '0' : '1',
    SEED_PRODUCTS: String(PRODUCTS),
    RATE_LIMITS: 'off', COD_OPEN_PER_MOBILE: 'off', COD_OPEN_PER_ADDRESS: 'off', SMS_DAILY_BUDGET: '0',
    LOG_LEVEL: 'warn',
  },
  /Haat is ready/,
  );
  servers.push({ child, url: `http://127.0.0.1:${port + i}`, rssMax: 0 });
}
const base = servers[0].url;

const stopAll = [];
/**
 * Stops the servers and waits until they have exited, then removes a quick
 * run's data folder: a server's shutdown still writes there (the SMS queued
 * by the last orders go to DATA_DIR/outbox/).
 */
async function shutdown() {
  for (const stop of stopAll.splice(0)) stop();
  await Promise.all(
    servers.filter((s) => s.child.exitCode === null && s.child.signalCode === null).map((s) => new Promise((resolve) => {
      s.child.once('exit', resolve);
      s.child.kill('SIGTERM');
    })),
  );
  if (quick) rmSync(dataDir, { recursive: true, force: true });
}
// When the bench fails half-way: stop what it started (a quick run's folder is left behind then).
process.on('exit', () => {
  for (const stop of stopAll) stop();
  for (const s of servers) s.child.kill('SIGTERM');
});

async function api(pathname, init = {}) {
  const res = await fetch(base + '/api/' + pathname, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${body.message}`);
  return body;
}
const qs = (o) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();

// ---- what to ask for: real ids and words from the catalogue --------------------------

const subs = (await api('subcategory/get-subcategories')).data;
const sub = subs.find((s) => s.category.length) ?? subs[0];
const listingPath = (page) =>
  `/api/product/get-product-by-category-and-subcategory?${qs({ categoryId: sub.category[0]._id, subcategoryId: sub._id, page, limit: 10 })}`;
const listing = await api(listingPath(1).slice(5));
const deepPage = Math.min(50, listing.totalPages);

const sample = [];
for (const s of subs) {
  const c = s.category[0];
  if (!c) continue;
  const page = await api(`product/get-product-by-category-and-subcategory?${qs({ categoryId: c._id, subcategoryId: s._id, page: 1, limit: 20 })}`);
  sample.push(...page.data);
}
const ids = sample.map((p) => p._id);

/**
 * The products as a shopper buys them (issue 21): a product with options is
 * bought as its variant with the most stock (`line` carries its variant_id),
 * and `stock` is that variant's. Read from the product details, 20 at a time.
 */
async function buyable(list) {
  const out = [];
  for (let i = 0; i < list.length; i += 20) {
    const details = await Promise.all(list.slice(i, i + 20).map((p) => api(`product/get-product-details?productId=${p._id}`)));
    for (const { data: d } of details) {
      if (!d.options?.length) {
        out.push({ ...d, line: { product_id: d._id } });
        continue;
      }
      const v = [...d.variants].sort((a, b) => b.stock - a.stock)[0];
      if (v && v.stock >= 10) out.push({ ...d, stock: v.stock, line: { product_id: d._id, variant_id: v._id } });
    }
  }
  return out;
}
/** The stock a line sells from: its variant's, or its product's. */
async function stockOf(p) {
  const d = (await api(`product/get-product-details?productId=${p._id}`)).data;
  return p.line.variant_id ? d.variants.find((v) => v._id === p.line.variant_id).stock : d.stock;
}
const inStock = await buyable(sample.filter((p) => p.stock >= 10 && p.quantity >= 1));

const words = [...new Set(sample.flatMap((p) => p.name.toLowerCase().split(/[^\p{L}\p{N}\p{M}]+/u)).filter((w) => w.length >= 4 && /^[a-z]+$/.test(w)))];
const typo = (w) => {
  const i = 1 + Math.floor(w.length / 2 - 1);
  return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
};
const terms = {
  exact: words,
  prefix: words.map((w) => w.slice(0, Math.max(3, Math.ceil(w.length * 0.6)))),
  typo: words.filter((w) => w.length >= 5).map(typo),
};
let rr = 0;
const pick = (list) => list[rr++ % list.length];
const rand = (list) => list[Math.floor(Math.random() * list.length)];
const searchPath = (search) => `/api/product/get-all-products?${qs({ page: 1, limit: 20, search })}`;

// Never the same query twice: what shoppers type, taken from real names — one
// to three consecutive words, the last one cut as if still typing, and one in
// five with a typo.
const phrases = sample.map((p) => p.name.toLowerCase().split(/[^\p{L}\p{N}\p{M}]+/u).filter(Boolean)).filter((ws) => ws.length);
const seen = new Set();
function uniqueQuery() {
  for (let attempt = 0; ; attempt++) {
    const ws = rand(phrases);
    const start = Math.floor(Math.random() * ws.length);
    let parts = ws.slice(start, start + 1 + Math.floor(Math.random() * Math.min(3, ws.length - start)));
    const last = parts.at(-1);
    parts[parts.length - 1] = last.slice(0, Math.max(2, Math.ceil(Math.random() * last.length)));
    if (Math.random() < 0.2) parts = parts.map((w) => (w.length >= 5 ? typo(w) : w));
    // Rarely the phrases run out: then two words from different names.
    const q = attempt < 50 ? parts.join(' ') : `${rand(words)} ${rand(words).slice(0, 3 + (attempt % 5))}`;
    if (!seen.has(q)) {
      seen.add(q);
      return q;
    }
  }
}

// Shoppers for the cart, and guests' orders of products with plenty of stock.
const SHOPPERS = quick ? 10 : 50;
const tokens = [];
for (let i = 0; i < SHOPPERS; i++) {
  const email = `bench.${Date.now()}.${i}@haat.test`;
  const password = 'bench-secret-1';
  await api('user/register', { method: 'POST', body: JSON.stringify({ name: 'Bench Shopper', email, password, confirmPassword: password }) });
  tokens.push((await api('user/login', { method: 'POST', body: JSON.stringify({ email, password }) })).data.access_token);
}
const orderPool = inStock.slice(0, 200);
if (onPostgres) {
  // A reused database keeps an earlier run's promotions: pause them, so a run has exactly its own --promotions.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('update promotions set active = false where active');
  await client.end();
}
{
  // Guests' orders go through without the SMS confirmation of decision 0062: the bench measures placing orders.
  const admin = (await api('user/login', { method: 'POST', body: JSON.stringify({ email: adminEmail, password: adminPassword }) })).data.access_token;
  await api('cod/settings', { method: 'PUT', headers: { authorization: `Bearer ${admin}` }, body: JSON.stringify({ mode: 'never', risk: 'high', above: 5000 }) });
}
/**
 * --promotion-mix shop: a shop's 50 offers, most on listed products or one
 * category, a few on the whole order over a minimum; an order carries a few.
 * (The default, stacked, has most promotions on the whole order and combining:
 * every order carries about 28 of them, the worst case.)
 */
function shopPromotion(i, categoryIds) {
  const slot = i % 10;
  if (slot <= 5) return { kind: 'percent', value: 5 + (i % 3) * 5, scope: { kind: 'products', ids: orderPool.slice((i * 7) % 180, ((i * 7) % 180) + 20).map((p) => p._id) } };
  if (slot <= 7 && categoryIds.length) return { kind: 'percent', value: 3, scope: { kind: 'categories', ids: [categoryIds[i % categoryIds.length]] } };
  if (slot === 9) return { kind: 'free_delivery', value: 0, min_subtotal: 1500 + i * 50, scope: { kind: 'order', ids: [] } };
  return { kind: 'fixed', value: 50, min_subtotal: 2000 + i * 100, scope: { kind: 'order', ids: [] } };
}
/** This run's promotions (--alternate pauses and resumes exactly these). */
const madePromotions = [];
if (PROMOTIONS > 0) {
  log(`creating ${PROMOTIONS} active promotions`);
  const admin = (await api('user/login', { method: 'POST', body: JSON.stringify({ email: adminEmail, password: adminPassword }) })).data.access_token;
  const window = { starts_at: new Date(Date.now() - 86_400_000).toISOString(), ends_at: new Date(Date.now() + 30 * 86_400_000).toISOString() };
  const categoryIds = [...new Set(subs.flatMap((s) => s.category.map((c) => c._id)))];
  for (let i = 0; i < PROMOTIONS; i++) {
    if (PROMOTION_MIX === 'shop') {
      madePromotions.push((await api('promotion', { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: JSON.stringify({ name: `Bench offer ${i + 1}`, combines: i % 7 !== 0, ...window, ...shopPromotion(i, categoryIds) }) })).data._id);
      continue;
    }
    const kinds = [
      { kind: 'percent', value: 1 + (i % 5), scope: { kind: 'order', ids: [] } },
      { kind: 'percent', value: 5, scope: { kind: 'products', ids: orderPool.slice(i % 10, (i % 10) + 20).map((p) => p._id) } },
      { kind: 'percent', value: 3, scope: categoryIds.length ? { kind: 'categories', ids: categoryIds.slice(0, 3) } : { kind: 'order', ids: [] } },
      { kind: 'fixed', value: 20, min_subtotal: 500, scope: { kind: 'order', ids: [] } },
      { kind: 'free_delivery', value: 0, min_subtotal: 1000 + i, scope: { kind: 'order', ids: [] } },
    ];
    const made = await api('promotion', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: JSON.stringify({ name: `Bench offer ${i + 1}`, combines: i % 4 !== 0, ...window, ...kinds[i % kinds.length] }),
    });
    madePromotions.push(made.data._id);
  }
}
if (onPostgres) {
  // Enough stock that the order scenario measures ordering, not running out.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const pool = orderPool.map((p) => p._id);
  // A variant product's stock is its variants' sum (decision 0069).
  await client.query('update product_variants set stock = 1000000 where product_id = any($1)', [pool]);
  await client.query(
    `update products p set stock = case when jsonb_array_length(p.options) = 0 then 1000000 else (select sum(v.stock)::int from product_variants v where v.product_id = p.id) end where p.id = any($1)`,
    [pool],
  );
  await client.end();
}
const guestOrder = (line, quantity = 1) =>
  JSON.stringify({
    method: 'CASH-ON-DELIVERY',
    list_items: [{ ...line, quantity }],
    guest_user_delivery_address: { address_line: 'House 1, Road 2, Dhanmondi', city: 'Dhaka', mobile: '01712345678' },
  });

await vacuumAnalyze();

const ALTERNATE = numberArg('alternate', 0);
if (ALTERNATE > 0 && PROMOTIONS > 0 && onPostgres) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const times = { paused: [], running: [] };
  const loadBefore = os.loadavg().map((n) => Math.round(n * 100) / 100);
  let n = 0;
  const block = async (mode) => {
    // The change is announced (migration 0027's trigger): the server's kept list of running promotions follows it.
    await client.query('update promotions set active = $1 where id = any($2)', [mode === 'running', madePromotions]);
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      const res = await fetch(`${base}/api/order`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: guestOrder(orderPool[n++ % orderPool.length].line) });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`order answered ${res.status}`);
      // The first few of a block warm the kept list again; all are counted.
      times[mode].push(performance.now() - started);
    }
  };
  log(`alternating: ${ALTERNATE} rounds of 200 orders with ${PROMOTIONS} promotions paused, then running`);
  await block('running');
  times.running.length = 0;
  for (let r = 0; r < ALTERNATE; r++) for (const mode of r % 2 ? ['running', 'paused'] : ['paused', 'running']) await block(mode);
  await client.end();
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const ms = (v) => Math.round(v * 100) / 100;
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const result = {
    what: `issue 22: POST /api/order (guest COD, one line), one at a time, ${PROMOTIONS} promotions (${PROMOTION_MIX}) paused and running in alternate blocks of 200, ${ALTERNATE} rounds, one server process, PostgreSQL, ${PRODUCTS} products`,
    date: new Date().toISOString(),
    node: process.version,
    loadAverage: { before: loadBefore, after: os.loadavg().map((x) => Math.round(x * 100) / 100) },
    paused: { orders: times.paused.length, p50_ms: ms(median(times.paused)), mean_ms: ms(mean(times.paused)) },
    running: { orders: times.running.length, p50_ms: ms(median(times.running)), mean_ms: ms(mean(times.running)) },
  };
  result.added_p50_ms = ms(result.running.p50_ms - result.paused.p50_ms);
  writeFileSync(path.join(root, 'bench', 'promotions-alternate.json'), JSON.stringify(result, null, 2) + '\n');
  console.log(JSON.stringify(result, null, 2));
  await shutdown();
  process.exit(0);
}

// ---- scenarios -------------------------------------------------------------------

const get = (fn) => ({ method: 'GET', setupRequest: (req) => ({ ...req, path: fn() }) });
const post = (pathname, body, headers = {}) => ({
  method: 'POST',
  setupRequest: (req) => ({ ...req, path: pathname, body: body(), headers: { ...req.headers, 'content-type': 'application/json', ...headers() } }),
});

const repeating = (paths) => ({ warmAll: paths, request: get(() => pick(paths)) });

const scenarios = [
  { key: 'home', name: 'home list', target: { ratio: 0.5, p99: 20 }, request: get(() => '/api/product/get-all-products?page=1&limit=20') },
  { key: 'listing', name: 'listing page 1', target: { ratio: 0.5, p99: 20 }, request: get(() => listingPath(1)) },
  { key: 'deep', name: `listing deep p${deepPage}`, target: { ratio: 0.2, p99: 50 }, request: get(() => listingPath(deepPage)) },
  // Repeating questions: the warm-up asks each one once, then the run repeats them.
  { key: 'details', name: 'product details', target: { ratio: 0.5, p99: 20 }, ...repeating(ids.map((id) => `/api/product/get-product-details?productId=${id}`)) },
  { key: 'exact', name: 'search exact', target: { ratio: 0.2, p99: 50 }, ...repeating(terms.exact.map(searchPath)) },
  { key: 'prefix', name: 'search prefix', target: { ratio: 0.2, p99: 50 }, ...repeating(terms.prefix.map(searchPath)) },
  { key: 'typo', name: 'search typo', target: { ratio: 0.2, p99: 50 }, ...repeating(terms.typo.map(searchPath)) },
  { key: 'norepeat', name: 'search, no repeat', target: { ratio: 0.05, p99: 100 }, request: get(() => searchPath(uniqueQuery())), noWarmup: true },
  {
    key: 'cart', name: 'add to cart',
    request: (() => {
      // Request n: shopper n mod S adds one unit of product ⌊n / S⌋ mod P, so a shopper meets the same product
      // again only after S × P requests and no cart line reaches the product's per-order cap (3 at the least).
      let n = 0;
      return post(
        '/api/cart/add-to-cart',
        () => JSON.stringify({ ...inStock[Math.floor(n / tokens.length) % inStock.length].line, quantity: 1 }),
        () => ({ authorization: `Bearer ${tokens[n++ % tokens.length]}` }),
      );
    })(),
  },
  {
    key: 'orders', name: 'COD order',
    target: { rps: 300 },
    request: post('/api/order', () => guestOrder(rand(orderPool).line), () => ({})),
    // Guest orders also create rows: no warm-up beyond the yardstick's, as with carts.
  },
];

function summarise(r) {
  return {
    // A quick run's count of requests over its elapsed time (its per-second samples may be a single partial one).
    reqPerSec: Math.round(quick ? r.requests.total / r.duration : r.requests.average),
    p50: r.latency.p50,
    mean: r.latency.average,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    requests: r.requests.total,
  };
}

/** Loads the shop (every process, connections split evenly) or the given url; answers the summary. */
async function load(request, duration, url) {
  if (url) return summarise(await autocannon({ url, connections: CONNECTIONS, ...span(duration, 1), requests: [request] }));
  const runs = await Promise.all(
    servers.map((s) => autocannon({ url: s.url, connections: Math.ceil(CONNECTIONS / servers.length), ...span(duration, servers.length), requests: [request] })),
  );
  const parts = runs.map(summarise);
  // Throughput adds up; latency is the worst process's.
  return {
    reqPerSec: parts.reduce((n, p) => n + p.reqPerSec, 0),
    p50: Math.max(...parts.map((p) => p.p50)),
    mean: Math.max(...parts.map((p) => p.mean)),
    p99: Math.max(...parts.map((p) => p.p99)),
    errors: parts.reduce((n, p) => n + p.errors, 0),
    requests: parts.reduce((n, p) => n + p.requests, 0),
  };
}

// RSS sampled through the run (VmHWM is the kernel's own peak as well).
const rssTimer = setInterval(() => {
  for (const s of servers) {
    try {
      const kb = Number(readFileSync(`/proc/${s.child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]);
      s.rssMax = Math.max(s.rssMax, Math.round(kb / 1024));
    } catch {
      /* not Linux, or gone */
    }
  }
}, 250);
stopAll.push(() => clearInterval(rssTimer));

// The yardstick: bare Fastify, the same 20 products as JSON, in its own process.
const homeBody = await (await fetch(base + '/api/product/get-all-products?page=1&limit=20')).text();
const bodyFile = path.join(os.tmpdir(), `haat-yardstick-${process.pid}.json`);
writeFileSync(bodyFile, homeBody);
const { child: yard, match } = await startProcess(['scripts/bench-yardstick.mjs'], { YARDSTICK_BODY: bodyFile }, /\{"port":(\d+)\}/);
stopAll.push(() => {
  yard.kill();
  rmSync(bodyFile, { force: true });
});
const yardUrl = `http://127.0.0.1:${match[1]}`;
const loadavg = () => os.loadavg().map((n) => Math.round(n * 100) / 100);
const loadBefore = loadavg();
log(`yardstick: bare Fastify, ${Math.round(homeBody.length / 1024)} KB of JSON`);
await load({ method: 'GET', path: '/list' }, WARMUP, yardUrl);
const yardstick = await load({ method: 'GET', path: '/list' }, SECONDS, yardUrl);
yard.kill();

if (ONLY) {
  const unknown = [...ONLY].filter((k) => k !== 'none' && !scenarios.some((s) => s.key === k));
  if (unknown.length) throw new Error(`--only: unknown ${unknown.join(', ')}; known: ${scenarios.map((s) => s.key).join(', ')}`);
}
const results = [];
for (const s of scenarios.filter((s) => !ONLY || ONLY.has(s.key))) {
  log(s.name);
  if (s.warmAll) {
    // Every process has its own cache: each is asked every question once.
    for (const srv of servers) {
      let i = 0;
      await autocannon({ url: srv.url, connections: CONNECTIONS, amount: s.warmAll.length, requests: [get(() => s.warmAll[i++ % s.warmAll.length])] });
    }
  }
  if (!s.noWarmup) await load(s.request, WARMUP);
  const r = await load(s.request, SECONDS);
  results.push({ name: s.name, ...r, ratio: Math.round((r.reqPerSec / yardstick.reqPerSec) * 1000) / 1000, target: s.target ?? null });
}

// No oversell: more orders than stock race for one product; exactly the stock is sold.
async function oversellCheck() {
  const product = inStock.find((p) => !orderPool.includes(p)) ?? inStock[0];
  const before = await stockOf(product);
  let created = 0;
  const attempts = before + 50;
  // Every process takes its share of the race at the same time.
  const runs = await Promise.all(
    servers.map((s) =>
      autocannon({
        url: s.url,
        connections: Math.ceil(CONNECTIONS / servers.length),
        amount: Math.ceil(attempts / servers.length),
        // Every answer is needed to count the orders placed: one given up on would look like a unit lost.
        timeout: ANSWER_WITHIN_S,
        requests: [{ method: 'POST', path: '/api/order', headers: { 'content-type': 'application/json' }, body: guestOrder(product.line) }],
        setupClient: (c) => c.on('response', (status) => status === 201 && created++),
      }),
    ),
  );
  const after = await stockOf(product);
  const errors = runs.reduce((n, r) => n + r.errors + r.timeouts, 0);
  return { product: product._id, stockBefore: before, attempts, ordersPlaced: created, stockAfter: after, errors, ok: created === before && after === 0 };
}
const oversell = await oversellCheck();

/** p-th percentile (nearest rank) of the sorted times. */
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
/** One request at a time over paths never asked before: what a page costs when no cache holds it. */
async function serialLatency(name, paths, seen = () => {}) {
  const times = [];
  for (const p of paths) {
    const t = performance.now();
    const res = await fetch(base + p);
    const body = await res.text();
    times.push(performance.now() - t);
    if (!res.ok) throw new Error(`${name}: ${p} answered ${res.status}`);
    seen(JSON.parse(body));
  }
  if (!times.length) return { name, requests: 0 };
  times.sort((a, b) => a - b);
  const ms = (v) => Math.round(v * 10) / 10;
  return { name, requests: times.length, p50: ms(percentile(times, 50)), p95: ms(percentile(times, 95)), p99: ms(percentile(times, 99)), max: ms(times.at(-1)) };
}
const serial = [];
if (SERIAL > 0) {
  log(`one shopper, ${SERIAL} uncached requests of each kind`);
  const withCategory = subs.filter((s) => s.category.length);
  const listings = Array.from({ length: SERIAL }, (_, i) => {
    const s = withCategory[i % withCategory.length];
    const page = 2 + Math.floor(i / withCategory.length);
    return `/api/product/get-product-by-category-and-subcategory?${qs({ categoryId: s.category[0]._id, subcategoryId: s._id, page, limit: 10 })}`;
  });
  // Products first seen on those pages (page 2 on): no scenario asked for their details.
  const fresh = [];
  serial.push(await serialLatency('listing (a new sub-category page)', listings, (b) => fresh.push(...b.data.map((p) => p._id))));
  serial.push(await serialLatency('product details (a new id)', fresh.slice(0, SERIAL).map((id) => `/api/product/get-product-details?productId=${id}`)));
  serial.push(await serialLatency('search (never asked)', Array.from({ length: SERIAL }, () => searchPath(uniqueQuery()))));
}
const loadAfter = loadavg();

clearInterval(rssTimer);
const report = {
  date: new Date().toISOString(),
  quick,
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
  loadAverage: { before: loadBefore, after: loadAfter },
  database: onPostgres ? 'postgresql' : 'pglite',
  products: PRODUCTS,
  seedSeconds,
  // How many different questions each repeating scenario cycles through.
  distinct: { productIds: ids.length, exact: terms.exact.length, prefix: new Set(terms.prefix).size, typo: terms.typo.length, noRepeatQueries: seen.size },
  connections: CONNECTIONS,
  seconds: SECONDS,
  yardstick,
  results,
  oversell,
  serial,
  processes: PROCESSES,
  promotions: PROMOTIONS,
  promotionMix: PROMOTION_MIX,
  serverPeakRssMb: Math.max(...servers.map((s) => Math.max(s.rssMax, peakRssMb(s.child.pid) ?? 0))),
};

const pad = (v, n) => String(v).padStart(n);
console.log(`\n${report.database}, ${PRODUCTS} products, ${PROCESSES} server process(es), ${PROMOTIONS} active promotions (${PROMOTION_MIX}), ${CONNECTIONS} connections, ${SECONDS} s each; load average ${loadBefore.join(' ')} → ${loadAfter.join(' ')}`);
console.log('endpoint'.padEnd(20), pad('req/s', 8), pad('p50 ms', 7), pad('p99 ms', 7), pad('errors', 7), pad('ratio', 6), ' target');
const line = (name, r, ratio, target) =>
  console.log(name.padEnd(20), pad(r.reqPerSec, 8), pad(r.p50, 7), pad(r.p99, 7), pad(r.errors, 7), pad(ratio, 6), ' ' + target);
line('yardstick', yardstick, '1', '');
for (const r of results) {
  const t = r.target;
  const target = !t ? '' : t.rps ? `≥ ${t.rps}/s, no errors` : `≥ ${t.ratio}×, p99 ≤ ${t.p99} ms`;
  const met = !t ? '' : t.rps ? r.reqPerSec >= t.rps && r.errors === 0 : r.ratio >= t.ratio && r.p99 <= t.p99 && r.errors === 0;
  line(r.name, r, r.ratio.toFixed(3), `${target}${t ? (met ? '  ok' : '  MISSED') : ''}`);
}
for (const r of serial.filter((r) => r.requests)) console.log(`one shopper, ${r.name}: p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms (${r.requests} requests)`);
console.log(`no oversell: ${oversell.ordersPlaced} orders placed for a stock of ${oversell.stockBefore} (${oversell.attempts} tried), stock now ${oversell.stockAfter}: ${oversell.ok ? 'ok' : 'FAILED'}`);
console.log(`server peak RSS: ${report.serverPeakRssMb} MB${PROCESSES > 1 ? ' (the largest process)' : ''} (target ≤ 300)`);

const outFile = path.join(root, 'bench', OUT ? OUT : quick ? 'results-quick.json' : ONLY ? 'results-only.json' : PROCESSES > 1 ? `results-${PROCESSES}-processes.json` : 'results.json');
mkdirSync(path.dirname(outFile), { recursive: true });
writeFileSync(outFile, JSON.stringify(report, null, 2) + '\n');
log(`wrote ${path.relative(root, outFile)}`);

// Quick mode is CI's proof that the bench works: every request must have been answered.
const failed = results.filter((r) => r.requests === 0 || r.errors > 0);
if (!oversell.ok || failed.length) {
  console.error(`bench: ${failed.map((r) => r.name).join(', ') || 'oversell check'} failed`);
  process.exitCode = 1;
}
await shutdown();
process.exit();
