import { sql } from 'drizzle-orm';
import pino from 'pino';
import { onTestFinished } from 'vitest';
import type { Database } from '../../src/db/client';
import { Jobs, type JobSettings } from '../../src/lib/jobs';
import { queryRows } from './sql';

/**
 * A job queue of its own on a test's database (pg-boss, decision 0085): its handlers are set by `setup`, then it
 * starts (with a worker unless told otherwise: `worker: false` only enqueues). Stopped after the test.
 */
export async function startJobs(database: Database, queue: string, setup: (jobs: Jobs) => void = () => {}, settings: Partial<JobSettings> = {}): Promise<Jobs> {
  const jobs = new Jobs(database, { queue, worker: true, retryDelaySeconds: 0, pollMs: 500, leaseSeconds: 60, ...settings }, pino({ level: 'silent' }));
  setup(jobs);
  await jobs.start();
  // Registered by the test that started it: a module-level afterEach runs in the first file of a worker only (the
  // server projects share modules across files), and each queue left running kept 4 PostgreSQL connections.
  onTestFinished(() => jobs.stop());
  return jobs;
}

export type JobRow = { name: string; state: string; retry_count: number; data: Record<string, unknown>; output: { message?: string } | null; singleton_key: string | null };

/** A queue's jobs as pg-boss holds them, oldest first; names without the queue's prefix. */
export async function jobRows(database: Database, queue: string): Promise<JobRow[]> {
  return queryRows<JobRow>(
    database,
    sql`SELECT substr(name, ${queue.length + 2}) AS name, state::text AS state, retry_count, data, output, singleton_key
    FROM pgboss.job WHERE name LIKE ${`${queue}/%`} ORDER BY created_on, id`,
  );
}

/** How many of a queue's jobs are waiting or running (named `except` left out). */
export async function jobsLeft(database: Database, queue: string, except: string[] = []): Promise<number> {
  return (await jobRows(database, queue)).filter((r) => ['created', 'retry', 'active'].includes(r.state) && !except.includes(r.name)).length;
}
