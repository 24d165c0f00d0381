// npm run bench:pwa
//
// Lighthouse 12 dropped its PWA category, so this asks Chrome itself whether
// the shop can be installed (issue 14): it builds the web app (skip with
// --no-build), starts the production server on a free port with an empty
// in-memory database, opens the home page in the system Chromium with a
// normal (not incognito) profile, waits for the service worker to control the
// page, and prints Chrome DevTools Protocol `Page.getInstallabilityErrors`
// (empty = installable), the manifest's parse errors (`Page.getAppManifest`),
// and what the service worker precached. Exits 1 when Chrome reports an error.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ensureChromium } from './chromium.mjs';
import { buildWeb, startShop } from './lib/shop.mjs';

const log = (...a) => console.log('[bench:pwa]', ...a);
const found = ensureChromium();
if (found.error) {
  console.error(found.error);
  process.exit(1);
}
await buildWeb(log);

const scratch = mkdtempSync(path.join(os.tmpdir(), 'haat-pwa-'));
const shop = await startShop({ DATA_DIR: path.join(scratch, 'data'), DATABASE_URL: 'memory://', SEED_DEMO: '0' });
const { base } = shop;

let failed = false;
const context = await chromium.launchPersistentContext(path.join(scratch, 'profile'), {
  executablePath: found.path,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
try {
  const page = await context.newPage();
  await page.goto(base + '/');
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  }, null, { timeout: 30_000 });
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  const { url, errors } = await cdp.send('Page.getAppManifest');
  const precached = await page.evaluate(async () => {
    let n = 0;
    for (const name of await caches.keys()) if (name.includes('precache')) n += (await (await caches.open(name)).keys()).length;
    return n;
  });
  log(`Chromium ${context.browser()?.version() ?? (await cdp.send('Browser.getVersion')).product}`);
  log(`manifest: ${url} (${errors.length} parse errors)`);
  for (const e of errors) log(`  manifest error: ${e.message}`);
  log(`service worker controls the page; ${precached} files precached`);
  if (installabilityErrors.length === 0) log('installable: yes (Page.getInstallabilityErrors returned no errors)');
  else for (const e of installabilityErrors) log(`installability error: ${e.errorId} ${JSON.stringify(e.errorArguments)}`);
  failed = installabilityErrors.length > 0 || errors.length > 0;
} finally {
  await context.close();
  await shop.stop();
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
