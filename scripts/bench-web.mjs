// npm run bench:web [-- --baseline <commit>] [--no-build]
//
// The storefront benchmark of issues 9 and 25: builds the web app, starts the
// production server with the demo catalogue (embedded database in
// bench/data/web, seeded on the first run), and on four pages (home, a
// listing, a product and a search), in the system Chromium (CHROMIUM_PATH,
// default /usr/bin/chromium):
// - Lighthouse 12, mobile preset with simulated throttling (English);
// - on a throttled connection (400 kbit/s down, 400 ms round trip, 4× CPU
//   slowdown, through the DevTools protocol, a phone's screen, nothing cached),
//   in English and in Bangla, the time from navigation until the page's product
//   (the product page's own, else the first product card) shows its name, its
//   price and its picture: once with the app's scripts never run (what the
//   first answer's HTML shows alone), once as a shopper gets the page; on the
//   product page, also the time until Add To Cart has the app's handler (React
//   has hydrated it: before that the button works as a plain form, decision 0088).
// With --baseline <commit>, that commit's build is measured first, right before
// this one on the same machine (exported by `git archive` into a temporary
// folder that borrows this checkout's node_modules: a package the commit used
// and this checkout dropped must be there, e.g. `npm install --no-save` it).
// Writes bench/web-results.json.
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { buildWeb, launchChrome, root, samplePaths, startShop } from './lib/shop.mjs';

const log = (...a) => console.log('[bench:web]', ...a);
const arg = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const dataDir = path.join(root, 'bench', 'data', 'web');
mkdirSync(dataDir, { recursive: true });
const load = () => os.loadavg().map((n) => Math.round(n * 100) / 100);
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** Issue 25's slow phone: 400 kbit/s down (and up), 400 ms round trip, the CPU 4× slower. */
const THROTTLE = { latency: 400, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 };
const CPU_SLOWDOWN = 4;
/** A page whose product has not shown by then is reported as not shown. */
const CONTENT_TIMEOUT_MS = 30_000;

/** Lighthouse's mobile preset on each page (English). */
async function lighthouseRuns(base, pages) {
  const chrome = await launchChrome();
  const results = {};
  let version = '';
  for (const [name, pagePath] of Object.entries(pages)) {
    log(`lighthouse ${name}: ${pagePath}`);
    // Lighthouse's default config is the mobile preset with simulated throttling.
    const { lhr } = await lighthouse(base + pagePath, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    version = lhr.lighthouseVersion;
    const audit = (id) => lhr.audits[id];
    const summary = audit('resource-summary').details.items;
    const transfer = (type) => summary.find((i) => i.resourceType === type)?.transferSize ?? 0;
    const score = (c) => Math.round((lhr.categories[c].score ?? 0) * 100);
    results[name] = {
      path: pagePath,
      performance: score('performance'),
      lcpMs: Math.round(audit('largest-contentful-paint').numericValue),
      tbtMs: Math.round(audit('total-blocking-time').numericValue),
      cls: Math.round(audit('cumulative-layout-shift').numericValue * 1000) / 1000,
      fcpMs: Math.round(audit('first-contentful-paint').numericValue),
      documentKb: kb(transfer('document')),
      scriptKb: kb(transfer('script')),
      imageKb: kb(transfer('image')),
      totalKb: kb(transfer('total')),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      // What Lighthouse says to fix, by estimated saving.
      opportunities: Object.values(lhr.audits)
        .filter((a) => a.details?.type === 'opportunity' && (a.numericValue ?? 0) > 0 && a.score !== null && a.score < 0.9)
        .map((a) => `${a.id}: ${Math.round(a.numericValue)} ms`),
      failedAudits: Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id),
    };
  }
  chrome.kill();
  return { version, results };
}

/**
 * Runs in the page: whether the product (the product page's, else the first card with a picture)
 * shows its name, its price and its loaded picture on screen. A card below the fold is scrolled to,
 * as a shopper would, so a lazy picture starts loading.
 */
function productShown() {
  const main = document.querySelector('main');
  if (!main) return false;
  const onProduct = location.pathname.startsWith('/product/');
  const box = onProduct ? main : [...main.querySelectorAll('a[href*="/product/"]')].find((a) => a.querySelector('img'));
  const name = onProduct ? main.querySelector('h1') : box;
  const img = box?.querySelector('img');
  if (!box || !name?.textContent?.trim() || !img || !/৳/.test(box.textContent ?? '')) return false;
  const r = img.getBoundingClientRect();
  if (r.bottom <= 0 || r.top >= innerHeight) {
    img.scrollIntoView({ block: 'center' });
    return false;
  }
  return img.complete && img.naturalWidth > 0;
}

/**
 * Runs in the page: whether the product page's Add To Cart has React's handler (React sets its
 * `__reactProps$…` on an element it has hydrated). Before that the button still works as a plain
 * form (decision 0088), but as a page load to /cart, not as the app's own add.
 */
function addToCartLive() {
  const button = document.querySelector('main form[action="/cart"] button[type="submit"]:not([formaction])');
  return !!button && Object.keys(button).some((k) => k.startsWith('__reactProps'));
}

/**
 * Milliseconds from navigation until productShown(), on a fresh throttled phone, and on a product page
 * with its scripts until Add To Cart is live; null if not within the timeout.
 */
