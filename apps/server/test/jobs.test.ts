import { and, asc, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { openDatabase, type Database } from '../src/db/client';
import { jobs as jobsTable } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { Jobs } from '../src/lib/jobs';
import { dhakaGuest, makeProduct, makeUser, tmpDir, useTestApp } from './support';

/** Durable jobs (issue 24, decision 0073): the queue's promises, on PGlite and on PostgreSQL. */
const t = useTestApp();
const silent = pino({ level: 'silent' });

/** A worker driven by hand (JOBS_WORKER off: it runs only when runDue is called). */
const worker = (queue: string, database: Database = t.database, leaseMs = 60_000) =>
  new Jobs(database, { queue, worker: false, retryBaseMs: 20, pollMs: 1000, leaseMs }, silent);

const rowsOf = (queue: string) => t.database.db.select().from(jobsTable).where(eq(jobsTable.queue, queue)).orderBy(asc(jobsTable.createdAt), asc(jobsTable.id));
const left = async (queue: string) =>
  (await t.database.db.select({ id: jobsTable.id }).from(jobsTable).where(and(eq(jobsTable.queue, queue), inArray(jobsTable.state, ['queued', 'running'])))).length;

describe('durable jobs', () => {
  it('a job enqueued in a transaction that rolls back never runs; committed ones run once', async () => {
    const queue = `rollback-${newId(6)}`;
    const jobs = worker(queue);
    const ran: number[] = [];
    jobs.handle('test.echo', z.object({ n: z.number() }), async ({ n }) => void ran.push(n));
    await t.database.db
      .transaction(async (tx) => {
        await jobs.enqueue(tx, 'test.echo', { n: 1 });
        tx.rollback();
      })
      .catch(() => {});
    await t.database.db.transaction(async (tx) => void (await jobs.enqueue(tx, 'test.echo', { n: 2 })));
    await jobs.enqueue(t.database.db, 'test.echo', { n: 3 });
    while ((await jobs.runDue()) > 0);
    expect(ran.sort()).toEqual([2, 3]);
    expect((await rowsOf(queue)).map((r) => r.state)).toEqual(['done', 'done']);
  });

  it('an order refused inside its transaction queues no SMS; a placed order queues exactly one, which is sent', async () => {
    const p = await makeProduct(t.database.db, { price: 100, stock: 1 });
    const refused = await t.api().post('/api/order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 2 }], guest_user_delivery_address: dhakaGuest });
    expect(refused.statusCode).toBe(409);
    expect(await rowsOf(t.config.JOBS_QUEUE)).toEqual([]);
    const placed = await t.api().post('/api/order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest });
    expect(placed.statusCode).toBe(201);
    // The app's own worker (woken by the commit's NOTIFY) sends it.
    await vi.waitFor(async () => expect((await rowsOf(t.config.JOBS_QUEUE)).map((r) => [r.name, r.state])).toEqual([['sms.order', 'done']]), { timeout: 10_000 });
  });

  it('a failing job is retried with back-off, ends failed, is listed for the owner with its error, and can be retried', async () => {
    // The app's queue, so the owner's route lists it; the app's worker has no handler for test.flaky and leaves it.
    const queue = t.config.JOBS_QUEUE;
    const jobs = worker(queue);
    const at: number[] = [];
    let healthy = false;
    jobs.handle('test.flaky', z.object({ to: z.string() }), async () => {
      at.push(Date.now());
      if (!healthy) throw new Error('gateway down');
    });
    const id = (await jobs.enqueue(t.database.db, 'test.flaky', { to: 'x' }, { maxAttempts: 4 }))!;
    await vi.waitFor(
      async () => {
        await jobs.runDue();
        expect((await rowsOf(queue))[0]!.state).toBe('failed');
      },
      { timeout: 10_000, interval: 5 },
    );
    expect(at).toHaveLength(4);
    // 20, 40, 80 ms between the attempts (doubling), never sooner.
    const gaps = at.slice(1).map((x, i) => x - at[i]!);
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(20 * 2 ** i - 2));
    expect((await rowsOf(queue))[0]).toMatchObject({ id, attempts: 4, lastError: 'gateway down' });

    const owner = t.api().as(await makeUser(t.database.db, t.config, 'ADMIN'));
    const list = await owner.get('/api/jobs/failed');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining({ id, name: 'test.flaky', attempts: 4, last_error: 'gateway down', payload: { to: 'x' } })]);
    // A shopper and a catalogue clerk do not see it.
    expect((await t.api().as(await makeUser(t.database.db, t.config, 'USER')).get('/api/jobs/failed')).statusCode).toBe(403);
    expect((await t.api().as(await makeUser(t.database.db, t.config, 'CATALOGUE')).get('/api/jobs/failed')).statusCode).toBe(403);

    healthy = true;
    expect((await owner.post(`/api/jobs/${id}/retry`)).statusCode).toBe(200);
    expect((await rowsOf(queue))[0]).toMatchObject({ state: 'queued', attempts: 0 });
    while ((await jobs.runDue()) > 0);
    expect((await rowsOf(queue))[0]).toMatchObject({ state: 'done', attempts: 1 });
    expect((await owner.get('/api/jobs/failed')).json().data).toEqual([]);
    const again = await owner.post(`/api/jobs/${id}/retry`);
    expect([again.statusCode, again.json().code]).toEqual([404, 'JOB_NOT_FAILED']);
  });

  it('a refusal fails the job at once (PermanentJobError), and a bad payload never reaches the handler', async () => {
    const queue = `permanent-${newId(6)}`;
    const jobs = worker(queue);
    let runs = 0;
    const { PermanentJobError } = await import('../src/lib/jobs');
    jobs.handle('test.refused', z.object({ n: z.number() }), async () => {
      runs++;
      throw new PermanentJobError('number refused');
    });
    await jobs.enqueue(t.database.db, 'test.refused', { n: 1 });
    await jobs.enqueue(t.database.db, 'test.refused', { n: 'one' });
    while ((await jobs.runDue()) > 0);
    expect(runs).toBe(1);
    const rows = await rowsOf(queue);
    expect(rows.map((r) => [r.state, r.attempts])).toEqual([
      ['failed', 1],
      ['failed', 1],
    ]);
    expect(rows[0]!.lastError).toBe('number refused');
  });

  it('a job whose worker died in it is taken again by another once the lease runs out', async () => {
    const queue = `lease-${newId(6)}`;
    const dead = worker(queue, t.database, 100);
    const alive = worker(queue, t.database, 100);
    dead.handle('test.once', z.object({}), () => new Promise<void>(() => {})); // stops mid-job, never to finish
    let done = 0;
    alive.handle('test.once', z.object({}), async () => void done++);
    await dead.enqueue(t.database.db, 'test.once', {});
    void dead.runDue();
    await vi.waitFor(async () => expect((await rowsOf(queue))[0]!.state).toBe('running'));
    expect(await alive.runDue()).toBe(0); // still leased
    await new Promise((r) => setTimeout(r, 150));
    expect(await alive.runDue()).toBe(1);
    expect(done).toBe(1);
    expect((await rowsOf(queue))[0]).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('periodic work has one queued run across processes, and the next is queued when one ends', async () => {
    const queue = `periodic-${newId(6)}`;
    const a = worker(queue);
    const b = worker(queue);
    let runs = 0;
    for (const w of [a, b]) w.every('test.tick', 60_000, async () => void runs++);
    await Promise.all([a.schedule(), b.schedule(), a.schedule()]);
    expect((await rowsOf(queue)).filter((r) => r.name === 'test.tick')).toHaveLength(1);
    await Promise.all([a.runDue(), b.runDue(), a.runDue()]);
    expect(runs).toBe(1);
    const ticks = (await rowsOf(queue)).filter((r) => r.name === 'test.tick');
    expect(ticks.map((r) => r.state).sort()).toEqual(['done', 'queued']);
    expect(ticks.find((r) => r.state === 'queued')!.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('two workers (on PostgreSQL, two connection pools) run each of many jobs exactly once', async () => {
    const queue = `two-${newId(6)}`;
    const second = process.env.TEST_DB === 'postgres' ? await openDatabase(process.env.TEST_DATABASE_URL, tmpDir()) : t.database;
    try {
      const runs: number[] = [];
      const by = { a: 0, b: 0 };
      const workers = { a: worker(queue), b: worker(queue, second) };
      for (const [name, w] of Object.entries(workers) as ['a' | 'b', Jobs][]) {
        w.handle('test.count', z.object({ n: z.number() }), async ({ n }) => {
          runs.push(n);
          by[name]++;
          await new Promise((r) => setTimeout(r, 2));
        });
      }
      const total = 60;
      await t.database.db.transaction(async (tx) => {
        for (let n = 0; n < total; n++) await workers.a.enqueue(tx, 'test.count', { n });
      });
      const drain = async (w: Jobs) => {
        while ((await left(queue)) > 0) if ((await w.runDue()) === 0) await new Promise((r) => setTimeout(r, 1));
      };
      await Promise.all([drain(workers.a), drain(workers.b), drain(workers.a), drain(workers.b)]);
      expect(runs).toHaveLength(total);
      expect(new Set(runs).size).toBe(total);
      expect((await rowsOf(queue)).every((r) => r.state === 'done' && r.attempts === 1)).toBe(true);
      if (process.env.TEST_DB === 'postgres') expect(by.a > 0 && by.b > 0).toBe(true);
    } finally {
      if (second !== t.database) await second.close();
    }
  });
});
