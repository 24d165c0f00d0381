import { asc, inArray } from 'drizzle-orm';
import type { CourierStage, CourierView } from '@haat/shared/schemas/courier';
import type { DbOrTx } from '../../db/client';
import { courierEvents, shipments } from '../../db/schema';

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
