// What the benchmark and check scripts share: building the web app, a free
// port, and the production server started on a data folder of their choosing.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Runs a command in the repository root; rejects on a non-zero exit. */
export const run = (cmd, argv, cwd = root) =>
  new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { cwd, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${argv.join(' ')} exited with ${code}`))));
  });

/**
 * Runs a command with its output held back, then hands over its exit code and whole output: commands run side by
 * side print one after another, never interleaved (npm test's stages, the web build's two halves).
 */
export const runCaptured = (cmd, argv, { cwd = root, env = process.env } = {}) =>
  new Promise((resolve) => {
    const child = spawn(cmd, argv, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) => resolve({ code, output: Buffer.concat(out) }));
  });

/** Builds the web app (of the checkout at `cwd`) unless the script was given --no-build. */
export async function buildWeb(log, cwd = root) {
  if (process.argv.includes('--no-build')) return;
  log('building the web app');
  await run('npm', ['run', 'build'], cwd);
}

/** A TCP port free on 127.0.0.1 right now. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/**
 * The production server (NODE_ENV=production, a throwaway JWT secret) with
 * `env` on top and `nodeArgs` for node, once it says it is ready (the checkout at `cwd`). `stop()`
 * waits for it to exit.
 */
export async function startShop(env, nodeArgs = [], cwd = root) {
  const port = await freePort();
  const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve()));
  process.on('exit', () => server.kill('SIGTERM'));
  await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      if (out.includes('Haat is ready')) resolve();
    });
    server.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${out}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    pid: server.pid,
    /** The `data` of a GET /api/… answer. */
    api: async (p) => (await (await fetch(`${base}/api/${p}`)).json()).data,
    stop: async () => {
      server.kill('SIGTERM');
      await exited;
    },
  };
}

/** A listing's and a product's path in the shop's catalogue (the pages the Lighthouse scripts score). */
export async function samplePaths(api) {
  const { listingPath, productPath } = await import('@haat/shared/slug');
  const subs = await api('subcategory/get-subcategories');
  const sub = subs.find((s) => s.category.length);
  const [product] = await api('product/get-all-products?page=1&limit=1');
  return { listing: listingPath(sub.category[0], sub), product: productPath(product) };
}

/** Headless system Chromium for Lighthouse (CHROMIUM_PATH, default /usr/bin/chromium). */
export async function launchChrome() {
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  process.on('exit', () => chrome.kill());
  return chrome;
}
