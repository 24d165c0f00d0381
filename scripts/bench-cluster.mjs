// npm run bench:cluster [-- --products N] [-- --seconds S] [-- --connections C]
//
// Haat past one machine (issue 24), on loopback: a PostgreSQL primary of its
// own (initdb on a free port; the shared server is never touched) seeded with
// N products (100,000), a streaming replica of it (pg_basebackup), one worker
// process (JOBS_WORKER=1), API processes (JOBS_WORKER=0, READ_DATABASE_URL on
// the replica) and Debian's nginx in front of them, started with
// deploy/nginx/haat.conf (its upstream and listen ports replaced). The
// sale-day load of bench:sale (scripts/lib/sale-load.mjs) goes through nginx:
//   1. one API process, then two: requests per second and latency of each;
//   2. two API processes while, in turn, one API process, the worker and the
//      replica are killed (and started again): no order answered is lost, no
//      job is lost, reads keep being answered.
// Then the stock is checked (never below zero; every unit sold is in an
// order) and every job must be done. Writes bench/cluster-results.json.
// --quick (CI, through `npm run test:bench`): 2,000 products, 7 s runs; writes
// bench/cluster-results-quick.json and fails when a check fails.
// --mix web (issue 40): the storefront's own traffic of `bench:sale --mix web` (server-rendered pages, which
// need `npm run build`, and the web app's calls) instead, through nginx's micro-cache; writes
// bench/cluster-web-results(-quick).json.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findPostgresBin, startPrivatePostgres, startPrivateReplica } from '../apps/server/test/private-postgres.ts';
import { checkStock, registerShoppers, snapshotStock } from './lib/sale-checks.mjs';
import { describeCatalogue, runSaleLoad, SALE_MIX, WEB_MIX } from './lib/sale-load.mjs';
import { bulkSeedProducts } from './lib/sale-seed.mjs';
import { freePort, root } from './lib/shop.mjs';

const args = process.argv.slice(2);
const numberArg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const quick = args.includes('--quick');
const PRODUCTS = numberArg('products', quick ? 2_000 : 100_000);
const SECONDS = numberArg('seconds', quick ? 7 : 20);
const WARMUP = numberArg('warmup', quick ? 1 : 5);
const CONNECTIONS = numberArg('connections', 64);
const HEAP_MB = process.env.BENCH_HEAP_MB || 160;
const WEB = args.includes('--mix') && args[args.indexOf('--mix') + 1] === 'web';
const MIX = WEB ? WEB_MIX : SALE_MIX;
const log = (...a) => console.log(`[bench:cluster ${new Date().toISOString().slice(11, 19)}]`, ...a);
const loadavg = () => os.loadavg().map((n) => Math.round(n * 100) / 100);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const cleanups = [];
const cleanup = async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch((err) => console.error(err));
};
process.on('SIGINT', () => cleanup().then(() => process.exit(130)));

const found = findPostgresBin();
if ('missing' in found) {
  console.error(`bench:cluster needs its own PostgreSQL: ${found.missing}`);
  process.exit(1);
}

/** A shop process (apps/server/src/main.ts) on a port of its own; `kill()` is a crash (SIGKILL), `start()` a restart. */
function shopProcess(name, port, env) {
  let child = null;
  const proc = {
    name,
    port,
    async start() {
      child = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, '--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: root,
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const me = child;
      await new Promise((resolve, reject) => {
        let out = '';
        me.stdout.on('data', (d) => {
          out += d;
          if (out.includes('Haat is ready')) resolve();
        });
        me.once('exit', (code) => reject(new Error(`${name} exited with ${code} before it was ready:\n${out}`)));
      });
      me.stdout.resume();
    },
    kill() {
      child?.kill('SIGKILL');
      child = null;
    },
    async stop() {
      const c = child;
      child = null;
      if (!c || c.exitCode !== null) return;
      const exited = new Promise((resolve) => c.once('exit', resolve));
      c.kill('SIGTERM');
      await exited;
    },
  };
  cleanups.push(() => proc.stop());
  return proc;
}

