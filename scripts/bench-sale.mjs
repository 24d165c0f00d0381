// npm run bench:sale [-- --products N] [-- --seconds S] [-- --connections C] [-- --serial N] [-- --mix web]
//
// A sale day (issue 23). Creates a fresh database on the PostgreSQL server of
// SALE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres; the
// database is dropped afterwards), seeds N products (100,000; up to 1,000,000)
// set-based, starts the shop (one process, the heap bound of `npm start`) and
// a bare-Fastify yardstick, and drives both with the same load generator
// (scripts/lib/sale-load.mjs): C connections (64), a warm-up, then S seconds
// (30) — product popularity on a Zipf curve over the whole catalogue,
// listings of every sub-category and many pages, home, category lists,
// search (popular terms and never-repeated ones), signed-in shoppers adding
// to carts and guests placing cash-on-delivery orders, all at once. Then it
// checks the stock (never below zero; every unit sold is in an order), and
// one shopper alone asks N (200) answers no cache holds. Everything on loopback.
// Writes bench/sale-results.json (bench/sale-results-<N>.json for another N).
// --mix web (issue 40): the storefront's own traffic instead — a third server-rendered pages (product, home,
// listing; 40 % in Bangla), the web app's GETs, search, cart adds and COD orders (WEB_MIX of sale-load.mjs);
// writes bench/sale-web-results.json (…-web-<N>.json for another N).
// --profile DIR: the shop writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
// --out NAME: write bench/NAME instead.
// --keep: the database is not dropped at the end (its name is logged).
// --log-statements: PostgreSQL logs every statement of the shop with its duration (in its server log), to
// see where the database's time goes; it slows the database down.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describeCatalogue, PAGE_KINDS, percentile, random, runLoad, runSaleLoad, SALE_MIX, WEB_MIX } from './lib/sale-load.mjs';
import { checkStock, registerShoppers, snapshotStock } from './lib/sale-checks.mjs';
import { bulkSeedProducts } from './lib/sale-seed.mjs';
import { root, startShop } from './lib/shop.mjs';

const args = process.argv.slice(2);
const numberArg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const PRODUCTS = numberArg('products', 100_000);
const SECONDS = numberArg('seconds', 30);
const WARMUP = numberArg('warmup', 10);
const CONNECTIONS = numberArg('connections', 64);
const SERIAL = numberArg('serial', 200);
const SHOPPERS = 32;
const MIX_NAME = args.includes('--mix') ? args[args.indexOf('--mix') + 1] : 'api';
if (!['api', 'web'].includes(MIX_NAME)) throw new Error(`--mix ${MIX_NAME}: api or web`);
const MIX = MIX_NAME === 'web' ? WEB_MIX : SALE_MIX;
/** --out NAME: the results file under bench/ (to keep a run made with a switch beside the default one). */
const OUT = args.includes('--out') ? args[args.indexOf('--out') + 1] : null;
const PROFILE_DIR = args.includes('--profile') ? args[args.indexOf('--profile') + 1] : null;
const HEAP_MB = process.env.BENCH_HEAP_MB || 160;
const log = (...a) => console.log(`[bench:sale ${new Date().toISOString().slice(11, 19)}]`, ...a);
const loadavg = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

const cleanups = [];
const cleanup = async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch((err) => console.error(err));
};
// Ctrl-C or a failure half-way: stop what was started and drop the database.
process.on('SIGINT', () => cleanup().then(() => process.exit(130)));

// ---- a fresh database --------------------------------------------------------------

const adminUrl = process.env.SALE_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `haat_sale_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'haat-sale-'));
cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
await admin(`create database "${dbName}"`);
// --keep: leave the database for a closer look (EXPLAIN ANALYZE); drop it by hand afterwards.
if (args.includes('--keep')) log(`keeping the database ${dbName}`);
else cleanups.push(() => admin(`drop database if exists "${dbName}" with (force)`));
log(`database ${dbName}`);

const jwtSecret = randomBytes(32).toString('hex');
const serverEnv = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, JWT_SECRET: jwtSecret, LOG_LEVEL: 'warn' };

function run(argv, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${argv.join(' ')} exited with ${code}`))));
  });
}

