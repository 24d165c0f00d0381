import type { Db } from '../db/client';
import { orders, shipments } from '../db/schema';
import { newId } from '../lib/ids';

/**
 * Delivered and returned parcels for the courier settlements' tests and bench (issue 44, decision 0112): orders
 * (without lines: the settlements read only an order's number, total, payment and zone) each with its courier
 * booking at its final stage, delivered or returned `i % 40` days before `now`.
 */
export interface SeededParcel {
  orderNo: string;
  provider: 'steadfast' | 'pathao';
  consignmentId: string;
  kind: 'delivery' | 'return';
  /** The order's total in taka (its COD when `cod`). */
  total: number;
  cod: boolean;
  inside: boolean;
  finalAt: Date;
}

export interface SeedParcelsOptions {
  count: number;
  now: Date;
  /** Every nth parcel is Pathao's (default 3: a third); the rest Steadfast's. */
  pathaoEvery?: number;
  /** Every nth parcel came back (default 10). */
  returnEvery?: number;
  /** Every nth parcel was paid beforehand (default 9). */
  prepaidEvery?: number;
  /** Consignment ids start here (Steadfast's are numbers). */
  firstConsignment?: number;
}

export async function seedSettlementParcels(db: Db, o: SeedParcelsOptions): Promise<SeededParcel[]> {
  const parcels: SeededParcel[] = [];
  const orderRows: (typeof orders.$inferInsert)[] = [];
  const shipmentRows: (typeof shipments.$inferInsert)[] = [];
  for (let i = 0; i < o.count; i++) {
    const id = newId();
    const provider = i % (o.pathaoEvery ?? 3) === 0 ? 'pathao' : 'steadfast';
    const kind = i % (o.returnEvery ?? 10) === 5 ? 'return' : 'delivery';
    const cod = i % (o.prepaidEvery ?? 9) !== 4;
    const inside = i % 2 === 0;
    const total = 300 + ((i * 37) % 4700);
    const finalAt = new Date(o.now.getTime() - (i % 40) * 86_400_000 - 3_600_000);
    const consignmentId = provider === 'pathao' ? `DL${String(100000 + i)}` : String((o.firstConsignment ?? 5_000_000) + i);
    const orderNo = `HT-S-${String(i).padStart(6, '0')}`;
    parcels.push({ orderNo, provider, consignmentId, kind, total, cod, inside, finalAt });
    orderRows.push({
      id,
      orderId: orderNo,
      status: kind === 'return' ? 'Return' : 'Delivered',
      paymentStatus: cod ? 'CASH-ON-DELIVERY' : 'bkash',
      paymentState: cod ? null : 'paid',
      mobile: '01712345678',
      subTotalAmount: total - (inside ? 50 : 100),
      deliveryFee: inside ? 50 : 100,
      totalAmount: total,
      guestDeliveryAddress: { address_line: 'Road 5', city: inside ? 'Dhaka' : 'Sylhet', mobile: '01712345678' },
      insideDhaka: inside,
      stockReserved: false,
      deliveredAt: kind === 'delivery' ? finalAt : null,
      createdAt: new Date(finalAt.getTime() - 3 * 86_400_000),
    });
    const stage = kind === 'return' ? 'returned' : 'delivered';
    shipmentRows.push({ orderId: id, provider, consignmentId, status: stage, stage, final: true, eventAt: finalAt });
  }
  for (let i = 0; i < orderRows.length; i += 500) {
    await db.insert(orders).values(orderRows.slice(i, i + 500));
    await db.insert(shipments).values(shipmentRows.slice(i, i + 500));
  }
  return parcels;
}