async function timeToProduct(browser, url, lang, scripts) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: lang === 'bn' ? 'bn-BD' : 'en-US',
    serviceWorkers: 'block',
  });
  await context.addCookies([{ name: 'haat.lang', value: lang, url }]);
  // The app's own scripts never run: what the first answer shows by itself.
  if (!scripts) await context.route(/\/assets\/.*\.js(\?|$)/, (route) => route.abort());
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...THROTTLE });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  const until = async (check) => {
    while (Date.now() - started < CONTENT_TIMEOUT_MS) {
      if (await page.evaluate(check).catch(() => false)) return Date.now() - started;
      await new Promise((r) => setTimeout(r, 50));
    }
    return null;
  };
  const shown = await until(productShown);
  const live = scripts && new URL(url).pathname.startsWith('/product/') ? await until(addToCartLive) : undefined;
  await context.close();
  return { shown, live };
}

async function contentRuns(base, pages) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const results = {};
  for (const [name, pagePath] of Object.entries(pages)) {
    for (const lang of ['en', 'bn']) {
      const htmlOnly = (await timeToProduct(browser, base + pagePath, lang, false)).shown;
      const { shown: withScripts, live } = await timeToProduct(browser, base + pagePath, lang, true);
      const liveText = live === undefined ? '' : `; Add To Cart live after ${live ?? 'never'} ms`;
      log(`product shown on ${name} (${lang}): ${htmlOnly ?? 'never'} ms from the HTML alone, ${withScripts ?? 'never'} ms with the scripts${liveText}`);
      results[`${name}.${lang}`] = { htmlOnlyMs: htmlOnly, withScriptsMs: withScripts, ...(live !== undefined && { addToCartLiveMs: live }) };
    }
  }
  await browser.close();
  return results;
}

/** Builds and measures the checkout at `cwd`. */
async function measure(label, cwd) {
  await buildWeb(log, cwd);
  log(`${label}: starting the production server (the first run seeds the demo catalogue)`);
  const shop = await startShop({ DATA_DIR: dataDir, DATABASE_URL: '' }, [], cwd);
  const pages = { home: '/', ...(await samplePaths(shop.api)), search: '/search-page?search=samsung' };
  const loadBefore = load();
  const lh = await lighthouseRuns(shop.base, pages);
  const content = await contentRuns(shop.base, pages);
  await shop.stop();
  return { label, loadAverage: { before: loadBefore, after: load() }, lighthouse: lh.version, pages: lh.results, productShown: content };
}

/** A commit's files in a temporary folder, with this checkout's node_modules. */
function exportCommit(commit) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'haat-baseline-'));
  execSync(`git archive ${commit} | tar -x -C ${JSON.stringify(dir)}`, { cwd: root, stdio: 'inherit' });
  // Every package linked from here, but the workspace's own (@haat/shared) is the commit's.
  mkdirSync(path.join(dir, 'node_modules', '@haat'), { recursive: true });
  for (const name of readdirSync(path.join(root, 'node_modules'))) {
    if (name !== '@haat') symlinkSync(path.join(root, 'node_modules', name), path.join(dir, 'node_modules', name));
  }
  symlinkSync(path.join(dir, 'packages', 'shared'), path.join(dir, 'node_modules', '@haat', 'shared'));
  for (const nm of ['apps/web/node_modules', 'apps/server/node_modules', 'packages/shared/node_modules']) {
    if (existsSync(path.join(root, nm))) symlinkSync(path.join(root, nm), path.join(dir, nm));
  }
  return dir;
}

const report = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model },
  settings: {
    lighthouse: 'mobile preset, simulated throttling, headless Chromium, English',
    productShown: `Chromium, 412×823 phone screen, ${THROTTLE.downloadThroughput * 8 / 1000} kbit/s, ${THROTTLE.latency} ms round trip, ${CPU_SLOWDOWN}× CPU slowdown, empty cache, no service worker; ms from navigation (checked every 50 ms)`,
  },
};
const baseline = arg('--baseline');
if (baseline) {
  const dir = exportCommit(baseline);
  try {
    report.before = { commit: baseline, ...(await measure(`baseline ${baseline}`, dir)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
report.after = { commit: execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim(), ...(await measure('this build', root)) };

const pad = (v, n) => String(v ?? '—').padStart(n);
for (const run of [report.before, report.after].filter(Boolean)) {
  console.log(`\n${run.label} (load ${run.loadAverage.before.join(' ')} → ${run.loadAverage.after.join(' ')})`);
  console.log(`${'page'.padEnd(9)}${pad('perf', 5)}${pad('LCP ms', 8)}${pad('TBT ms', 8)}${pad('CLS', 7)}${pad('JS KB', 7)}${pad('doc KB', 8)}${pad('a11y', 6)}${pad('BP', 5)}${pad('SEO', 5)}${pad('en html', 9)}${pad('en js', 8)}${pad('bn html', 9)}${pad('bn js', 8)}${pad('en cart', 9)}${pad('bn cart', 9)}`);
  for (const [name, r] of Object.entries(run.pages)) {
    const c = (lang) => run.productShown[`${name}.${lang}`];
    console.log(
      `${name.padEnd(9)}${pad(r.performance, 5)}${pad(r.lcpMs, 8)}${pad(r.tbtMs, 8)}${pad(r.cls, 7)}${pad(r.scriptKb, 7)}${pad(r.documentKb, 8)}${pad(r.accessibility, 6)}${pad(r.bestPractices, 5)}${pad(r.seo, 5)}` +
        `${pad(c('en').htmlOnlyMs, 9)}${pad(c('en').withScriptsMs, 8)}${pad(c('bn').htmlOnlyMs, 9)}${pad(c('bn').withScriptsMs, 8)}${pad(c('en').addToCartLiveMs, 9)}${pad(c('bn').addToCartLiveMs, 9)}`,
    );
  }
}
const out = path.join(root, 'bench', 'web-results.json');
writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
log(`wrote ${path.relative(root, out)}`);
process.exit();
