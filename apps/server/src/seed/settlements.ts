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

/** The i-th parcel: its courier, kind, payment, zone and age by the options' cycles. */
function parcelAt(i: number, o: SeedParcelsOptions): SeededParcel {
  const provider = i % (o.pathaoEvery ?? 3) === 0 ? 'pathao' : 'steadfast';
  return {
    orderNo: `HT-S-${String(i).padStart(6, '0')}`,
    provider,
    consignmentId: provider === 'pathao' ? `DL${String(100000 + i)}` : String((o.firstConsignment ?? 5_000_000) + i),
    kind: i % (o.returnEvery ?? 10) === 5 ? 'return' : 'delivery',
    total: 300 + ((i * 37) % 4700),
    cod: i % (o.prepaidEvery ?? 9) !== 4,
    inside: i % 2 === 0,
    finalAt: new Date(o.now.getTime() - (i % 40) * 86_400_000 - 3_600_000),
  };
}

function orderRowOf(id: string, p: SeededParcel): typeof orders.$inferInsert {
  return {
    id,
    orderId: p.orderNo,
    status: p.kind === 'return' ? 'Return' : 'Delivered',
    paymentStatus: p.cod ? 'CASH-ON-DELIVERY' : 'bkash',
    paymentState: p.cod ? null : 'paid',
    mobile: '01712345678',
    subTotalAmount: p.total - (p.inside ? 50 : 100),
    deliveryFee: p.inside ? 50 : 100,
    totalAmount: p.total,
    guestDeliveryAddress: { address_line: 'Road 5', city: p.inside ? 'Dhaka' : 'Sylhet', mobile: '01712345678' },
    insideDhaka: p.inside,
    stockReserved: false,
    deliveredAt: p.kind === 'delivery' ? p.finalAt : null,
    createdAt: new Date(p.finalAt.getTime() - 3 * 86_400_000),
  };
}

export async function seedSettlementParcels(db: Db, o: SeedParcelsOptions): Promise<SeededParcel[]> {
  const parcels = Array.from({ length: o.count }, (_, i) => parcelAt(i, o));
  const ids = parcels.map(() => newId());
  const stage = (p: SeededParcel) => (p.kind === 'return' ? 'returned' : 'delivered');
  for (let i = 0; i < parcels.length; i += 500) {
    const slice = parcels.slice(i, i + 500);
    await db.insert(orders).values(slice.map((p, j) => orderRowOf(ids[i + j]!, p)));
    await db.insert(shipments).values(slice.map((p, j) => ({ orderId: ids[i + j]!, provider: p.provider, consignmentId: p.consignmentId, status: stage(p), stage: stage(p), final: true, eventAt: p.finalAt })));
  }
  return parcels;
}
