// npm run bench:first-visit [-- --no-build] [--out bench/first-visit-results.json]
//
// Issue 39's measure of a first visit, beside bench:bundle's count of chunks: the storefront pages
// (home, a listing, a product, a search, the cart) opened in the system's Chromium (CHROMIUM_PATH,
// default /usr/bin/chromium), in English and in Bangla (the language cookie), each in a fresh
// context with nothing cached, and every script the page fetches until the network is idle added up
// at gzip level 9 (the scripts loaded after the page is up count too: the toast area, the service
// worker's registration; Bangla's server messages did until decision 0089). The service worker itself is
// blocked: its precache of the other pages' chunks is a later download, not the first visit's.
// The production build on a throwaway embedded database seeded with a small demo catalogue.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { buildWeb, root, run, samplePaths, startShop } from './lib/shop.mjs';

const log = (...a) => console.log('[bench:first-visit]', ...a);
const outArg = process.argv.indexOf('--out');
const out = path.join(root, outArg > 0 ? process.argv[outArg + 1] : 'bench/first-visit-results.json');
const kb = (n) => Math.round((n / 1024) * 10) / 10;
const load = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

await buildWeb(log);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'haat-first-visit-'));
try {
  log('seeding a small demo catalogue');
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  Object.assign(process.env, env);
  await run(process.execPath, ['--import', 'tsx', 'apps/server/src/scripts/seed.ts', '--products', '40']);
  const shop = await startShop(env);
  const pages = { home: '/', ...(await samplePaths(shop.api)), search: '/search-page?search=a', cart: '/cart' };
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
  const results = {};
  const loadBefore = load();
  for (const [name, pagePath] of Object.entries(pages)) {
    results[name] = {};
    for (const lang of ['en', 'bn']) {
      const context = await browser.newContext({ serviceWorkers: 'block', locale: lang === 'bn' ? 'bn-BD' : 'en-GB' });
      await context.addCookies([{ name: 'haat.lang', value: lang, url: shop.base }]);
      const page = await context.newPage();
      const scripts = [];
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script') scripts.push(res);
      });
      await page.goto(shop.base + pagePath, { waitUntil: 'networkidle' });
      // Whatever the page starts once it is live (a lazy import after the first paint) is given the time to start.
      await page.waitForTimeout(1500);
      await page.waitForLoadState('networkidle');
      const files = {};
      for (const res of scripts) files[new URL(res.url()).pathname] = kb(gzipSync(await res.body(), { level: 9 }).length);
      const total = Math.round(Object.values(files).reduce((s, n) => s + n, 0) * 10) / 10;
      results[name][lang] = { path: pagePath, gzipKb: total, files };
      log(`${name.padEnd(8)} ${lang}: ${total} KB gzip in ${scripts.length} scripts`);
      await context.close();
    }
  }
  await browser.close();
  await shop.stop();
  const report = { date: new Date().toISOString(), loadAverage: { before: loadBefore, after: load() }, pages: results };
  writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
  log(`wrote ${path.relative(root, out)}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
