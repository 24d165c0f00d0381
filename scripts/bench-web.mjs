// npm run bench:web
//
// The storefront benchmark of issue 9: builds the web app, starts the
// production server with the demo catalogue (embedded database in
// bench/data/web, seeded on the first run), and runs Lighthouse 12 with its
// mobile preset and simulated throttling, in the system Chromium
// (CHROMIUM_PATH, default /usr/bin/chromium), on four pages: home, a
// listing, a product and a search. Writes bench/web-results.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { buildWeb, launchChrome, root, samplePaths, startShop } from './lib/shop.mjs';

const log = (...a) => console.log('[bench:web]', ...a);

await buildWeb(log);
const dataDir = path.join(root, 'bench', 'data', 'web');
mkdirSync(dataDir, { recursive: true });
log('starting the production server (the first run seeds the demo catalogue)');
const { base, api } = await startShop({ DATA_DIR: dataDir, DATABASE_URL: '' });
const pages = { home: '/', ...(await samplePaths(api)), search: '/search-page?search=samsung' };
const chrome = await launchChrome();

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const results = {};
let lighthouseVersion = '';
for (const [name, pagePath] of Object.entries(pages)) {
  log(`lighthouse ${name}: ${pagePath}`);
  // Lighthouse's default config is the mobile preset with simulated throttling.
  const { lhr } = await lighthouse(base + pagePath, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  lighthouseVersion = lhr.lighthouseVersion;
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

const report = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model },
  loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
  lighthouse: lighthouseVersion,
  settings: 'mobile preset, simulated throttling, headless Chromium',
  pages: results,
};

const pad = (v, n) => String(v).padStart(n);
console.log(`\n${'page'.padEnd(9)}${pad('perf', 5)}${pad('LCP ms', 8)}${pad('TBT ms', 8)}${pad('CLS', 7)}${pad('JS KB', 7)}${pad('img KB', 8)}${pad('a11y', 6)}${pad('BP', 5)}${pad('SEO', 5)}`);
for (const [name, r] of Object.entries(results)) {
  console.log(`${name.padEnd(9)}${pad(r.performance, 5)}${pad(r.lcpMs, 8)}${pad(r.tbtMs, 8)}${pad(r.cls, 7)}${pad(r.scriptKb, 7)}${pad(r.imageKb, 8)}${pad(r.accessibility, 6)}${pad(r.bestPractices, 5)}${pad(r.seo, 5)}`);
}
const out = path.join(root, 'bench', 'web-results.json');
writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
log(`wrote ${path.relative(root, out)}`);
process.exit();
