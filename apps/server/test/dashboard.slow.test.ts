import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@haat/shared/constants';
import { orderDeadlines, type DeadlineOrder } from '@haat/shared/deadlines';
import { OVERDUE_COUNT_LIMIT } from '@haat/shared/schemas/dashboard';
import { seedOrders } from '../src/seed/orders';
import { overdueOrderIdsSql, readDeadlineSettings } from '../src/modules/deadlines/service';
import { makeUser, useTestApp } from './support';

/**
 * The dashboard at 100,000 orders (issue 14): every figure of the route equals
 * the same figure recomputed here in JS from the raw rows. Its speed is
 * measured by `npm run bench:dashboard`, never here.
 */
type DeadlineRow = {
  status: DeadlineOrder['status'];
  payment_status: string;
  payment_state: DeadlineOrder['paymentState'];
  created_at: string;
  paid_at: string | null;
  guest_user_delivery_address: DeadlineOrder['address'];
  booked: boolean;
};

describe('the dashboard at 100,000 orders', () => {
  const t = useTestApp();

  it('answers figures that match the rows', { timeout: 900_000 }, async () => {
    const db = t.database.db;
    await seedOrders(db, { orders: 100_000 });
    const admin = await makeUser(db, t.config, 'ADMIN');
    const res = await t.api().as(admin).get('dashboard/summary?days=30');
    expect(res.statusCode).toBe(200);
    const s = res.json().data;

    const since = new Date(Date.parse(`${s.from}T00:00:00+06:00`));
    type Row = { id: string; status: string; payment_status: string; payment_state: string | null; total_amount: number; created_at: string };
    const all = ((await db.execute(sql`SELECT id, status, payment_status, payment_state, total_amount, created_at::text FROM orders`)) as unknown as { rows: Row[] }).rows;
    const inPeriod = all.filter((o) => new Date(o.created_at) >= since);
    const sales = inPeriod.filter((o) => !['Cancel', 'Return'].includes(o.status) && (o.payment_state === null || o.payment_state === 'paid'));
    expect(inPeriod.length).toBeGreaterThan(7_000);

    expect(s.sales).toEqual({ orders: sales.length, taka: sales.reduce((n, o) => n + o.total_amount, 0) });
    expect(s.salesPerDay).toHaveLength(30);
    expect(s.salesPerDay.reduce((n: number, d: { orders: number }) => n + d.orders, 0)).toBe(sales.length);
    expect(s.ordersByStatus).toEqual(Object.fromEntries(ORDER_STATUSES.map((st) => [st, inPeriod.filter((o) => o.status === st).length])));
    const cod = sales.filter((o) => o.payment_status === 'CASH-ON-DELIVERY');
    const wallet = sales.filter((o) => o.payment_status !== 'CASH-ON-DELIVERY');
    expect(s.payments).toEqual({
      cod: { orders: cod.length, taka: cod.reduce((n, o) => n + o.total_amount, 0) },
      wallet: { orders: wallet.length, taka: wallet.reduce((n, o) => n + o.total_amount, 0) },
    });

    const saleIds = new Set(sales.map((o) => o.id));
    const lines = ((await db.execute(sql`SELECT order_id, product_id, quantity, unit_price FROM order_items`)) as unknown as { rows: { order_id: string; product_id: string; quantity: number; unit_price: number }[] }).rows;
    const per = new Map<string, { units: number; taka: number }>();
    for (const l of lines) {
      if (!saleIds.has(l.order_id)) continue;
      const p = per.get(l.product_id) ?? { units: 0, taka: 0 };
      p.units += l.quantity;
      p.taka += l.quantity * l.unit_price;
      per.set(l.product_id, p);
    }
    const ranked = [...per.entries()].map(([productId, v]) => ({ productId, ...v }));
    const topUnits = [...ranked].sort((a, b) => b.units - a.units || b.taka - a.taka || (a.productId < b.productId ? -1 : 1)).slice(0, 10);
    const topTaka = [...ranked].sort((a, b) => b.taka - a.taka || b.units - a.units || (a.productId < b.productId ? -1 : 1)).slice(0, 10);
    expect(s.topByUnits.map((p: { productId: string; units: number; taka: number }) => ({ productId: p.productId, units: p.units, taka: p.taka }))).toEqual(topUnits);
    expect(s.topByTaka.map((p: { productId: string; units: number; taka: number }) => ({ productId: p.productId, units: p.units, taka: p.taka }))).toEqual(topTaka);

    const parcels = ((await db.execute(sql`SELECT stage, created_at::text FROM shipments`)) as unknown as { rows: { stage: string; created_at: string }[] }).rows.filter((p) => new Date(p.created_at) >= since);
    const returned = parcels.filter((p) => p.stage === 'returned' || p.stage === 'cancelled').length;
    expect(s.returns).toEqual({ handed: parcels.length, returned, share: returned / parcels.length });

    const low = ((await db.execute(sql`SELECT count(*)::int AS n FROM products WHERE stock <= 5`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(s.lowStock.total).toBe(low);
    expect(s.lowStock.products).toHaveLength(Math.min(low, 50));

    // Issue 27: the overdue orders by the shared rule, over every row; the dashboard counts them up to 1,000 + 1.
    const [settings, open] = [await readDeadlineSettings(db), ((await db.execute(sql`SELECT o.*, EXISTS (SELECT 1 FROM shipments s WHERE s.order_id = o.id) AS booked FROM orders o`)) as unknown as { rows: DeadlineRow[] }).rows];
    const now = new Date();
    const overdue = open.filter((o) =>
      orderDeadlines({ status: o.status, paymentMethod: o.payment_status, paymentState: o.payment_state, createdAt: new Date(o.created_at), paidAt: o.paid_at && new Date(o.paid_at), address: o.guest_user_delivery_address, handedOver: o.booked }, settings, now).some((d) => d.overdue),
    ).length;
    expect(overdue).toBeGreaterThan(OVERDUE_COUNT_LIMIT);
    expect(s.overdueOrders).toBe(OVERDUE_COUNT_LIMIT + 1);
    const [uncapped] = ((await db.execute(sql`SELECT count(*)::int AS n FROM (${overdueOrderIdsSql(now)}) o`)) as unknown as { rows: { n: number }[] }).rows;
    expect(uncapped!.n).toBe(overdue);
  });
});
