import { inject } from 'vitest';
import { databaseUrl, names, query } from './pg-template';

/**
 * The server-postgres project's setup file: this worker's own database, cloned once from the run's migrated
 * template (pg-template.ts), becomes TEST_DATABASE_URL for every file the worker runs, so the tests that open a
 * second connection (two server processes, a competing transaction) meet the same database as the app.
 */
const base = process.env.TEST_DATABASE_BASE_URL ?? process.env.TEST_DATABASE_URL;
if (!base) throw new Error('server-postgres needs TEST_DATABASE_URL');
process.env.TEST_DATABASE_BASE_URL = base;
const { admin, prefix } = names(base);
const name = `${prefix}_w${process.env.VITEST_POOL_ID ?? '1'}`;
// Setup files run before every file; the worker's module state (isolate: false) remembers that its clone is made.
const made = globalThis as { haatWorkerDatabase?: string };
if (made.haatWorkerDatabase !== name) {
  const exists = await query(admin, 'SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  // A worker process that follows another of the same pool id (never at the same time) takes its database over.
  if (exists.rowCount === 0) {
    await query(admin, `CREATE DATABASE "${name}" TEMPLATE "${inject('pgTemplate')}"`);
    // A commit need not wait for its WAL to reach the disk: a test database is thrown away, and what a test reads back is the same.
    await query(admin, `ALTER DATABASE "${name}" SET synchronous_commit = off`);
  }
  made.haatWorkerDatabase = name;
}
process.env.TEST_DATABASE_URL = databaseUrl(base, name);
