import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import { expect } from 'vitest';
import type { CourierProvider } from '@haat/shared/schemas/courier';
import { courierEvents, orders, shipments } from '../../src/db/schema';
import { Events } from '../../src/lib/events';
import { Jobs } from '../../src/lib/jobs';
import { createCouriers } from '../../src/modules/courier/registry';
import type { CourierDeps } from '../../src/modules/courier/service';
import { courierOrders } from '../../src/modules/orders/index';
import type { AppEvents } from '../../src/ports';
import type { TestContext } from './app';
import { dhakaGuest, makeProduct, makeUser } from './factories';

type Address = { address_line: string; city: string; mobile: string; name?: string };

/**
 * A courier's journey in a test file (RedX, Paperfly): a guest's COD order placed and booked with the courier by
 * the admin's route, and what the database then holds: the order, its shipment and its timeline entries.
 */
export function courierJourney(t: TestContext, provider: CourierProvider, product: { name: string; price: number }, ipBlock: number) {
  let shopper = 0;
  const ip = () => `10.${ipBlock}.${Math.floor(++shopper / 250)}.${shopper % 250}`;
  async function placeOrder(address: Address = dhakaGuest) {
    const made = await makeProduct(t.database.db, { ...product, stock: 10 });
    const res = await t.api().from(ip()).post('/api/order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: made.id, quantity: 1 }], guest_user_delivery_address: address });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { _id: string; orderId: string; total_amount: number };
  }
  const admin = () => makeUser(t.database.db, t.config, 'ADMIN');
  const book = async (id: string) => t.api().post(`/api/order/${id}/courier`, { provider }, { headers: (await admin()).auth });
  async function booked(address: Address = dhakaGuest) {
    const order = await placeOrder(address);
    const res = await book(order._id);
    expect(res.statusCode, res.body).toBe(200);
    return { order, courier: res.json().data.courier as { consignment_id: string; tracking_code: string; stage: string; status: string } };
  }
  return {
    ip,
    placeOrder,
    admin,
    book,
    booked,
    orderRow: async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!,
    shipmentOf: async (id: string) => (await t.database.db.select().from(shipments).where(eq(shipments.orderId, id)))[0],
    eventsOf: async (id: string) => (await t.database.db.select({ n: count() }).from(courierEvents).where(eq(courierEvents.orderId, id)))[0]!.n,
    /** The courier service called directly (the poll, bulk booking), on the test app's couriers and a queue of its own. */
    directDeps: (): CourierDeps => ({
      db: t.database.db,
      orders: courierOrders(t.database.db),
      couriers: createCouriers(t.config),
      onCourierEvent: () => {},
      // The order's move tells a delivery on the app's events (decision 0126); here nobody listens.
      news: new Events<AppEvents>(),
      jobs: new Jobs(t.database, { queue: `direct-${t.config.JOBS_QUEUE}`, worker: false, retryDelaySeconds: 0, pollMs: 500, leaseSeconds: 60 }, pino({ level: 'silent' })),
    }),
  };
}
