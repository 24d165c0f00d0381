import { describeSeeder } from './support/seed-suite';

/**
 * The demo seeder on a few hundred products: the checks of the full run
 * (seed.slow.test.ts, 5,000 products, in the `server-slow` project) at a
 * fraction of its cost; 300 products cover every sub-category several times.
 * The close-and-reopen case lives only in the slow project: its cost is
 * creating a persisted PGlite, whatever the number of products.
 */
describeSeeder({ products: 300, pictures: { over: 60, under: 300 }, undiscountedOver: 60 });
