import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { paths } from '@haat/shared/paths';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { orders, reviewRequests } from '../../db/schema';
import type { Events } from '../../lib/events';
import { defineJob, type Jobs } from '../../lib/jobs';
import type { SmsSender } from '../../integrations/sms';
import type { AppEvents } from '../../ports';
import { LINK_PROOF_MS, makeProof } from './proof';
import { reviewRules } from './queries';

/*
 * Asking for reviews (issue 47, decision 0124): an SMS the owner's delay after delivery (off by default), once
 * per order (the review_requests row is its mark), never at night in Dhaka, with a link that opens the review
 * form already verified (a proof of the order's mobile).
 */

export const reviewRequestJob = defineJob('sms.review-request', z.object({ orderId: z.string() }), { attempts: 3, leaseSeconds: 60 });

const HOUR_MS = 60 * 60 * 1000;
/** Dhaka is UTC+6 all year; texts go out from 10:00 to 21:00 Dhaka time. */
const DHAKA_OFFSET_H = 6;
const FIRST_HOUR = 10;
const LAST_HOUR = 21;

/** The same moment when it is in the day's hours; else 10:00 Dhaka time next. */
export function outsideQuietHours(at: Date): Date {
  const dhakaHour = (at.getUTCHours() + DHAKA_OFFSET_H) % 24;
  if (dhakaHour >= FIRST_HOUR && dhakaHour < LAST_HOUR) return at;
  const local = new Date(at.getTime() + DHAKA_OFFSET_H * HOUR_MS);
  const morning = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), FIRST_HOUR) - DHAKA_OFFSET_H * HOUR_MS;
  return new Date(dhakaHour >= LAST_HOUR ? morning + 24 * HOUR_MS : morning);
}

/** When the asking SMS of an order delivered at `deliveredAt` goes: the delay later, out of the night. */
export const requestTime = (deliveredAt: Date, days: number) => outsideQuietHours(new Date(deliveredAt.getTime() + days * 24 * HOUR_MS));

/** On a delivery: queue the asking SMS for its time, when the owner turned it on. */
export async function queueReviewRequest(jobs: Jobs, tx: Tx, orderId: string, now = new Date()): Promise<void> {
  const { requestDays } = await reviewRules.read(tx);
  if (requestDays === null) return;
  const at = requestTime(now, requestDays);
  await reviewRequestJob.enqueue(jobs, tx, { orderId }, { delayMs: Math.max(0, at.getTime() - now.getTime()) });
}

export function askForReviewsOnDelivery(events: Events<AppEvents>, jobs: Jobs): void {
  events.on('order.delivered', ({ orderId }, tx) => queueReviewRequest(jobs, tx, orderId));
}

export const reviewRequestText = (shop: string, link: string) => `${shop}: আপনার পার্সেল কেমন লাগল? রিভিউ দিন: ${link}`;

/**
 * The job: texts the order's mobile once (a second run finds the mark and sends nothing), only while the order is
 * still delivered. At night it sends nothing and answers when to run again (a retry may land there).
 */
export async function sendReviewRequest(deps: { db: Db; sms: SmsSender; config: Pick<Config, 'JWT_SECRET' | 'PUBLIC_URL' | 'PORT' | 'SHOP_NAME'> }, orderId: string, now = new Date()): Promise<{ state: 'sent' | 'skipped' } | { state: 'later'; at: Date }> {
  const at = outsideQuietHours(now);
  if (at.getTime() !== now.getTime()) return { state: 'later', at };
  const [order] = await deps.db.select({ mobile: orders.mobile, status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (!order || order.status !== 'Delivered') return { state: 'skipped' };
  const marked = await deps.db.insert(reviewRequests).values({ orderId, createdAt: now }).onConflictDoNothing().returning({ orderId: reviewRequests.orderId });
  if (!marked.length) return { state: 'skipped' };
  const base = deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`;
  const link = `${base}${paths.review(makeProof(deps.config.JWT_SECRET, order.mobile, now, LINK_PROOF_MS).proof)}`;
  try {
    await deps.sms.send({ to: order.mobile, text: reviewRequestText(deps.config.SHOP_NAME, link), kind: 'order' });
  } catch (err) {
    // Not sent: the mark goes, so the retry sends it.
    await deps.db.delete(reviewRequests).where(eq(reviewRequests.orderId, orderId));
    throw err;
  }
  return { state: 'sent' };
}

/** The job's handler: sends, or queues itself again for the morning. */
export function handleReviewRequests(jobs: Jobs, deps: Parameters<typeof sendReviewRequest>[0]): void {
  jobs.handle(reviewRequestJob, async ({ orderId }) => {
    const done = await sendReviewRequest(deps, orderId);
    if (done.state === 'later') await reviewRequestJob.enqueue(jobs, deps.db, { orderId }, { delayMs: done.at.getTime() - Date.now() });
  });
}
