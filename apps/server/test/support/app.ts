import { mkdtempSync } from 'node:fs';
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
  await database.db.execute(sql.raw(`TRUNCATE ${ALL_TABLES.map((t) => `"${t}"`).join(', ')} CASCADE`));
  // pg-boss's jobs (decision 0085), once an app has made its schema; its queues and schedules stay, as the apps do.
  // DELETE, not TRUNCATE: the app's worker may be at work, and TRUNCATE's exclusive locks on the job table and then
  // its partition, against a worker's statement that locks them the other way round, deadlocked (CI, PostgreSQL).
  await database.db.execute(sql.raw(`DO $$ BEGIN IF to_regclass('pgboss.job') IS NOT NULL THEN DELETE FROM pgboss.job; END IF; END $$`));
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
