import { sql } from 'drizzle-orm';
import { fromPglite, PgBoss } from 'pg-boss';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { openDatabase, type Database } from '../src/db/client';
import { legacyJobs } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { Jobs, MESSAGE_LEASE_SECONDS, PermanentJobError, type JobSettings } from '../src/lib/jobs';
import { dhakaGuest, jobRows, makeProduct, makeUser, queryRows, startJobs, tmpDir, useTestApp } from './support';

/** Durable jobs on pg-boss (issue 24, decisions 0073 and 0085): the queue's promises, on PGlite and on PostgreSQL. */
const t = useTestApp();
const silent = pino({ level: 'silent' });

/** A queue of its own on the test's database (support/jobs.ts). */
const queueOf = (queue: string, setup: (jobs: Jobs) => void, settings: Partial<JobSettings> = {}, database: Database = t.database) => startJobs(database, queue, setup, settings);
const rowsOf = (queue: string) => jobRows(t.database, queue);

/** A worker claims the one job waiting in this pg-boss queue and dies with it: a bare pg-boss fetch that never completes it. */
async function dieHolding(bossQueue: string): Promise<void> {
  const conn = t.database.connection;
  const dead = new PgBoss(conn.kind === 'postgres' ? { connectionString: conn.url, max: 1, supervise: false, schedule: false } : { db: fromPglite(conn.pglite), backend: 'pglite', supervise: false, schedule: false });
  dead.on('error', () => {});
  await dead.start();
  expect(await dead.fetch(bossQueue)).toHaveLength(1);
  await dead.stop({ graceful: false });
}

/**
 * test.tie jobs 1-3 queued one by one, then 4-8 in one transaction (one stamp), with no worker yet. The
 * transaction's first two are written again at the table's end: a read of its stamp finds 6, 7 and 8 first, so
 * the first batch of 5 holds 1-3 and two of the later ones.
 */
async function queueTied(queue: string, handler: (jobs: Jobs) => void): Promise<void> {
  const producer = await queueOf(queue, handler, { worker: false });
  for (let n = 1; n <= 3; n++) await producer.enqueue(t.database.db, 'test.tie', { n });
  await t.database.db.transaction(async (tx) => {
    for (const n of [4, 5, 6, 7, 8]) await producer.enqueue(tx, 'test.tie', { n });
  });
  await t.database.db.execute(sql`
    WITH moved AS (DELETE FROM pgboss.job WHERE name = ${`${queue}/test.tie`} AND (data->>'n')::int IN (4, 5) RETURNING *)
    INSERT INTO pgboss.job SELECT * FROM moved`);
}

