import { sql } from 'drizzle-orm';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { DbOrTx } from '../src/db/client';
import { JOB_KINDS, PERIODIC_JOB_KINDS } from '../src/job-kinds';
import type { Jobs } from '../src/lib/jobs';
import { bookingJob } from '../src/modules/courier/index';
import { orderSmsJob } from '../src/modules/notify/index';
import { refundJob } from '../src/modules/payments/index';
import { queryRows, useTestApp } from './support';

/** Typed job definitions (issue 43, decision 0106): one list of every kind, and a payload checked by `tsc`. */
const t = useTestApp({ COURIER_POLL_SECONDS: '60' });

/**
 * Never run: `npm run typecheck` compiles it, and each `@ts-expect-error` fails the build if the line below it
 * compiles, so a wrong payload (or attempts at the enqueue site) is a type error, not a failed job a day later.
 */
export function typedEnqueues(jobs: Jobs, db: DbOrTx) {
  void refundJob.enqueue(jobs, db, { refundId: 'r1' });
  void orderSmsJob.enqueue(jobs, db, { orderId: 'o1', notice: 'booked', trackingCode: 'T1' });
  void bookingJob.enqueue(jobs, db, { orderId: 'o1', provider: 'steadfast' }, { singletonKey: 'courier.book:o1', delayMs: 5_000 });
  // @ts-expect-error the payload lacks what the schema requires
  void refundJob.enqueue(jobs, db, {});
  // @ts-expect-error a field of the wrong type
  void refundJob.enqueue(jobs, db, { refundId: 42 });
  // @ts-expect-error a field the kind does not have
  void refundJob.enqueue(jobs, db, { refundId: 'r1', amount: 100 });
  // @ts-expect-error a notice no SMS is written for
  void orderSmsJob.enqueue(jobs, db, { orderId: 'o1', notice: 'lost' });
  // @ts-expect-error a courier the shop does not book with
  void bookingJob.enqueue(jobs, db, { orderId: 'o1', provider: 'fedex' });
  // @ts-expect-error attempts are the kind's rule (defineJob), not the enqueue site's
  void refundJob.enqueue(jobs, db, { refundId: 'r1' }, { maxAttempts: 3 });
  // The handler is given the payload as the schema reads it.
  jobs.handle(refundJob, async (payload, job) => {
    expectTypeOf(payload).toEqualTypeOf<{ refundId: string }>();
    expectTypeOf(job.attempt).toBeNumber();
  });
  // @ts-expect-error a handler that expects another payload
  jobs.handle(refundJob, async (payload: { orderId: string }) => void payload);
}

describe('the kinds of durable job', () => {
  it('are each listed once, with their retry rules in the definition', () => {
    const names = [...JOB_KINDS, ...PERIODIC_JOB_KINDS].map((k) => k.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toHaveLength(22);
    expect(Object.fromEntries(JOB_KINDS.map((k) => [k.name, k.rules.attempts]))).toEqual({
      'sms.order': 3,
      'deadlines.notice-sms': 3,
      'deadlines.notice-mail': 5,
      'mail.register-attempt': 5,
      'mail.login-code': 5,
      'mail.password-reset': 5,
      'sms.staff-invite': 3,
      'courier.book': 8,
      'refund.bkash': 5,
      'sms.stock-alert': 3,
      'sms.recovery': 3,
      'sms.chat-link': 3,
      'ads.meta-purchase': 5,
      'ads.ga-purchase': 5,
      'ads.meta-event': 5,
      'sms.review-request': 3,
    });
  });

  it('are exactly what the app handles: each listed kind has a queue, and no queue is a kind left off the list', async () => {
    await t.api().get('/api/health');
    const prefix = `${t.config.JOBS_QUEUE}/`;
    const queues = (await queryRows<{ name: string }>(t.database, sql`SELECT name FROM pgboss.queue WHERE name LIKE ${`${prefix}%`}`)).map((q) => q.name.slice(prefix.length));
    const listed = [...JOB_KINDS, ...PERIODIC_JOB_KINDS].map((k) => k.name);
    for (const kind of JOB_KINDS) expect(queues, kind.name).toContain(kind.name);
    // Periodic kinds the settings turn off (the bKash sweep without bKash) have no queue; every queue is listed.
    expect(queues.filter((q) => !listed.includes(q))).toEqual([]);
    expect(queues).toContain('courier.poll');
  });

  it('give each queue its kind’s attempts and lease', async () => {
    const prefix = `${t.config.JOBS_QUEUE}/`;
    const rows = await queryRows<{ name: string; retry_limit: number; expire_seconds: number }>(t.database, sql`SELECT name, retry_limit, expire_seconds FROM pgboss.queue WHERE name LIKE ${`${prefix}%`}`);
    const queues = new Map(rows.map((r) => [r.name.slice(prefix.length), r]));
    for (const kind of JOB_KINDS) {
      expect(queues.get(kind.name)?.retry_limit, kind.name).toBe(kind.rules.attempts! - 1);
      if (kind.rules.leaseSeconds) expect(queues.get(kind.name)?.expire_seconds, kind.name).toBe(kind.rules.leaseSeconds);
    }
  });
});
