import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { tmpDir } from './support';
import { queryRows } from './support/sql';

const repo = path.resolve(import.meta.dirname, '../../..');

/** `npm start`'s seed beside the web build (scripts/prepare-start.mjs): `seed.ts --first-start` with this environment. */
function firstStart(env: Record<string, string>): string {
  const { DATABASE_URL: _url, NODE_ENV: _env, SEED_DEMO: _seed, ...inherited } = process.env;
  return execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/scripts/seed.ts', '--first-start'], {
    cwd: repo,
    encoding: 'utf8',
    env: { ...inherited, SEED_PRODUCTS: '12', LOG_LEVEL: 'silent', ...env },
  });
}

async function productCount(dataDir: string): Promise<number> {
  const database = await openDatabase(undefined, dataDir);
  try {
    const [row] = await queryRows<{ n: number }>(database, sql`select count(*)::int as n from products`);
    return row!.n;
  } finally {
    await database.close();
  }
}

describe('seed.ts --first-start (npm start)', () => {
  it('seeds the embedded database on its first start only; a second start leaves it as it is', async () => {
    const dataDir = tmpDir();
    expect(firstStart({ DATA_DIR: dataDir })).toMatch(/Seeded 7 categories, 50 sub-categories and 12 products into pglite/);
    expect(await productCount(dataDir)).toBe(12);
    expect(firstStart({ DATA_DIR: dataDir })).toBe('');
    expect(await productCount(dataDir)).toBe(12);
  }, 120_000);

  it('does nothing where the server would not seed, or seeds itself: SEED_DEMO=0, PostgreSQL, in memory', () => {
    // PostgreSQL is never reached: the script stops before opening it.
    const cases: Record<string, string>[] = [{ SEED_DEMO: '0' }, { DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none', JWT_SECRET: 'x'.repeat(40) }, { DATABASE_URL: 'memory://' }];
    for (const env of cases) {
      const dataDir = tmpDir();
      expect(firstStart({ DATA_DIR: dataDir, ...env })).toBe('');
      expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
    }
  }, 120_000);
});
