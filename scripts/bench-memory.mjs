// npm run bench:memory — the server's live heap (heapUsed after two full collections) when idle, after the first
// server-rendered product page, and after N more pages spread over the catalogue (products, listings, home, search,
// in English and Bangla). Decision 0125: a first page once kept ~50 MB more than before the issue 44–47 merges.
//
// Each run is a fresh server (node --expose-gc, scripts/lib/heap-probe.mjs loaded beside it) configured as an e2e
// shop is (playwright.config.ts: an in-memory PGlite with the demo seeded by the server, NODE_ENV=test); with
// --data-folder, as `npm start` is (a fresh data folder, the embedded PGlite on disk). The web build must be
// current (scripts/build-if-changed.mjs; --build builds it).
//
//   --runs N        fresh servers per checkout (default 3); medians are printed
//   --pages N       pages after the first (default 40)
//   --base DIR      also measure the checkout at DIR (another worktree, built), alternating with this one
//   --heap MB       the server's --max-old-space-size (default 256, as `npm start`)
//   --snapshots DIR a heap snapshot at each point (idle-1, first-2, pages-3) under DIR/<label>-<run>/
//   --json FILE     the figures as JSON
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { productPath, listingPath } from '@haat/shared/slug';
import { freePort, root } from './lib/shop.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : process.argv[i + 1];
};
const RUNS = Number(arg('--runs', 3));
const PAGES = Number(arg('--pages', 40));
const HEAP_MB = Number(arg('--heap', 256));
const BASE = arg('--base', null);
const SNAPSHOTS = arg('--snapshots', null);
const JSON_OUT = arg('--json', null);
const DATA_FOLDER = process.argv.includes('--data-folder');
const NODE_ENV = arg('--node-env', DATA_FOLDER ? '' : 'test');
const probe = path.join(root, 'scripts/lib/heap-probe.mjs');
const log = (msg) => console.log(`[bench:memory] ${msg}`);
const mb = (bytes) => Math.round(bytes / 1e5) / 10;
const load = () => os.loadavg().map((l) => Math.round(l * 100) / 100);

async function startServer(cwd, dir, snapshots) {
  const port = await freePort();
  const probeFile = path.join(dir, 'heap.json');
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dir, 'data'),
    DATABASE_URL: DATA_FOLDER ? '' : 'memory://',
    NODE_ENV,
    // production refuses to start without a secret of its own (config.ts)
    ...(NODE_ENV === 'production' && { JWT_SECRET: randomBytes(32).toString('hex'), PUBLIC_URL: `http://127.0.0.1:${port}` }),
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    HEAP_PROBE_FILE: probeFile,
    HEAP_PROBE_SNAPSHOTS: snapshots ?? '',
    HEAP_PROBE_LOG: path.join(dir, 'gc.log'),
  };
  if (!env.DATABASE_URL) delete env.DATABASE_URL;
  if (!env.NODE_ENV) delete env.NODE_ENV;
  const child = spawn(process.execPath, ['--expose-gc', `--max-old-space-size=${HEAP_MB}`, '--import', 'tsx', '--import', probe, 'apps/server/src/main.ts'], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.on('exit', () => child.kill('SIGTERM'));
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('Haat is ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${out}`)));
  });
  const measure = async () => {
    rmSync(probeFile, { force: true });
    child.kill('SIGUSR2');
    for (let i = 0; i < 600 && !existsSync(probeFile); i++) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 50));
    return JSON.parse(readFileSync(probeFile, 'utf8'));
  };
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  /** The most heap left by any full collection V8 made by itself up to now (the demo's seed runs before 'ready'). */
  const peak = () => {
    const log = existsSync(env.HEAP_PROBE_LOG) ? readFileSync(env.HEAP_PROBE_LOG, 'utf8') : '';
    return Math.max(0, ...[...log.matchAll(/used ([\d.]+) MB/g)].map((m) => Number(m[1]) * 1e6));
  };
  return { base: `http://127.0.0.1:${port}`, measure, stop, peak };
}