/** Debian's nginx with deploy/nginx/haat.conf, sending to these API ports, listening on `port`. */
async function startNginx(dir, port, apiPorts) {
  const site = readFileSync(path.join(root, 'deploy/nginx/haat.conf'), 'utf8')
    // The deployed file's upstream servers become these processes, with the same options.
    .replace(/^(\s*)server 127\.0\.0\.1:\d+ (.*);\n(?:\s*server 127\.0\.0\.1:\d+ .*;\n)*/m, (_, indent, options) => apiPorts.map((p) => `${indent}server 127.0.0.1:${p} ${options};\n`).join(''))
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
    // Each nginx its own micro-cache, in the run's directory (one keys_zone name per nginx).
    .replace(/proxy_cache_path \S+ (.*)keys_zone=haat_micro:/, `proxy_cache_path ${dir}/cache-${port} $1keys_zone=haat_micro_${port}:`)
    .replace(/proxy_cache haat_micro;/, `proxy_cache haat_micro_${port};`);
  if (!apiPorts.every((p) => site.includes(`127.0.0.1:${p} `))) throw new Error('deploy/nginx/haat.conf: no upstream server lines to replace');
  const conf = path.join(dir, `nginx-${port}.conf`);
  writeFileSync(path.join(dir, `haat-${port}.conf`), site);
  writeFileSync(
    conf,
    `daemon off;\nworker_processes 1;\npid ${dir}/nginx-${port}.pid;\nerror_log ${dir}/nginx-${port}-error.log warn;\nevents { worker_connections 1024; }\nhttp {\n  access_log off;\n  client_body_temp_path ${dir};\n  proxy_temp_path ${dir};\n  include haat-${port}.conf;\n}\n`,
  );
  const child = spawn('nginx', ['-p', dir, '-c', conf], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGQUIT');
    await exited;
  };
  cleanups.push(stop);
  // Ready when it answers.
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/api/health`);
      return { url: `http://127.0.0.1:${port}`, stop };
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`nginx did not start: ${readFileSync(path.join(dir, `nginx-${port}-error.log`), 'utf8')}`);
}

/**
 * nginx's micro-cache keeps what it should and nothing else (decision 0090): a public read is answered from
 * the cache the second time; an Authorization header or a cookie other than the language toggle's goes past
 * it; an answer the shop does not call public (health) is never kept. Answers each check's outcome.
 */
