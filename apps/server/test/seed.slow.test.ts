import { describeSeeder, describeSeedRestart } from './support/seed-suite';

/**
 * The demo's full catalogue: 5,000 products and their pictures, in memory and
 * in a persisted PGlite that is closed and opened again (minutes). Runs in the
 * `server-slow` project, once per `npm test`; the unit suite checks the same
 * catalogue on a few hundred products (seed.test.ts).
 */
describeSeeder({ products: 5000, pictures: { over: 500, under: 1500 }, undiscountedOver: 1000 });
describeSeedRestart(5000);