async function page(base, p, lang) {
  const res = await fetch(base + p, { headers: { accept: 'text/html', 'accept-language': lang } });
  const html = await res.text();
  if (res.status !== 200 || !html.includes('id="haat-ssr"')) throw new Error(`${p}: ${res.status} without the rendered page`);
}

/** One fresh server of the checkout at `cwd`: its heap idle, after the first product page, after PAGES more. */
async function once(label, cwd, run) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'haat-memory-'));
  const snapshots = SNAPSHOTS ? path.join(path.resolve(SNAPSHOTS), `${label}-${run}`) : null;
  if (snapshots) mkdirSync(snapshots, { recursive: true });
  try {
    const shop = await startServer(cwd, dir, snapshots);
    const api = async (p) => (await (await fetch(`${shop.base}/api/${p}`)).json()).data;
    // The API reads the pages need are made before the idle figure, so it counts only the server's own start.
    const products = await api(`product/get-all-products?page=1&limit=${PAGES}`);
    const subs = (await api('subcategory/get-subcategories')).filter((s) => s.category.length);
    const startPeak = shop.peak();
    const idle = await shop.measure();
    await page(shop.base, productPath(products[0]), 'en');
    const first = await shop.measure();
    const paths = ['/', '/search-page?search=samsung', ...subs.map((s) => listingPath(s.category[0], s)), ...products.slice(1).map(productPath)];
    for (let i = 0; i < PAGES; i++) await page(shop.base, paths[i % paths.length], i % 2 ? 'bn' : 'en');
    const pages = await shop.measure();
    await shop.stop();
    return { startPeak: { heapUsed: startPeak }, idle, first, pages };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const checkouts = [{ label: 'this', cwd: root, commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).stdout.toString().trim() }];
if (BASE) checkouts.push({ label: 'base', cwd: path.resolve(BASE), commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: BASE }).stdout.toString().trim() });
const results = Object.fromEntries(checkouts.map((c) => [c.label, []]));
const loadBefore = load();
log(`${RUNS} runs × ${checkouts.map((c) => `${c.label} (${c.commit})`).join(' and ')}, ${PAGES} pages, ${DATA_FOLDER ? 'a data folder' : 'in-memory PGlite'}, NODE_ENV=${NODE_ENV || '(unset)'}, --max-old-space-size=${HEAP_MB}; load ${loadBefore.join(' ')}`);
for (let run = 1; run <= RUNS; run++) {
  for (const c of checkouts) {
    const r = await once(c.label, c.cwd, run);
    results[c.label].push(r);
    log(`${c.label} run ${run}: heap peak while starting (seed) ${mb(r.startPeak.heapUsed)} MB; heapUsed idle ${mb(r.idle.heapUsed)} MB, first page ${mb(r.first.heapUsed)} MB, after ${PAGES} pages ${mb(r.pages.heapUsed)} MB (load ${load().join(' ')})`);
  }
}
const summary = Object.fromEntries(
  checkouts.map((c) => [
    c.label,
    {
      commit: c.commit,
      startPeakMb: mb(median(results[c.label].map((r) => r.startPeak.heapUsed))),
      ...Object.fromEntries(['idle', 'first', 'pages'].map((k) => [k, { heapUsedMb: mb(median(results[c.label].map((r) => r[k].heapUsed))), externalMb: mb(median(results[c.label].map((r) => r[k].external))), rssMb: mb(median(results[c.label].map((r) => r[k].rss))) }])),
    },
  ]),
);
log('medians (heapUsed MB: peak while starting / idle / first page / after pages):');
for (const [label, s] of Object.entries(summary)) log(`  ${label} ${s.commit}: ${s.startPeakMb} / ${s.idle.heapUsedMb} / ${s.first.heapUsedMb} / ${s.pages.heapUsedMb}`);
const report = { runs: RUNS, pages: PAGES, heapMb: HEAP_MB, database: DATA_FOLDER ? 'data folder' : 'memory://', loadAverage: { before: loadBefore, after: load() }, summary, results };
if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(report, null, 2));
