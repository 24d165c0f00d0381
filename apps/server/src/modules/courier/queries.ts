import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { CourierBooking, CourierProvider, CourierStage, CourierView } from '@haat/shared/schemas/courier';
import type { OrderView } from '@haat/shared/schemas/order';
import type { DbOrTx } from '../../db/client';
import { courierEvents, jobs, shipments } from '../../db/schema';

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

/** The job key of an order's queued booking: one queued or running at a time (decision 0080). */
export const bookingJobKey = (orderId: string) => `courier.book:${orderId}`;

type BookingPayload = { provider: CourierProvider; firstError?: string };

/** The courier of the order's booking waiting in the queue (queued, or being tried now), or null. */
export async function queuedBooking(db: DbOrTx, queue: string, orderId: string): Promise<{ provider: CourierProvider } | null> {
  const [row] = await db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.queue, queue), eq(jobs.singletonKey, bookingJobKey(orderId)), inArray(jobs.state, ['queued', 'running'])));
  return row ? { provider: (row.payload as BookingPayload).provider } : null;
}

/** The orders with `courier_booking` (admin answers): a booking queued or failed while there is no shipment; null otherwise. */
export async function withCourierBookings(db: DbOrTx, queue: string, list: OrderView[]): Promise<OrderView[]> {
  const unbooked = list.filter((o) => !o.courier).map((o) => o._id);
  const bookings = await courierBookings(db, queue, unbooked);
  return list.map((o) => ({ ...o, courier_booking: bookings.get(o._id) ?? null }));
}

/** Each order's latest booking job that is not done: queued (or running) or failed (decision 0080). */
async function courierBookings(db: DbOrTx, queue: string, orderIds: string[]): Promise<Map<string, CourierBooking>> {
  const found = new Map<string, CourierBooking>();
  if (orderIds.length === 0) return found;
  const rows = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.queue, queue), inArray(jobs.singletonKey, orderIds.map(bookingJobKey)), inArray(jobs.state, ['queued', 'running', 'failed'])))
    .orderBy(desc(jobs.createdAt));
  for (const r of rows) {
    const orderId = r.singletonKey!.slice(bookingJobKey('').length);
    if (found.has(orderId)) continue;
    const payload = r.payload as BookingPayload;
    const failed = r.state === 'failed';
    found.set(orderId, {
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
