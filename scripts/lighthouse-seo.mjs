// npm run bench:seo [-- --no-build]
//
// Lighthouse's SEO category (issue 14: ≥ 95) on home, a listing and a product
// page: builds the web app, starts the production server on a fresh embedded
// database seeded with a small demo catalogue, and runs Lighthouse 12 in the
// system Chromium (CHROMIUM_PATH, default /usr/bin/chromium). Prints each
// page's score and failed audits; writes bench/seo-results.json; exits 1 when
// a page scores under 95.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { buildWeb, launchChrome, root, samplePaths, startShop } from './lib/shop.mjs';

const MIN_SCORE = 95;
const log = (...a) => console.log('[bench:seo]', ...a);

await buildWeb(log);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'haat-seo-'));
log('starting the production server on a fresh demo catalogue');
const shop = await startShop({ DATA_DIR: dataDir, DATABASE_URL: '', SEED_PRODUCTS: '200', PUBLIC_URL: '' });
const { base } = shop;
const pages = { home: '/', ...(await samplePaths(shop.api)) };
const chrome = await launchChrome();
const stop = async () => {
  chrome.kill();
  await shop.stop();
  rmSync(dataDir, { recursive: true, force: true });
};
const results = {};
let lighthouseVersion = '';
try {
  for (const [name, pagePath] of Object.entries(pages)) {
    log(`lighthouse seo ${name}: ${pagePath}`);
    const { lhr } = await lighthouse(base + pagePath, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['seo'] });
    lighthouseVersion = lhr.lighthouseVersion;
    const failed = lhr.categories.seo.auditRefs
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => `${a.id}: ${a.title}`);
    results[name] = { path: pagePath, seo: Math.round((lhr.categories.seo.score ?? 0) * 100), failed };
  }
} finally {
  await stop();
}

for (const [name, r] of Object.entries(results)) {
  console.log(`${name.padEnd(8)} SEO ${String(r.seo).padStart(3)}  ${r.path}${r.failed.length ? `\n         failed: ${r.failed.join('; ')}` : ''}`);
}
const report = { date: new Date().toISOString(), loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100), lighthouse: lighthouseVersion, pages: results };
mkdirSync(path.join(root, 'bench'), { recursive: true });
writeFileSync(path.join(root, 'bench', 'seo-results.json'), JSON.stringify(report, null, 2) + '\n');
log('wrote bench/seo-results.json');
process.exit(Object.values(results).every((r) => r.seo >= MIN_SCORE) ? 0 : 1);
