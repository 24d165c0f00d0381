// Finds the Chromium the e2e suite runs in. On a fresh machine where it is
// missing and we may install packages (root with apt-get), installs it and
// says so, so `npm ci && npm test` is all the set-up; otherwise explains how.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';
export const MISSING = (where) =>
  `Chromium not found at ${where}: install it with "apt-get install -y chromium" or set CHROMIUM_PATH.`;

const hasAptGet = () => spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
const aptInstall = () => {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
    if (spawnSync('apt-get', args, { stdio: 'inherit', env }).status !== 0) return false;
  }
  return true;
};

/**
 * The Chromium to use, or { error } with the message to stop on. A CHROMIUM_PATH
 * the user set is never replaced by an installed one.
 */
export function ensureChromium({
  configured = process.env.CHROMIUM_PATH,
  exists = existsSync,
  isRoot = process.getuid?.() === 0,
  canApt = hasAptGet,
  install = aptInstall,
  log = (msg) => console.log(msg),
} = {}) {
  const path = configured || DEFAULT_CHROMIUM;
  if (exists(path)) return { path };
  if (configured || !isRoot || !canApt()) return { error: MISSING(path) };
  log(`Chromium is missing: installing it with "apt-get install -y chromium" (once; later runs reuse it).`);
  if (!install() || !exists(path)) return { error: `Installing Chromium failed. ${MISSING(path)}` };
  log(`Chromium installed at ${path}.`);
  return { path };
}
