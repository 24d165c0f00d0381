import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeEach } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { ALL_TABLES } from '../../src/db/schema';
import { createApi, type Api } from './api';

/**
 * One database per worker (TEST_DB=pglite → in-memory PGlite; postgres →
 * TEST_DATABASE_URL), migrated once and emptied before every test.
 */
let shared: Promise<Database> | null = null;

export function testDatabase(): Promise<Database> {
  shared ??= (async () => {
    const url = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : 'memory://';
    const database = await openDatabase(url, tmpDir());
    await database.migrate();
    return database;
  })();
  return shared;
}

export function tmpDir(prefix = 'haat-test-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

export async function emptyDatabase(database: Database): Promise<void> {
  // DELETE, not TRUNCATE: a test leaves a few rows in a few of the 60 tables, and TRUNCATE pays per table
  // (new files, locks, a flush at commit: 320 ms a test on PostgreSQL, 77 on PGlite; DELETE of what is there: a few ms).
  // Foreign keys are not checked while the whole lot goes (session_replication_role, for this transaction only).
  // pg-boss's jobs (decision 0085) too, once an app has made its schema; its queues and schedules stay, as the apps do.
  // Row locks only: the app's worker may be at work, and TRUNCATE's exclusive locks once deadlocked against it (CI).
  const statement = sql.raw(
    `DO $$ BEGIN PERFORM set_config('session_replication_role', 'replica', true); ` +
      ALL_TABLES.map((t) => `DELETE FROM "${t}"; `).join('') +
      `IF to_regclass('pgboss.job') IS NOT NULL THEN DELETE FROM pgboss.job; END IF; END $$`,
  );
  for (let attempt = 1; ; attempt++) {
    try {
      await database.db.execute(statement);
      break;
    } catch (err) {
      // A worker's transaction holding rows in the other order: PostgreSQL picked this side as the deadlock's victim.
      const code = ((err as { cause?: { code?: string } }).cause ?? (err as { code?: string })).code;
      if (attempt >= 3 || code !== '40P01') throw err;
    }
  }
  await codRuleOff(database.db);
}

/**
 * Guests' cash-on-delivery orders are not asked for an SMS code (decision 0062) unless a test turns the owner's
 * rule on (cod-risk.test.ts): the other tests place guest COD orders of any size, from one phone, freely.
 */
export async function codRuleOff(db: Database['db']): Promise<void> {
  await db.execute(sql`INSERT INTO shop_settings (id, cod_confirm_mode) VALUES (1, 'never') ON CONFLICT (id) DO UPDATE SET cod_confirm_mode = 'never'`);
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    SEED_DEMO: '0',
    DATABASE_URL: 'memory://',
    DATA_DIR: tmpDir(),
    LOG_LEVEL: 'silent',
    // Each app works its own queue: apps of one file share the worker's database but not their settings (decision 0073).
    JOBS_QUEUE: `test-${Math.random().toString(36).slice(2, 12)}`,
    JOBS_RETRY_DELAY_SECONDS: '0',
    JOBS_POLL_MS: '500',
    // As the COD rule (codRuleOff): the caps of open COD orders are off unless a test turns them on (cod-risk.test.ts).
    COD_OPEN_PER_MOBILE: 'off',
    COD_OPEN_PER_ADDRESS: 'off',
    ...overrides,
  });
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** A new API client on this app, from an IP of its own. */
  api(): Api;
}

/**
 * Builds the app on the worker's database for one test file; the tables are
 * emptied before each test. Use: `const t = useTestApp();` then `t.api().as(user).post(...)`.
 */
export function useTestApp(overrides: Record<string, string> = {}): TestContext {
  const ctx = { api: () => createApi(() => ctx.app) } as TestContext;
  let ready: Promise<void> | null = null;
  const setup = () =>
    (ready ??= (async () => {
      ctx.database = await testDatabase();
      ctx.config = testConfig(overrides);
      ctx.app = await buildApp({ config: ctx.config, database: ctx.database, webDist: path.join(tmpDir(), 'no-web') });
      await ctx.app.ready();
    })());
  beforeEach(async () => {
    await setup();
    await emptyDatabase(ctx.database);
  });
  afterAll(async () => {
    await ctx.app?.close();
  });
  return ctx;
}

/**
 * A web build for the server rendering's tests (decision 0078): index.html, Vite's manifest and
 * dist-server/entry-server.js holding `renderer` (the two functions apps/web/src/entry-server.tsx
 * exports). Answers the dist/ folder, the app's `webDist`.
 */
/**
 * The fixture builds' storefrontPage: which paths the server renders and their page modules, as the web's
 * router answers it (apps/web/src/entry-server.tsx, proved in entry-server.test.tsx).
 */
const STOREFRONT_PAGE = `
export function storefrontPage(pathname) {
  const parts = pathname.split('/').filter(Boolean);
  if (parts.length === 0) return { module: '' };
  const named = { 'search-page': 'src/features/search/pages/SearchPage.tsx', cart: 'src/features/cart/pages/CartPage.tsx', checkout: 'src/features/checkout/pages/CheckoutPage.tsx' };
  if (parts.length === 1) return named[parts[0]] ? { module: named[parts[0]] } : null;
  if (parts.length !== 2 || parts[0] === 'dashboard') return null;
  return { module: parts[0] === 'product' ? 'src/features/catalogue/pages/ProductPage.tsx' : 'src/features/catalogue/pages/ListingPage.tsx' };
}
`;

export function webBuildFixture(renderer: string, manifest: object = {}): string {
  const root = tmpDir('haat-web-ssr-');
  const web = path.join(root, 'dist');
  mkdirSync(path.join(web, '.vite'), { recursive: true });
  mkdirSync(path.join(root, 'dist-server'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Haat</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n');
  writeFileSync(path.join(web, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), renderer + STOREFRONT_PAGE);
  return web;
}
