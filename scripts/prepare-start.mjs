// The first half of `npm start`: the web build (only when its sources changed, scripts/build-if-changed.mjs)
// and, on the embedded database's first start, the demo's seed (`seed.ts --first-start`), side by side: the
// build is mostly one core's work and the seed draws its pictures on other threads. The server starts after.
import { run } from './lib/shop.mjs';

const node = (...args) => run(process.execPath, args);
const done = await Promise.allSettled([node('scripts/build-if-changed.mjs'), node('--import', 'tsx', 'apps/server/src/scripts/seed.ts', '--first-start')]);
process.exit(done.every((d) => d.status === 'fulfilled') ? 0 : 1);
