/**
 * npm run seed -- [--products N] [--force]
 *
 * --first-start (npm start, scripts/prepare-start.mjs): seeds only what the server would seed on its first
 * start (SEED_DEMO, the embedded database in DATA_DIR not made yet), so that runs beside the web build;
 * otherwise does nothing and the server does as it always has.
 *
 * Migrates the database named by DATABASE_URL (default: PGlite in DATA_DIR/db)
 * and seeds the demo catalogue with N products (default SEED_PRODUCTS). When
 * the catalogue already has categories it says so and stops, unless --force
 * is given: then a fresh, complete catalogue is added beside the old one.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedCatalogue, seedIfEmpty } from '../seed/seed';

const USAGE = 'usage: npm run seed -- [--products N] [--force] [--first-start]';

function parseArgs(argv: string[]): { products?: number; force: boolean; firstStart: boolean } {
  let products: number | undefined;
  let force = false;
  let firstStart = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--force') force = true;
    else if (arg === '--first-start') firstStart = true;
    else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (arg === '--products' || arg.startsWith('--products=')) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
      const n = Number(value);
      if (!value || !Number.isInteger(n) || n < 0 || n > 1_000_000) {
        throw new Error(`--products needs a whole number from 0 to 1000000, got ${JSON.stringify(value ?? '')}\n${USAGE}`);
      }
      products = n;
    } else {
      throw new Error(`unknown argument ${JSON.stringify(arg)}\n${USAGE}`);
    }
  }
  return { products, force, firstStart };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  // Only the embedded database's first start: a server on PostgreSQL, in memory or already seeded seeds (or not) itself.
  if (args.firstStart && !(config.SEED_DEMO && config.DATABASE_URL === undefined && !existsSync(path.resolve(config.DATA_DIR, 'db')))) return;
  const products = args.products ?? config.SEED_PRODUCTS;
  const started = performance.now();
  const database = await openDatabase(config.DATABASE_URL, config.DATA_DIR);
  try {
    await database.migrate();
    const opts = { dataDir: config.DATA_DIR, products, log: (msg: string) => console.log(msg) };
    const result = args.force ? await seedCatalogue(database.db, opts) : await seedIfEmpty(database.db, opts);
    if (!result) {
      console.log('The catalogue is already seeded (categories exist). Use --force to add a fresh catalogue anyway.');
      return;
    }
    const total = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${result.categories} categories, ${result.subCategories} sub-categories and ${result.products} products ` +
        `into ${database.kind} in ${(result.ms / 1000).toFixed(1)} s ` +
        `(pictures: ${result.images.generated} drawn, ${result.images.cached} reused; ${total} s including start-up and migrations).`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