describe('durable jobs', () => {
  it('a job enqueued in a transaction that rolls back never runs; committed ones run once', async () => {
    const queue = `rollback-${newId(6)}`;
    const ran: number[] = [];
    const jobs = await queueOf(queue, (j) => j.handle('test.echo', z.object({ n: z.number() }), async ({ n }) => void ran.push(n)));
    await t.database.db
      .transaction(async (tx) => {
        await jobs.enqueue(tx, 'test.echo', { n: 1 });
        tx.rollback();
      })
      .catch(() => {});
    await t.database.db.transaction(async (tx) => void (await jobs.enqueue(tx, 'test.echo', { n: 2 })));
    await jobs.enqueue(t.database.db, 'test.echo', { n: 3 });
    await vi.waitFor(async () => expect((await rowsOf(queue)).map((r) => r.state)).toEqual(['completed', 'completed']), { timeout: 10_000 });
    expect(ran.sort()).toEqual([2, 3]);
  });

  it('an order refused inside its transaction queues no SMS; a placed order queues exactly one, which is sent', async () => {
    const p = await makeProduct(t.database.db, { price: 100, stock: 1 });
    const refused = await t.api().post('/api/order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 2 }], guest_user_delivery_address: dhakaGuest });
    expect(refused.statusCode).toBe(409);
    expect(await rowsOf(t.config.JOBS_QUEUE)).toEqual([]);
    const placed = await t.api().post('/api/order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest });
    expect(placed.statusCode).toBe(201);
    // The app's own worker (woken by the commit's NOTIFY) sends it.
    await vi.waitFor(async () => expect((await rowsOf(t.config.JOBS_QUEUE)).map((r) => [r.name, r.state])).toEqual([['sms.order', 'completed']]), { timeout: 10_000 });
  });

  it('a failing job is retried with back-off, ends failed, is listed for the owner with its error, and can be retried', async () => {
    // The app's queue, so the owner's route lists it; the app itself has no handler for test.flaky.
    const queue = t.config.JOBS_QUEUE;
    const at: number[] = [];
    let healthy = false;
    const jobs = await queueOf(
      queue,
      (j) =>
        j.handle('test.flaky', z.object({ to: z.string() }), async () => {
          at.push(Date.now());
          if (!healthy) throw new Error('gateway down');
        }),
      { retryDelaySeconds: 1 },
    );
    const id = (await jobs.enqueue(t.database.db, 'test.flaky', { to: 'x' }, { maxAttempts: 3 }))!;
    const flaky = async () => (await rowsOf(queue)).find((r) => r.name === 'test.flaky')!;
    await vi.waitFor(async () => expect((await flaky()).state).toBe('failed'), { timeout: 20_000, interval: 50 });
    expect(at).toHaveLength(3);
    // 1 s, then 2 s at least between the attempts (doubling, with jitter upwards), never sooner.
    const gaps = at.slice(1).map((x, i) => x - at[i]!);
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(1000 * 2 ** i - 50));
    expect(await flaky()).toMatchObject({ retry_count: 2, output: { message: 'gateway down' } });

    const owner = t.api().as(await makeUser(t.database.db, t.config, 'ADMIN'));
    const list = await owner.get('/api/jobs/failed');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining({ id, name: 'test.flaky', attempts: 3, last_error: 'gateway down', payload: { to: 'x' } })]);
    // A shopper and a catalogue clerk do not see it.
    expect((await t.api().as(await makeUser(t.database.db, t.config, 'USER')).get('/api/jobs/failed')).statusCode).toBe(403);
    expect((await t.api().as(await makeUser(t.database.db, t.config, 'CATALOGUE')).get('/api/jobs/failed')).statusCode).toBe(403);

    healthy = true;
    expect((await owner.post(`/api/jobs/${id}/retry`)).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await flaky()).state).toBe('completed'), { timeout: 10_000 });
    expect(at).toHaveLength(4);
    expect((await owner.get('/api/jobs/failed')).json().data).toEqual([]);
    const again = await owner.post(`/api/jobs/${id}/retry`);
    expect([again.statusCode, again.json().code]).toEqual([404, 'JOB_NOT_FAILED']);
    const unknown = await owner.post(`/api/jobs/not-a-job/retry`);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'JOB_NOT_FAILED']);
  });

  it('a refusal fails the job at once (PermanentJobError), and a bad payload never reaches the handler', async () => {
    const queue = `permanent-${newId(6)}`;
    let runs = 0;
    const jobs = await queueOf(queue, (j) =>
      j.handle('test.refused', z.object({ n: z.number() }), async () => {
        runs++;
        throw new PermanentJobError('number refused');
      }),
    );
    await jobs.enqueue(t.database.db, 'test.refused', { n: 1 });
    await jobs.enqueue(t.database.db, 'test.refused', { n: 'one' });
    await vi.waitFor(async () => expect((await rowsOf(queue)).map((r) => r.state)).toEqual(['failed', 'failed']), { timeout: 10_000 });
    expect(runs).toBe(1);
    const rows = await rowsOf(queue);
    expect(rows.map((r) => r.retry_count)).toEqual([0, 0]);
    expect(rows[0]!.output).toMatchObject({ message: 'number refused' });
    expect(rows[1]!.output!.message).toMatch(/^bad payload/);
  });

  it('a job whose worker died holding it is taken again by another once its lease runs out', async () => {
    const queue = `lease-${newId(6)}`;
    let done = 0;
    // The queue (with a 1 s lease) exists; its worker starts only after the other one has died.
    const producer = await queueOf(queue, (j) => j.handle('test.once', z.object({}), async () => void done++), { worker: false, leaseSeconds: 1 });
    await producer.enqueue(t.database.db, 'test.once', {});
    // A worker claims the job and dies with it: a bare pg-boss fetch that never completes it.
    await dieHolding(`${queue}/test.once`);
    expect((await rowsOf(queue))[0]!.state).toBe('active');
    await queueOf(queue, (j) => j.handle('test.once', z.object({}), async () => void done++), { leaseSeconds: 1 });
    await vi.waitFor(async () => expect((await rowsOf(queue))[0]).toMatchObject({ state: 'completed', retry_count: 1 }), { timeout: 15_000, interval: 100 });
    expect(done).toBe(1);
  });

  it('mail and SMS queues hold a lease of a minute at most; the other kinds keep the longer one (issue 41)', async () => {
    const queues = await queryRows<{ name: string; expire_seconds: number }>(t.database, sql`SELECT name, expire_seconds FROM pgboss.queue WHERE name LIKE ${`${t.config.JOBS_QUEUE}/%`} ORDER BY name`);
    const lease = Object.fromEntries(queues.map((q) => [q.name.slice(t.config.JOBS_QUEUE.length + 1), q.expire_seconds]));
    for (const message of ['mail.login-code', 'mail.password-reset', 'mail.register-attempt', 'sms.order', 'sms.staff-invite', 'deadlines.notice-sms', 'deadlines.notice-mail']) expect(lease[message], message).toBeLessThanOrEqual(60);
    // A booking or a refund may wait on a slow courier or bKash: it keeps the queue's longer lease.
    expect(lease['courier.book']).toBe(300);
    expect(lease['refund.bkash']).toBe(300);
    // And the job itself carries it: a password-reset mail queued by a request.
    const { email } = await makeUser(t.database.db, t.config);
    expect((await t.api().put('user/forgot-password', { email })).statusCode).toBe(200);
    const [job] = await queryRows<{ expire_seconds: number }>(t.database, sql`SELECT expire_seconds FROM pgboss.job WHERE name = ${`${t.config.JOBS_QUEUE}/mail.password-reset`} AND data->>'email' = ${email}`);
    expect(job!.expire_seconds).toBeLessThanOrEqual(60);
  });

  it('a message job whose worker died is run again about a minute later, not after the queue-wide 5-minute lease (issue 41)', async () => {
    const queue = `msg-lease-${newId(6)}`;
    let sent = 0;
    const mail = (j: Jobs) => j.handle('test.mail', z.object({}), async () => void sent++, { leaseSeconds: MESSAGE_LEASE_SECONDS });
    // The app's settings: a 5-minute lease for the queue, the message kind asks for less.
    const producer = await queueOf(queue, mail, { worker: false, leaseSeconds: 300 });
    await producer.enqueue(t.database.db, 'test.mail', {});
    await dieHolding(`${queue}/test.mail`);
    // 61 seconds pass (the claim is moved back rather than waited out).
    await t.database.db.execute(sql`UPDATE pgboss.job SET started_on = started_on - interval '61 seconds' WHERE name = ${`${queue}/test.mail`}`);
    await queueOf(queue, mail, { leaseSeconds: 300 });
    await vi.waitFor(async () => expect((await rowsOf(queue))[0]).toMatchObject({ state: 'completed', retry_count: 1 }), { timeout: 30_000, interval: 200 });
    expect(sent).toBe(1);
  });

  it('periodic work is scheduled once however many processes schedule it; a kind no longer run is unscheduled', async () => {
    const queue = `periodic-${newId(6)}`;
    const tick = (j: Jobs) => j.every('test.tick', 5 * 60_000, async () => {});
    const [a, b] = await Promise.all([queueOf(queue, tick), queueOf(queue, tick)]);
    // The run sent at once is one per minute slot: keep the three calls below inside one minute.
    const second = new Date().getSeconds();
    if (second >= 55) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
    await Promise.all([a.schedule(), b.schedule(), a.schedule()]);
    const rows = () => queryRows(t.database, sql`SELECT name, cron FROM pgboss.schedule WHERE name LIKE ${`${queue}/%`}`);
    expect(await rows()).toEqual([{ name: `${queue}/test.tick`, cron: '*/5 * * * *' }]);
    // One run now (however many processes started), then the schedule's.
    expect((await rowsOf(queue)).filter((r) => r.name === 'test.tick')).toHaveLength(1);
    // A later release (or COURIER_POLL_SECONDS=0) no longer runs it: its schedule goes.
    const c = await queueOf(queue, () => {});
    await c.schedule();
    expect(await rows()).toEqual([]);
  });

  it('jobs of a kind run in the order queued, whatever order the database hands a batch back in', async () => {
    const queue = `order-${newId(6)}`;
    const ran: number[] = [];
    const handler = (j: Jobs) => j.handle('test.order', z.object({ n: z.number() }), async ({ n }) => void ran.push(n));
    const producer = await queueOf(queue, handler, { worker: false });
    for (let n = 1; n <= 4; n++) await producer.enqueue(t.database.db, 'test.order', { n });
    await t.database.db.transaction(async (tx) => {
      for (const n of [5, 6, 7]) await producer.enqueue(tx, 'test.order', { n });
    });
    // One transaction's jobs (queued inside one batch's reach: 4 before them, a batch is 5) share pg-boss's stamp,
    // the transaction's start, so a batch of 5 takes some of them; their ids (UUIDv7) hold the order queued.
    const stamped = await queryRows<{ n: number; created_on: string }>(
      t.database,
      sql`SELECT (data->>'n')::int AS n, created_on::text FROM pgboss.job WHERE name = ${`${queue}/test.order`} ORDER BY created_on, id`,
    );
    expect(stamped.map((r) => r.n)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(stamped.filter((r) => r.n >= 5).map((r) => r.created_on)).size).toBe(1);
    // The earliest ones rewritten: their rows now sit after the later ones, the order an unordered read returns.
    await t.database.db.execute(sql`UPDATE pgboss.job SET data = data WHERE name = ${`${queue}/test.order`} AND (data->>'n')::int IN (1, 2, 5)`);
    await queueOf(queue, handler);
    await vi.waitFor(() => expect(ran).toHaveLength(7), { timeout: 10_000 });
    expect(ran).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("one transaction's jobs run in the order queued when a batch ends among them and the database hands the later ones first", async () => {
    const queue = `tie-${newId(6)}`;
    const ran: number[] = [];
    const handler = (j: Jobs) => j.handle('test.tie', z.object({ n: z.number() }), async ({ n }) => void ran.push(n));
    await queueTied(queue, handler);
    await queueOf(queue, handler);
    await vi.waitFor(() => expect(ran).toHaveLength(8), { timeout: 10_000 });
    expect(ran).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Each settled once, with no attempt spent: the batch's by pg-boss's work loop, the ones claimed beside it by the worker.
    await vi.waitFor(async () => expect((await rowsOf(queue)).map((r) => [r.state, r.retry_count])).toEqual(Array(8).fill(['completed', 0])), { timeout: 10_000 });
  });

  it('a refusal of a job claimed beside its batch (the rest of a transaction) still fails it for good, run once', async () => {
    const queue = `tie-refused-${newId(6)}`;
    const ran: number[] = [];
    const handler = (j: Jobs) =>
      j.handle('test.tie', z.object({ n: z.number() }), async ({ n }) => {
        ran.push(n);
        if (n === 4) throw new PermanentJobError('number refused');
      });
    // 4 and 5 read last, so the first batch holds 6 and 7, and 4 is claimed beside it.
    await queueTied(queue, handler);
    await queueOf(queue, handler);
    const refused = async () => (await rowsOf(queue)).find((r) => r.data.n === 4)!;
    await vi.waitFor(async () => expect((await refused()).state).toBe('failed'), { timeout: 10_000 });
    expect(ran).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Failed through pg-boss's fail() (no call fails a job for good outside a batch), then ended unrun at its next claim.
    expect(await refused()).toMatchObject({ retry_count: 1, output: { message: 'number refused' } });
  });

  it('jobs that merely waited in the queue far past their lease (never started) are run when claimed beside a batch, not failed unrun', async () => {
    const queue = `late-${newId(6)}`;
    const ran: number[] = [];
    await queueTied(queue, (j) => j.handle('test.tie', z.object({ n: z.number() }), async ({ n }) => void ran.push(n)));
    // Queued two hours ago, a minute's lease: only the time held after the claim counts, never the wait before it.
    await t.database.db.execute(sql`UPDATE pgboss.job SET created_on = created_on - interval '2 hours', start_after = start_after - interval '2 hours' WHERE name = ${`${queue}/test.tie`}`);
    await queueOf(queue, (j) => j.handle('test.tie', z.object({ n: z.number() }), async ({ n }) => void ran.push(n)), { leaseSeconds: 60 });
    await vi.waitFor(async () => expect((await rowsOf(queue)).map((r) => r.state)).toEqual(Array(8).fill('completed')), { timeout: 10_000 });
    expect(ran).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('two workers (on PostgreSQL, two connection pools) run each of many jobs exactly once', async () => {
    const queue = `two-${newId(6)}`;
    const second = process.env.TEST_DB === 'postgres' ? await openDatabase(process.env.TEST_DATABASE_URL, tmpDir()) : t.database;
    try {
      const runs: number[] = [];
      const by = { a: 0, b: 0 };
      const counting = (name: 'a' | 'b') => (j: Jobs) =>
        j.handle('test.count', z.object({ n: z.number() }), async ({ n }) => {
          runs.push(n);
          by[name]++;
          await new Promise((r) => setTimeout(r, 2));
        });
      const a = await queueOf(queue, counting('a'));
      await queueOf(queue, counting('b'), {}, second);
      const total = 60;
      await t.database.db.transaction(async (tx) => {
        for (let n = 0; n < total; n++) await a.enqueue(tx, 'test.count', { n });
      });
      await vi.waitFor(async () => expect((await rowsOf(queue)).filter((r) => r.state === 'completed')).toHaveLength(total), { timeout: 20_000, interval: 100 });
      expect(runs).toHaveLength(total);
      expect(new Set(runs).size).toBe(total);
      expect((await rowsOf(queue)).every((r) => r.retry_count === 0)).toBe(true);
      if (process.env.TEST_DB === 'postgres') expect(by.a > 0 && by.b > 0).toBe(true);
    } finally {
      if (second !== t.database) await second.close();
    }
  });

  it('jobs the queue before pg-boss left waiting are moved to pg-boss at start and run; its failed ones stay put', async () => {
    const queue = `legacy-${newId(6)}`;
    await t.database.db.insert(legacyJobs).values([
      { id: newId(), queue, name: 'test.echo', payload: { n: 7 }, state: 'queued', maxAttempts: 5, attempts: 1 },
      { id: newId(), queue, name: 'test.echo', payload: { n: 8 }, state: 'failed', maxAttempts: 5, attempts: 5 },
    ]);
    const ran: number[] = [];
    await queueOf(queue, (j) => j.handle('test.echo', z.object({ n: z.number() }), async ({ n }) => void ran.push(n)));
    await vi.waitFor(async () => expect((await rowsOf(queue)).map((r) => r.state)).toEqual(['completed']), { timeout: 10_000 });
    expect(ran).toEqual([7]);
    const left = await t.database.db.select({ state: legacyJobs.state }).from(legacyJobs).where(sql`${legacyJobs.queue} = ${queue}`);
    expect(left).toEqual([{ state: 'failed' }]);
  });

  it('a queue not started refuses to enqueue rather than start beside an open transaction', async () => {
    const jobs = new Jobs(t.database, { queue: `cold-${newId(6)}`, worker: false, retryDelaySeconds: 0, pollMs: 500, leaseSeconds: 60 }, silent);
    await expect(jobs.enqueue(t.database.db, 'test.echo', {})).rejects.toThrow(/not started/);
  });
});
