import { asc, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { COURIER_PROVIDERS, type CourierBooking, type CourierProvider, type CourierStage, type CourierView } from '@haat/shared/schemas/courier';
import type { OrderView } from '@haat/shared/schemas/order';
import type { DbOrTx } from '../../db/client';
import { courierEvents, shipments } from '../../db/schema';
import { defineJob, type Jobs } from '../../lib/jobs';

export type CourierEventRow = typeof courierEvents.$inferSelect;

export function timelineEntry(e: CourierEventRow) {
  return { status: e.status, stage: e.stage as CourierStage, message: e.message, at: e.at.toISOString() };
}

/** The `courier` of each booked order: its shipment and its updates, oldest first. */
export async function courierViews(db: DbOrTx, orderIds: string[]): Promise<Map<string, CourierView>> {
  const views = new Map<string, CourierView>();
  if (orderIds.length === 0) return views;
  const rows = await db.select().from(shipments).where(inArray(shipments.orderId, orderIds));
  if (rows.length === 0) return views;
  const events = await db
    .select()
    .from(courierEvents)
    .where(
      inArray(
        courierEvents.orderId,
        rows.map((r) => r.orderId),
      ),
    )
    .orderBy(asc(courierEvents.at), asc(courierEvents.createdAt));
  for (const r of rows) {
    views.set(r.orderId, {
      provider: r.provider,
      consignment_id: r.consignmentId,
      tracking_code: r.trackingCode,
      status: r.status,
      stage: r.stage as CourierStage,
      timeline: events.filter((e) => e.orderId === r.orderId).map(timelineEntry),
    });
  }
  return views;
}

/**
 * The job of a booking tried again later (decision 0080), one queued or running per order (bookingJobKey). Tries,
 * the request's own not counted: at JOBS_RETRY_DELAY_SECONDS (5 s) doubling with jitter, the 8th is 10 to 20 minutes
 * after the first failure, long enough for a courier's short outage and no longer than an owner would wait to be told.
 */
export const bookingJob = defineJob(
  'courier.book',
  z.object({
    orderId: z.string(),
    provider: z.enum(COURIER_PROVIDERS),
    city_id: z.number().optional(),
    zone_id: z.number().optional(),
    area_id: z.number().optional(),
    /** Why the request's own try failed: the order's card shows it while the job waits. */
    firstError: z.string().optional(),
  }),
  { attempts: 8, oneAtATimePerKey: true },
);

/** The job key of an order's queued booking: one queued or running at a time (decision 0080). */
export const bookingJobKey = (orderId: string) => `courier.book:${orderId}`;

type BookingPayload = { provider: CourierProvider; firstError?: string };

/** The courier of the order's booking waiting in the queue (queued, or being tried now), or null. */
export async function queuedBooking(db: DbOrTx, jobs: Jobs, orderId: string): Promise<{ provider: CourierProvider } | null> {
  const job = (await jobs.byKey(db, bookingJob, [bookingJobKey(orderId)], ['queued', 'running'])).get(bookingJobKey(orderId));
  return job ? { provider: (job.payload as BookingPayload).provider } : null;
}

/** The orders with `courier_booking` (admin answers): a booking queued or failed while there is no shipment; null otherwise. */
export async function withCourierBookings(db: DbOrTx, jobs: Jobs, list: OrderView[]): Promise<OrderView[]> {
  const unbooked = list.filter((o) => !o.courier).map((o) => o._id);
  const bookings = await courierBookings(db, jobs, unbooked);
  return list.map((o) => ({ ...o, courier_booking: bookings.get(o._id) ?? null }));
}

/** Each order's latest booking job that is not done: queued (or running) or failed (decision 0080). */
async function courierBookings(db: DbOrTx, jobs: Jobs, orderIds: string[]): Promise<Map<string, CourierBooking>> {
  const found = new Map<string, CourierBooking>();
  const keyed = await jobs.byKey(db, bookingJob, orderIds.map(bookingJobKey), ['queued', 'running', 'failed']);
  for (const [key, r] of keyed) {
    const payload = r.payload as BookingPayload;
    const failed = r.state === 'failed';
    found.set(key.slice(bookingJobKey('').length), {
      provider: payload.provider,
      state: failed ? 'failed' : 'queued',
      attempts: r.attempts,
      max_attempts: r.maxAttempts,
      next_try_at: failed ? null : r.runAt.toISOString(),
      error: r.lastError ?? payload.firstError ?? '',
      job_id: r.id,
    });
  }
  return found;
}