async function microCacheChecks(url, catalogue) {
  const status = async (p, headers = {}) => (await fetch(`${url}${p}`, { headers })).headers.get('x-cache-status');
  const read = `/api/product/get-product-details?productId=${catalogue.productIds.at(-1)}`;
  const page = `/product/p-${catalogue.productIds.at(-2)}`;
  await status(read);
  const checks = {
    publicReadCached: (await status(read)) === 'HIT',
    languageCookieCached: (await status(read, { cookie: 'haat.lang=bn' }), (await status(read, { cookie: 'haat.lang=bn' })) === 'HIT'),
    authorizationBypasses: (await status(read, { authorization: 'Bearer x' })) === 'BYPASS',
    sessionCookieBypasses: (await status(read, { cookie: 'haat.lang=bn; sid=1' })) === 'BYPASS',
    privateNotKept: (await status('/api/health'), (await status('/api/health')) !== 'HIT'),
  };
  if (WEB) {
    await status(page, { 'accept-encoding': 'br' });
    checks.guestPageCached = (await status(page, { 'accept-encoding': 'br' })) === 'HIT';
    checks.signedInPageBypasses = (await status(page, { 'accept-encoding': 'br', authorization: 'Bearer x' })) === 'BYPASS';
  }
  return checks;
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'haat-cluster-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));

  log('starting a PostgreSQL primary of its own');
  const primary = await startPrivatePostgres(found.bin);
  cleanups.push(() => primary.destroy());
  await primary.psql('create database haat');
  const databaseUrl = primary.url('haat');
  const common = { DATABASE_URL: databaseUrl, DATA_DIR: path.join(dir, 'data'), JWT_SECRET: randomBytes(32).toString('hex'), NODE_ENV: 'development', SEED_DEMO: '0', RATE_LIMITS: 'off', COD_OPEN_PER_MOBILE: 'off', COD_OPEN_PER_ADDRESS: 'off', SMS_DAILY_BUDGET: '0', CATALOGUE_MAX_STALE_MS: '1000',
    // As in production: pages' links do not follow the Host, so a shared cache (nginx) may keep them (decision 0090).
    PUBLIC_URL: 'http://localhost' };

  let t = performance.now();
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/scripts/seed.ts', '--products', '0'], { cwd: root, env: { ...process.env, ...common }, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed exited with ${code}`))));
  });
  log(`seeding ${PRODUCTS.toLocaleString('en')} products`);
  await bulkSeedProducts(databaseUrl, PRODUCTS, log);
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  cleanups.push(() => db.end());
  await db.query('vacuum analyze');
  // The sale's guests order cash on delivery freely: the SMS confirmation of decision 0062 is not what is measured.
  await db.query(`insert into shop_settings (id, cod_confirm_mode) values (1, 'never') on conflict (id) do update set cod_confirm_mode = 'never'`);
  const seedSeconds = Math.round((performance.now() - t) / 100) / 10;

  log('copying a streaming replica (pg_basebackup)');
  const replica = await startPrivateReplica(found.bin, primary);
  cleanups.push(() => replica.destroy());
  const readUrl = replica.url('haat');

  const apiEnv = { ...common, JOBS_WORKER: '0', READ_DATABASE_URL: readUrl, TRUST_PROXY: '127.0.0.1' };
  const worker = shopProcess('worker', await freePort(), { ...common, JOBS_WORKER: '1', READ_DATABASE_URL: readUrl });
  const apis = [shopProcess('api-1', await freePort(), apiEnv), shopProcess('api-2', await freePort(), apiEnv)];
  log('starting the worker and two API processes');
  await worker.start();
  await Promise.all(apis.map((a) => a.start()));

  const one = await startNginx(dir, await freePort(), [apis[0].port]);
  const two = await startNginx(dir, await freePort(), apis.map((a) => a.port));
  log('registering shoppers');
  const shopperTokens = await registerShoppers(two.url, 32);
  const catalogue = await describeCatalogue(databaseUrl);
  if (WEB && !(await (await fetch(`${two.url}/product/p-${catalogue.productIds[0]}`)).text()).includes('id="haat-ssr"')) {
    throw new Error('the shop answered a product page unrendered: run `npm run build` first');
  }

  const cacheChecks = await microCacheChecks(two.url, catalogue);
  log(`nginx micro-cache: ${JSON.stringify(cacheChecks)}`);

  const runs = {};
  for (const [name, front] of [
    ['oneProcess', one],
    ['twoProcesses', two],
  ]) {
    const loadBefore = loadavg();
    log(`${name}: ${CONNECTIONS} connections through nginx, ${WARMUP} s warm-up, ${SECONDS} s`);
    const result = await runSaleLoad({ url: front.url, seconds: SECONDS, warmupSeconds: WARMUP, connections: CONNECTIONS, catalogue, shopperTokens, mix: MIX });
    runs[name] = { ...result, loadAverage: { before: loadBefore, after: loadavg() } };
    log(`${name}: ${result.reqPerSec} req/s, ${result.errors} errors`);
  }

  // ---- faults: one API process, the worker and the replica killed in turn, during the load ----
  await snapshotStock(db);
  const faults = [];
  // Each fault waits for the one before it (a replica is started again only once it has stopped).
  let previous = Promise.resolve();
  const at = (seconds, what, fn) =>
    setTimeout(() => {
      previous = previous.then(async () => {
        faults.push({ atSecond: seconds, what });
        log(`fault at ${seconds} s: ${what}`);
        await Promise.resolve(fn()).catch((err) => faults.push({ atSecond: seconds, what: `${what} failed: ${err.message}` }));
      });
    }, (WARMUP + seconds) * 1000);
  const step = SECONDS / 7;
  const timers = [
    at(Math.round(step), 'api-2 killed (SIGKILL)', () => apis[1].kill()),
    at(Math.round(step * 2), 'api-2 started again', () => apis[1].start()),
    at(Math.round(step * 3), 'worker killed (SIGKILL)', () => worker.kill()),
    at(Math.round(step * 4), 'worker started again', () => worker.start()),
    at(Math.round(step * 5), 'replica stopped', () => replica.stop()),
    at(Math.round(step * 6), 'replica started again', () => replica.start()),
  ];
  log(`faults: ${CONNECTIONS} connections through nginx to two API processes, ${SECONDS} s`);
  const loadBefore = loadavg();
  const faulted = await runSaleLoad({ url: two.url, seconds: SECONDS, warmupSeconds: WARMUP, connections: CONNECTIONS, catalogue, shopperTokens, mix: MIX });
  timers.forEach(clearTimeout);
  await previous;
  const loadAfter = loadavg();
  log(`faults: ${faulted.reqPerSec} req/s, ${faulted.errors} errors`);

  const ordersAnswered = (faulted.kinds.order?.requests ?? 0) - (faulted.kinds.order?.errors ?? 0) - (faulted.kinds.order?.refusedSoldOut ?? 0);
  const stock = await checkStock(db);
  // Every job the sale caused (the orders' SMS) is done once the worker has caught up, or, when the killed worker had
  // claimed it, held under that worker's lease and taken again when the lease runs out (pg-boss, decision 0085): none
  // is lost. The periodic runs are left out.
  let jobs = null;
  for (let i = 0; i < 120; i++) {
    jobs = (
      await db.query(`
        select count(*) filter (where state = 'completed')::int as done,
               count(*) filter (where state = 'failed')::int as failed,
               count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as due,
               count(*) filter (where state = 'active')::int as leased
        from pgboss.job where name !~ '/(courier\\.poll|payments\\.expiry-sweep|deadlines\\.overdue-notice)$'`)
    ).rows[0];
    if (jobs.due === 0 && jobs.leased <= 5) break;
    // Every 15 s, what is left and of which kind (a queue that drains too slowly shows here, not only at the end).
    if (i % 30 === 29) log(`jobs left: ${JSON.stringify((await db.query(`select name, state, count(*)::int as n from pgboss.job where state <> 'completed' group by 1, 2 order by 1, 2`)).rows)}`);
    await sleep(500);
  }
  const reads = Object.keys(MIX).filter((k) => k !== 'cart' && k !== 'order');
  const readErrors = reads.reduce((n, k) => n + (faulted.kinds[k]?.errors ?? 0), 0);
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    products: PRODUCTS,
    seedSeconds,
    topology: 'nginx → API processes (JOBS_WORKER=0, READ_DATABASE_URL) + one worker (JOBS_WORKER=1); PostgreSQL primary + streaming replica, all on loopback',
    mix: WEB ? 'web' : 'api',
    connections: CONNECTIONS,
    warmupSeconds: WARMUP,
    seconds: SECONDS,
    oneProcess: runs.oneProcess,
    twoProcesses: runs.twoProcesses,
    twoOverOne: Math.round((runs.twoProcesses.reqPerSec / runs.oneProcess.reqPerSec) * 100) / 100,
    microCache: cacheChecks,
    faults: { events: faults, loadAverage: { before: loadBefore, after: loadAfter }, load: faulted, ordersAnswered, readErrors, stock, jobs },
  };
  const ok = Object.values(cacheChecks).every(Boolean) && stock.ok && stock.ordersInDatabase >= ordersAnswered && readErrors === 0 && jobs?.due === 0 && jobs?.failed === 0;
  report.ok = ok;
  const stem = WEB ? 'cluster-web-results' : 'cluster-results';
  writeFileSync(path.join(root, 'bench', quick ? `${stem}-quick.json` : `${stem}.json`), JSON.stringify(report, null, 2) + '\n');

  console.log(`\n${PRODUCTS.toLocaleString('en')} products, ${CONNECTIONS} connections through nginx, ${SECONDS} s each (${os.cpus().length} cores)`);
  for (const name of ['oneProcess', 'twoProcesses']) {
    const r = runs[name];
    console.log(`${name === 'oneProcess' ? 'one API process ' : 'two API processes'}: ${r.reqPerSec} req/s, errors ${r.errors}; load ${r.loadAverage.before.join(' ')} → ${r.loadAverage.after.join(' ')}`);
    for (const [k, v] of Object.entries(r.kinds)) console.log(`  ${k.padEnd(11)} p50 ${String(v.p50).padStart(7)} ms  p99 ${String(v.p99).padStart(7)} ms  errors ${v.errors}  cached ${v.cachedShare}`);
  }
  console.log(`two over one: ${report.twoOverOne}×`);
  console.log(`faults (${faults.map((f) => `${f.atSecond} s ${f.what}`).join('; ')}): ${faulted.reqPerSec} req/s, errors ${faulted.errors} (reads ${readErrors}, orders ${faulted.kinds.order?.errors ?? 0}, carts ${faulted.kinds.cart?.errors ?? 0})`);
  for (const e of faulted.errorSamples) console.log('  error sample:', JSON.stringify(e));
  console.log(`orders answered ${ordersAnswered}, in the database ${stock.ordersInDatabase}; stock exact: ${stock.ok ? 'yes' : 'NO'}; jobs done ${jobs?.done}, due ${jobs?.due}, under a killed worker's lease ${jobs?.leased}, failed ${jobs?.failed}`);
  console.log(ok ? 'cluster: ok' : 'cluster: FAILED');
  if (!ok) process.exitCode = 1;
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
