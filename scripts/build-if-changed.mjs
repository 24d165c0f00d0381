// Builds the web app only when its inputs changed since the last build:
// a sha256 of apps/web and packages/shared sources, the lock file and the
// build config is kept beside the output (apps/web/dist/.build-hash).
// `npm run build` always builds; `npm start` and the e2e run come through here.
// The mode (NODE_ENV, which Vite's build follows: unset means production) is part of the key: a start once run
// with NODE_ENV=development leaves a development build (no service worker, React's development code) that a
// later production start must rebuild, not serve (issue 41).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const stamp = path.join(dist, '.build-hash');
const SKIP = new Set(['node_modules', 'dist', 'dist-server', '.vite']);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/** The mode Vite builds for: NODE_ENV as set, production when unset. */
export function buildMode(env = process.env) {
  return env.NODE_ENV || 'production';
}

export function sourceHash(mode = buildMode()) {
  const hash = createHash('sha256');
  hash.update(`mode:${mode}`).update('\0');
  const inputs = [
    ...files(path.join(root, 'apps/web')),
    ...files(path.join(root, 'packages/shared')),
    ...['package-lock.json', 'package.json', 'tsconfig.base.json'].map((f) => path.join(root, f)).filter(existsSync),
  ];
  for (const file of inputs) {
    // Tests do not change the bundle.
    if (/\.test\.tsx?$/.test(file)) continue;
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const mode = buildMode();
const current = sourceHash(mode);
// The stamp's first line is the hash, its second the mode it was built for.
const [previous = '', previousMode = ''] = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim().split('\n') : [];
// Both builds: the browser's (dist/) and the storefront's server rendering (dist-server/, decision 0078).
if (previous === current && existsSync(path.join(dist, 'index.html')) && existsSync(path.join(root, 'apps/web/dist-server/entry-server.js'))) {
  console.log('Web app is up to date (sources unchanged since the last build); not rebuilding.');
} else {
  if (previousMode && previousMode !== mode) console.log(`Web app was built for ${previousMode}: building for ${mode}.`);
  else console.log(previous ? 'Web app sources changed: building.' : 'Building the web app.');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, `${current}\n${mode}\n`);
}