async function main() {
  // Migrations, categories, sub-categories and synonyms, as `npm run seed` makes them; then the products in bulk.
  let t = performance.now();
  await run(['--import', 'tsx', 'apps/server/src/scripts/seed.ts', '--products', '0'], serverEnv);
  const structureSeconds = Math.round((performance.now() - t) / 100) / 10;
  log(`seeding ${PRODUCTS.toLocaleString('en')} products`);
  const productSeconds = await bulkSeedProducts(databaseUrl, PRODUCTS, log);
  t = performance.now();
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // The drop at the end terminates a connection still closing: not a failure of the run.
  db.on('error', () => {});
  cleanups.push(() => db.end());
  // Autovacuum is off on the shared server: fresh planner statistics, as a production server keeps them.
  await db.query('vacuum analyze');
  if (args.includes('--log-statements')) await db.query(`alter database "${dbName}" set log_min_duration_statement = 0`);
  const seed = { structureSeconds, productSeconds, vacuumAnalyzeSeconds: Math.round((performance.now() - t) / 100) / 10 };
  log(`seeded: ${JSON.stringify(seed)}`);

  // ---- the shop and the yardstick ----------------------------------------------------
  const shop = await startShop(
    {
      ...serverEnv,
      // As in production, except that NODE_ENV=production refuses RATE_LIMITS=off (it only decides the demo admin besides).
      NODE_ENV: 'development',
      ADMIN_EMAIL: 'sale-admin@haat.test',
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
      SEED_DEMO: '0',
      RATE_LIMITS: 'off', COD_OPEN_PER_MOBILE: 'off', COD_OPEN_PER_ADDRESS: 'off', SMS_DAILY_BUDGET: '0',
      // Production's default (decision 0063); CATALOGUE_MAX_STALE_MS=0 measures every read confirming first.
      CATALOGUE_MAX_STALE_MS: process.env.CATALOGUE_MAX_STALE_MS ?? '1000',
      // Production's default (decision 0079); CATALOGUE_STOCK_GRACE_MS=0 measures orders dropping cached answers at once.
      CATALOGUE_STOCK_GRACE_MS: process.env.CATALOGUE_STOCK_GRACE_MS ?? process.env.CATALOGUE_MAX_STALE_MS ?? '1000',
    },
    // The heap bound of `npm start`.
    [`--max-old-space-size=${HEAP_MB}`, ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [])],
  );
  cleanups.push(() => shop.stop());
  // The sale's guests order cash on delivery freely: the SMS confirmation of decision 0062 is not what is measured.
  await db.query(`insert into shop_settings (id, cod_confirm_mode) values (1, 'never') on conflict (id) do update set cod_confirm_mode = 'never'`);
  const { base } = shop;
  // Peak RSS of the server through the run (and the kernel's own high-water mark at the end).
  let rssMax = 0;
  const rss = (field) => Math.round(Number(readFileSync(`/proc/${shop.pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))[1]) / 1024);
  const rssTimer = setInterval(() => {
    try {
      rssMax = Math.max(rssMax, rss('VmRSS'));
    } catch {
      /* gone */
    }
  }, 250);
  cleanups.push(async () => clearInterval(rssTimer));

  log('registering shoppers');
  const shopperTokens = await registerShoppers(base, SHOPPERS);
  const catalogue = await describeCatalogue(databaseUrl);
  log(`${catalogue.productIds.length.toLocaleString('en')} products, ${catalogue.listings.length} listings, ${catalogue.terms.length} popular terms`);

  if (MIX_NAME === 'web') {
    // Pages are measured only if the shop renders them: the web build (npm run build) must be there.
    const pageHtml = await (await fetch(`${base}/product/p-${catalogue.productIds[0]}`)).text();
    if (!pageHtml.includes('id="haat-ssr"')) throw new Error('the shop answered a product page unrendered: run `npm run build` first');
  }
  const homeBody = await (await fetch(`${base}/api/product/get-all-products?page=1&limit=20`)).text();
  const bodyFile = path.join(dataDir, 'yardstick.json');
  writeFileSync(bodyFile, homeBody);
  const yard = spawn(process.execPath, ['scripts/bench-yardstick.mjs'], { cwd: root, env: { ...process.env, YARDSTICK_BODY: bodyFile }, stdio: ['ignore', 'pipe', 'inherit'] });
  const yardPort = await new Promise((resolve, reject) => {
    yard.stdout.once('data', (d) => resolve(JSON.parse(String(d)).port));
    yard.once('exit', (code) => reject(new Error(`the yardstick exited with ${code}`)));
  });
  cleanups.push(async () => yard.kill());

  const loadBefore = loadavg();
  log(`yardstick: ${CONNECTIONS} connections, ${WARMUP} s warm-up, ${SECONDS} s`);
  const yardstick = await runLoad({ url: `http://127.0.0.1:${yardPort}`, seconds: SECONDS, warmupSeconds: WARMUP, connections: CONNECTIONS, next: () => ({ kind: 'yardstick', path: '/list' }) });
  yard.kill();
  log(`yardstick: ${yardstick.reqPerSec} req/s`);

  // One shopper alone, before the sale fills any cache.
  log(`one shopper: ${SERIAL} uncached requests of each kind`);
  const serial = await serialUncached(base, catalogue);

  // The stock before the sale, to account for every unit after it.
  await snapshotStock(db);
  log(`sale: ${CONNECTIONS} connections, ${WARMUP} s warm-up, ${SECONDS} s`);
  const sale = await runSaleLoad({ url: base, seconds: SECONDS, warmupSeconds: WARMUP, connections: CONNECTIONS, catalogue, shopperTokens, mix: MIX, onMeasure: cpuCounter(db, shop.pid) });
  // CPU spent per request answered in the measured seconds: on a shared machine far steadier than req/s or latency.
  const cpu = sale.measured;
  const perRequest = (ms) => Math.round((ms / Math.max(1, sale.requests)) * 100) / 100;
  const cpuPerRequestMs = { shop: perRequest(cpu.shopMs), database: perRequest(cpu.databaseMs), total: perRequest(cpu.shopMs + cpu.databaseMs) };
  // The database's work per request, from its own counters: much less moved by the load beside the bench.
  const databasePerRequest = { transactions: perRequest(cpu.transactions), pages: perRequest(cpu.pages) };
  delete sale.measured;
  const loadAfter = loadavg();
  log(`sale: ${sale.reqPerSec} req/s, ${sale.errors} errors`);

  // ---- stock exact: no product below zero, and every unit gone from stock is in an order -----
  const ordersAnswered = (sale.kinds.order?.requests ?? 0) - (sale.kinds.order?.errors ?? 0) - (sale.kinds.order?.refusedSoldOut ?? 0);
  const stockCheck = { ...(await checkStock(db)), ordersAnsweredInMeasuredWindow: ordersAnswered };
  log(`stock: ${JSON.stringify(stockCheck)}`);

  clearInterval(rssTimer);
  let peakRssMb = rssMax;
  try {
    peakRssMb = Math.max(rssMax, rss('VmHWM'));
  } catch {
    /* gone */
  }

  // The web mix's targets are issue 40's: ≥ 0.1× for one process, a product page's p99 ≤ 200 ms.
  const targets = {
    ratio: MIX_NAME === 'web' ? 0.1 : 0.3,
    readP99Ms: 100,
    writeP99Ms: 300,
    ...(MIX_NAME === 'web' ? { pageP99Ms: 200 } : {}),
    peakRssMb: 300,
  };
  const reads = Object.keys(MIX).filter((k) => k !== 'cart' && k !== 'order' && !PAGE_KINDS.includes(k));
  const ratio = Math.round((sale.reqPerSec / yardstick.reqPerSec) * 1000) / 1000;
  const met = {
    ratio: ratio >= targets.ratio,
    ...Object.fromEntries(reads.map((k) => [`${k}P99`, (sale.kinds[k]?.p99 ?? Infinity) <= targets.readP99Ms])),
    ...Object.fromEntries(Object.keys(MIX).filter((k) => PAGE_KINDS.includes(k)).map((k) => [`${k}P99`, (sale.kinds[k]?.p99 ?? Infinity) <= targets.pageP99Ms])),
    cartP99: (sale.kinds.cart?.p99 ?? Infinity) <= targets.writeP99Ms,
    orderP99: (sale.kinds.order?.p99 ?? Infinity) <= targets.writeP99Ms,
    noErrors: sale.errors === 0,
    stockExact: stockCheck.ok,
    peakRss: peakRssMb <= targets.peakRssMb,
    ...(PRODUCTS >= 1_000_000 ? { seedUnder10Minutes: seed.structureSeconds + seed.productSeconds <= 600 } : {}),
    ...Object.fromEntries(serial.map((s) => [`serial ${s.name} p95`, s.p95 <= 100])),
  };
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    loadAverage: { before: loadBefore, after: loadAfter, note: 'the machine is shared: other sessions run beside the bench' },
    database: 'postgresql',
    products: PRODUCTS,
    seed,
    serverProcesses: 1,
    serverHeapMb: Number(HEAP_MB),
    catalogueMaxStaleMs: Number(process.env.CATALOGUE_MAX_STALE_MS ?? 1000),
    catalogueStockGraceMs: Number(process.env.CATALOGUE_STOCK_GRACE_MS ?? process.env.CATALOGUE_MAX_STALE_MS ?? 1000),
    mix: MIX_NAME,
    connections: CONNECTIONS,
    warmupSeconds: WARMUP,
    seconds: SECONDS,
    yardstick,
    sale: { ...sale, ratioToYardstick: ratio },
    cpuPerRequestMs,
    databasePerRequest,
    cpuSeconds: { shop: Math.round(cpu.shopMs / 100) / 10, database: Math.round(cpu.databaseMs / 100) / 10, note: 'user + system CPU of the shop process and of its PostgreSQL backends in the measured seconds' },
    stock: stockCheck,
    serial,
    serverPeakRssMb: peakRssMb,
    targets,
    met,
  };
  const stem = MIX_NAME === 'web' ? 'sale-web-results' : 'sale-results';
  const outFile = path.join(root, 'bench', OUT ?? (PRODUCTS === 100_000 ? `${stem}.json` : `${stem}-${PRODUCTS}.json`));
  writeFileSync(outFile, JSON.stringify(report, null, 2) + '\n');

  console.log(`\n${MIX_NAME} mix, ${PRODUCTS.toLocaleString('en')} products, 1 process, ${CONNECTIONS} connections, ${SECONDS} s; load average ${loadBefore.join(' ')} → ${loadAfter.join(' ')} (${os.cpus().length} cores)`);
  console.log(`yardstick ${yardstick.reqPerSec} req/s; sale ${sale.reqPerSec} req/s = ${ratio}× (target ≥ ${targets.ratio}); errors ${sale.errors}; refused as sold out ${sale.refusedSoldOut}`);
  console.log('kind'.padEnd(12), 'req/s'.padStart(7), 'p50'.padStart(7), 'p99'.padStart(7), 'errors'.padStart(7), 'sold out'.padStart(9), 'cached'.padStart(7));
  for (const [k, r] of Object.entries(sale.kinds)) console.log(k.padEnd(12), String(r.reqPerSec).padStart(7), String(r.p50).padStart(7), String(r.p99).padStart(7), String(r.errors).padStart(7), String(r.refusedSoldOut).padStart(9), String(r.cachedShare).padStart(7));
  for (const s of serial) console.log(`one shopper, uncached ${s.name}: p50 ${s.p50} ms, p95 ${s.p95} ms, p99 ${s.p99} ms`);
  console.log(`CPU per request: shop ${cpuPerRequestMs.shop} ms, database ${cpuPerRequestMs.database} ms, total ${cpuPerRequestMs.total} ms`);
  console.log(`database per request: ${databasePerRequest.transactions} transactions, ${databasePerRequest.pages} pages (8 kB) read`);
  console.log(`stock exact: ${stockCheck.ok ? 'yes' : 'NO'}; peak RSS ${peakRssMb} MB; seed ${seed.structureSeconds} + ${seed.productSeconds} s`);
  for (const e of sale.errorSamples) console.log('error sample:', JSON.stringify(e));
  console.log('targets:', Object.entries(met).map(([k, v]) => `${k} ${v ? 'ok' : 'MISSED'}`).join(', '));
  log(`wrote ${path.relative(root, outFile)}`);
}

/** CPU ms (user + system) a process has used so far, from /proc (Linux), or 0 once it is gone. */
function cpuMsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = 100;

/**
 * For runLoad's onMeasure: the CPU the shop process and the PostgreSQL
 * backends of its database use between the start and the end of the measured
 * seconds (a backend that starts meanwhile counts whole; one that ends is missed).
 */
function cpuCounter(db, shopPid) {
  const backends = async () => (await db.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows.map((r) => r.pid);
  const sum = (pids, before = new Map()) => pids.reduce((n, pid) => n + cpuMsOf(pid) - (before.get(pid) ?? 0), 0);
  // The database's own counters: transactions (a statement outside one counts as one) and 8 kB pages read.
  const counters = async () =>
    (await db.query('select xact_commit + xact_rollback as xacts, blks_hit + blks_read as pages from pg_stat_database where datname = current_database()')).rows[0];
  return () => {
    const shopBefore = cpuMsOf(shopPid);
    const started = backends().then((pids) => new Map(pids.map((pid) => [pid, cpuMsOf(pid)])));
    const countedBefore = counters();
    return async () => {
      const shopMs = cpuMsOf(shopPid) - shopBefore;
      const before = await started;
      const databaseMs = sum(await backends(), before);
      // Statistics reach pg_stat_database within a second of a transaction's end.
      await new Promise((r) => setTimeout(r, 1_100));
      const [was, now] = [await countedBefore, await counters()];
      return { shopMs, databaseMs, transactions: Number(now.xacts) - Number(was.xacts), pages: Number(now.pages) - Number(was.pages) };
    };
  };
}

/**
 * One request at a time, each never asked before (so no cache holds it):
 * products from the far end of the popularity curve, listing pages of every
 * sub-category anywhere from the first page to the last, and new searches.
 */
async function serialUncached(base, catalogue) {
  const rnd = random(2323);
  const ids = catalogue.productIds;
  const paths = {
    details: Array.from({ length: SERIAL }, (_, i) => `/api/product/get-product-details?productId=${ids[ids.length - 1 - i]}`),
    'listing page': [...new Set(Array.from({ length: SERIAL * 2 }, (_, i) => {
      const l = catalogue.listings[i % catalogue.listings.length];
      const pages = Math.max(1, Math.ceil(l.products / 20));
      // Deep pages too: a third of the requests ask one of the last pages.
      const page = i % 3 === 0 ? pages - Math.floor(rnd() * Math.min(3, pages)) : 1 + Math.floor(rnd() * pages);
      return `/api/product/get-product-by-category-and-subcategory?categoryId=${l.categoryId}&subcategoryId=${l.subCategoryId}&page=${page}&limit=20`;
    }))].slice(0, SERIAL),
    // Words of real names, cut as if still typed, each asked once.
    search: [...new Set(Array.from({ length: SERIAL * 4 }, () => {
      const name = catalogue.names[Math.floor(rnd() * catalogue.names.length)].toLowerCase().split(/\s+/);
      const start = Math.floor(rnd() * name.length);
      const q = name.slice(start, start + 2).join(' ');
      return q.slice(0, Math.max(3, Math.ceil(rnd() * q.length)));
    }))].slice(0, SERIAL).map((q) => `/api/product/get-all-products?page=1&limit=20&search=${encodeURIComponent(q)}`),
  };
  const out = [];
  for (const [name, list] of Object.entries(paths)) {
    const times = [];
    for (const p of list) {
      const started = performance.now();
      const res = await fetch(base + p);
      await res.arrayBuffer();
      times.push(performance.now() - started);
      if (!res.ok) throw new Error(`${name}: ${p} answered ${res.status}`);
    }
    times.sort((a, b) => a - b);
    const ms = (v) => Math.round(v * 10) / 10;
    out.push({ name, requests: times.length, p50: ms(percentile(times, 50)), p95: ms(percentile(times, 95)), p99: ms(percentile(times, 99)), max: ms(times.at(-1)) });
  }
  return out;
}

try {
  await main();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await cleanup();
}
process.exit();
