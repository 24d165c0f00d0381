// The first half of `npm start`: the web build (only when its sources changed, scripts/build-if-changed.mjs)
// and, on the embedded database's first start, the demo's seed (`seed.ts --first-start`), side by side: the
// build is mostly one core's work and the seed draws its pictures on other threads. The server starts after.
import { spawn } from 'node:child_process';
import { root } from './lib/shop.mjs';

const run = (args) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
    child.on('close', (code) => resolve(code === 0));
  });

const ok = await Promise.all([run(['scripts/build-if-changed.mjs']), run(['--import', 'tsx', 'apps/server/src/scripts/seed.ts', '--first-start'])]);
process.exit(ok.every(Boolean) ? 0 : 1);
