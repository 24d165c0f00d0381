// Runs the Playwright suite against the built app in the system's Chromium: one
// shop per Playwright worker (E2E_WORKERS, default 2), each the built app on a
// free port with a fresh in-memory database and data folder of its own, its own
// SMTP catcher and fake Steadfast, RedX and Paperfly (e2e/global-setup.ts). The demo's pictures are
// drawn once per run (or taken from E2E_DATA_DIR's cache) and linked into every
// shop's folder, so each shop only inserts the catalogue's rows when it starts.
// --prepare: only draw the pictures into E2E_DATA_DIR (npm test does it beside the build).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { freePort, root } from './lib/shop.mjs';

const found = ensureChromium();
if (found.error) {
  console.error(found.error);
  process.exit(1);
}

const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
// The drawn pictures are kept between runs when E2E_DATA_DIR names a folder.
const base = process.env.E2E_DATA_DIR || mkdtempSync(path.join(tmpdir(), 'haat-e2e-'));
const pictures = path.join(base, 'seed-pictures');
if (!existsSync(path.join(pictures, 'uploads', 'seed'))) {
  // The seed draws the demo's pictures into DATA_DIR/uploads/seed (its rows go to a throwaway in-memory database).
  const drawn = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/scripts/seed.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: 'memory://', DATA_DIR: pictures, LOG_LEVEL: 'warn' },
  });
  if (drawn.status !== 0) process.exit(drawn.status ?? 1);
}
if (process.argv.includes('--prepare')) process.exit(0);

const shops = [];
for (let i = 0; i < workers; i++) {
  const dataDir = mkdtempSync(path.join(base, `shop-${i}-`));
  mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
  // Hard links where the system's cp makes them (no copy of 17 MB per shop); a shop's own uploads stay its own.
  const [from, to] = [path.join(pictures, 'uploads', 'seed'), path.join(dataDir, 'uploads', 'seed')];
  if (spawnSync('cp', ['-al', from, to]).status !== 0) cpSync(from, to, { recursive: true });
  shops.push({ port: await freePort(), dataDir, smtpPort: await freePort(), steadfastPort: await freePort(), redxPort: await freePort(), paperflyPort: await freePort(), metaPort: await freePort() });
}

const result = spawnSync('npx', ['playwright', 'test', `--workers=${workers}`, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, E2E_SHOPS: JSON.stringify(shops), CHROMIUM_PATH: found.path },
});
process.exit(result.status ?? 1);
