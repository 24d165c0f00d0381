import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { orderReturns, orders, refunds } from '../src/db/schema';
import { PermanentJobError } from '../src/lib/jobs';
import { dhakaGuest, jobRows, makeAddress, makeProduct, makeUser, multipart, startJobs, useTestApp } from './support';

/**
 * Issue 41's audit finding: phone orders and job retries by staff are on the owner's audit log, and an order
 * with return or refund records cannot be deleted (its money records would go with it).
 */
const t = useTestApp();
type Entry = { kind: string; action: string; target_id: string; target_label: string; actor: { _id: string; role: string }; before: Record<string, unknown> | null; after: Record<string, unknown> | null };
const auditOf = async (kind: string) => {
  const owner = await makeUser(t.database.db, t.config, 'ADMIN');
  const res = await t.api().as(owner).get('audit', { query: { kind } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Entry[];
};

describe('the audit log (issue 41)', () => {
  it('records a phone order with the staff member who entered it; a repeat of its Idempotency-Key records nothing more', async () => {
    const clerk = await makeUser(t.database.db, t.config, 'ORDERS');
    const product = await makeProduct(t.database.db, { price: 450, stock: 5 });
    const body = { customer: { name: 'Karim', ...dhakaGuest }, method: 'CASH-ON-DELIVERY', list_items: [{ product_id: product.id, quantity: 1 }] };
    const placed = await t.api().as(clerk).post('order/manual', body, { headers: { 'idempotency-key': 'phone-order-audit-1' } });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await t.api().as(clerk).post('order/manual', body, { headers: { 'idempotency-key': 'phone-order-audit-1' } })).statusCode).toBe(200);
    const entries = (await auditOf('order')).filter((e) => e.action === 'create');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ target_id: placed.json().data._id, target_label: placed.json().data.orderId, actor: { _id: clerk.id, role: 'ORDERS' }, after: { source: 'admin', customer_name: 'Karim', mobile: dhakaGuest.mobile } });
  });

  it('records a failed job queued again by the owner, with its kind', async () => {
    const jobs = await startJobs(t.database, t.config.JOBS_QUEUE, (j) =>
      j.handle('test.refused', z.object({}), async () => {
        throw new PermanentJobError('refused');
      }),
    );
    await jobs.enqueue(t.database.db, 'test.refused', {});
    await vi.waitFor(async () => expect((await jobRows(t.database, t.config.JOBS_QUEUE)).find((r) => r.name === 'test.refused')?.state).toBe('failed'), { timeout: 10_000 });
    const owner = await makeUser(t.database.db, t.config, 'ADMIN');
    const [failed] = (await t.api().as(owner).get('jobs/failed')).json().data as { id: string }[];
    const retried = await t.api().as(owner).post(`jobs/${failed!.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    const entries = await auditOf('job');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'retry', target_id: failed!.id, target_label: 'test.refused', actor: { _id: owner.id, role: 'ADMIN' } });
    // A job that is not there is not retried, and nothing is recorded.
    expect((await t.api().as(owner).post('jobs/00000000-0000-0000-0000-000000000000/retry')).statusCode).toBe(404);
    expect(await auditOf('job')).toHaveLength(1);
  });
});

describe('deleting an order keeps its money records (issue 41)', () => {
  it('an order with a return, or with a refund, answers 409 ORDER_HAS_MONEY_RECORDS and stays with its records; one with none is deleted', async () => {
    const owner = await makeUser(t.database.db, t.config, 'ADMIN');
    const shopper = await makeUser(t.database.db, t.config);
    const address = await makeAddress(t.database.db, shopper.id);
    const product = await makeProduct(t.database.db, { price: 800, stock: 10 });
    const order = async () => (await t.api().as(shopper).post('order', { method: 'CASH-ON-DELIVERY', addressId: address, list_items: [{ product_id: product.id, quantity: 1 }] })).json().data as { _id: string; product_details: { _id: string }[] };

    // A delivered order returned by the shopper, then moved to Return.
    const returned = await order();
    await t.api().as(owner).patch(`order/update-status/${returned._id}`, { status: 'Delivered' });
    const asked = await t.api().as(shopper).post(`order/${returned._id}/returns`, multipart({ request: JSON.stringify({ kind: 'return', items: [{ item_id: returned.product_details[0]!._id, quantity: 1 }], reason: 'damaged' }) }));
    expect(asked.statusCode, asked.body).toBe(201);
    await t.api().as(owner).patch(`order/update-status/${returned._id}`, { status: 'Return' });
    const refused = await t.api().as(owner).delete(`order/${returned._id}`);
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([409, 'ORDER_HAS_MONEY_RECORDS', 'This order has return or refund records, which the shop keeps: it cannot be deleted.']);
    expect(await t.database.db.select().from(orders).where(eq(orders.id, returned._id))).toHaveLength(1);
    expect(await t.database.db.select().from(orderReturns).where(eq(orderReturns.orderId, returned._id))).toHaveLength(1);

    // A cancelled order with a refund recorded on it.
    const cancelled = await order();
    await t.api().as(owner).patch(`order/update-status/${cancelled._id}`, { status: 'Cancel' });
    await t.database.db.insert(refunds).values({ id: `rf-${cancelled._id}`, orderId: cancelled._id, method: 'cash', amount: 800, state: 'done', dueAt: new Date() });
    expect((await t.api().as(owner).delete(`order/${cancelled._id}`)).json().code).toBe('ORDER_HAS_MONEY_RECORDS');
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, cancelled._id))).toHaveLength(1);
    expect((await auditOf('order')).filter((e) => e.action === 'delete')).toEqual([]);

    // An order with neither is deleted, as before.
    const plain = await order();
    await t.api().as(owner).patch(`order/update-status/${plain._id}`, { status: 'Cancel' });
    expect((await t.api().as(owner).delete(`order/${plain._id}`)).statusCode).toBe(200);
    expect(await t.database.db.select().from(orders).where(eq(orders.id, plain._id))).toHaveLength(0);
  });
});
