// Runs the Playwright suite against the built app on a free port, with a fresh
// database and data folder, in the system's Chromium.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { freePort } from './lib/shop.mjs';

const found = ensureChromium();
if (found.error) {
  console.error(found.error);
  process.exit(1);
}
const chromium = found.path;

const port = await freePort();
// The SMTP server the specs read mail from (e2e/global-setup.ts); the app under test sends to it.
const smtpPort = await freePort();
// The fake Steadfast courier the server books with (e2e/global-setup.ts starts it on this port).
const steadfastPort = await freePort();

// Seed images are cached between runs so the suite does not redraw 5,000 pictures each time.
const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(path.join(tmpdir(), 'haat-e2e-'));
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: {
    ...process.env,
    E2E_PORT: String(port),
    E2E_DATA_DIR: dataDir,
    E2E_SMTP_PORT: String(smtpPort),
    E2E_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    E2E_STEADFAST_PORT: String(steadfastPort),
    CHROMIUM_PATH: chromium,
  },
});
process.exit(result.status ?? 1);
