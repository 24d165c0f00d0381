import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, chatLinks, orders, products } from '../src/db/schema';
import { jobRows, makeProduct, makeUser, stockOf, useTestApp } from './support';

/** Issue 45: checkout links for chat orders — staff build the cart, the buyer confirms it once (decision 0118). */
describe('chat order links', () => {
  const t = useTestApp();
  const buyer = { name: 'Nasrin Akter', address_line: 'Road 5, Mirpur', city: 'Dhaka', mobile: '01712345678' };
  const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0]!.n;

  async function made(quantity = 2, stock = 10) {
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const saree = await makeProduct(t.database.db, { name: 'Jamdani Saree', nameBn: 'জামদানি শাড়ি', price: 2000, discount: 10, stock, quantity: stock });
    const res = await t.api().as(admin).post('chat-links', { customer: { name: 'Nasrin', mobile: '০১৭১২৩৪৫৬৭৮' }, list_items: [{ product_id: saree.id, quantity }], note: 'Gift wrap' });
    expect(res.statusCode).toBe(201);
    return { admin, saree, link: res.json().data };
  }
  const confirm = (token: string, body: object = { address: buyer, consent: true }, ip = '10.45.0.1') => t.api().from(ip).post(`/api/chat-links/by-token/${token}/order`, body);

  it('staff make a link of the cart; the buyer sees it without the staff’s notes and places it once as a cash-on-delivery order', async () => {
    const { admin, saree, link } = await made();
    expect(link).toMatchObject({ state: 'open', customer_name: 'Nasrin', mobile: '01712345678', items_total: 3600, order_number: null });
    expect(link.url).toMatch(new RegExp(`/chat-order/${link.token}$`));
    expect(link.lines).toMatchObject([{ product_id: saree.id, name: 'Jamdani Saree', name_bn: 'জামদানি শাড়ি', quantity: 2, unit_price: 1800 }]);

    const seen = await t.api().get(`/api/chat-links/by-token/${link.token}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({ state: 'open', items_total: 3600 });
    expect(seen.json().data).not.toHaveProperty('mobile');
    expect(seen.json().data).not.toHaveProperty('note');

    const placed = await confirm(link.token);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data).toMatchObject({ payment_status: 'CASH-ON-DELIVERY', source: 'web', userId: null, customer_name: 'Nasrin Akter', note: 'Gift wrap', subTotal_amount: 3600, delivery_fee: 50, total_amount: 3650, guest_user_delivery_address: buyer });
    expect(await stockOf(t.database.db, saree.id)).toBe(8);

    const after = await t.api().as(admin).get(`chat-links/${link._id}`);
    expect(after.json().data).toMatchObject({ state: 'used', order_number: placed.json().data.orderId });
    const again = await confirm(link.token);
    expect([again.statusCode, again.json().code, again.json().message]).toEqual([409, 'CHAT_LINK_USED', 'This order link was already used to place an order.']);
    expect(await orderCount()).toBe(1);
    // The order holds the consent the buyer ticked (decision 0077).
    const [row] = await t.database.db.select({ consentAt: orders.consentAt }).from(orders);
    expect(row!.consentAt).not.toBeNull();
    // Making the link is on the audit log.
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, link._id));
    expect(audit).toMatchObject([{ kind: 'order', action: 'create' }]);
  });

  it('of concurrent confirmations exactly one places an order', async () => {
    const { saree, link } = await made(1);
    const answers = await Promise.all([1, 2, 3, 4].map((n) => confirm(link.token, { address: buyer, consent: true }, `10.45.1.${n}`)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().code).toBe('CHAT_LINK_USED');
    expect(await orderCount()).toBe(1);
    expect(await stockOf(t.database.db, saree.id)).toBe(9);
  });

  it('is refused after a price change or short stock until staff refresh it, then orders at today’s price', async () => {
    const { admin, saree, link } = await made();
    await t.database.db.update(products).set({ price: 2500 }).where(eq(products.id, saree.id));
    expect((await t.api().get(`/api/chat-links/by-token/${link.token}`)).json().data).toMatchObject({ state: 'stale', items_total: 4500 });
    const stale = await confirm(link.token);
    expect([stale.statusCode, stale.json().message]).toEqual([409, 'Prices or stock changed since this link was made. Please ask the shop to refresh it.']);
    expect(await orderCount()).toBe(0);

    const refreshed = await t.api().as(admin).post(`chat-links/${link._id}/refresh`);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().data).toMatchObject({ state: 'open', items_total: 4500 });
    // Stock short of the cart: stale again, and a refresh is refused with the stock's own message.
    await t.database.db.update(products).set({ stock: 1, quantity: 1 }).where(eq(products.id, saree.id));
    expect((await confirm(link.token)).json().code).toBe('CHAT_LINK_STALE');
    const short = await t.api().as(admin).post(`chat-links/${link._id}/refresh`);
    expect([short.statusCode, short.json().message]).toEqual([409, 'Not enough stock for Jamdani Saree.']);
    await t.database.db.update(products).set({ stock: 5, quantity: 5 }).where(eq(products.id, saree.id));
    const placed = await confirm(link.token);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data).toMatchObject({ subTotal_amount: 4500 });
  });

  it('expires after the owner’s hours', async () => {
    const { admin, link } = await made();
    const set = await t.api().as(admin).put('chat-links/settings', { hours: 6 });
    expect(set.json().data).toEqual({ hours: 6 });
    const second = await t.api().as(admin).post('chat-links', { customer: {}, list_items: link.lines.map((l: { product_id: string }) => ({ product_id: l.product_id, quantity: 1 })) });
    const life = new Date(second.json().data.expires_at).getTime() - Date.now();
    expect(life).toBeGreaterThan(5.9 * 3_600_000);
    expect(life).toBeLessThanOrEqual(6 * 3_600_000);
    // Past its time (moved in the database: the test does not wait for the clock).
    await t.database.db.update(chatLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(chatLinks.id, link._id));
    expect((await t.api().get(`/api/chat-links/by-token/${link.token}`)).json().data.state).toBe('expired');
    const late = await confirm(link.token);
    expect([late.statusCode, late.json().message]).toEqual([409, 'This order link has expired. Please ask the shop for a new one.']);
    // A refresh gives it the owner's hours again.
    expect((await t.api().as(admin).post(`chat-links/${link._id}/refresh`)).json().data.state).toBe('open');
    expect(await orderCount()).toBe(0);
  });

  it('texts the link to the buyer through the queue, and refuses without a mobile', async () => {
    const { admin, link } = await made();
    const sent = await t.api().as(admin).post(`chat-links/${link._id}/sms`);
    expect(sent.statusCode).toBe(200);
    const jobs = (await jobRows(t.database, t.config.JOBS_QUEUE)).filter((j) => j.name === 'sms.chat-link');
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.data).toMatchObject({ to: '01712345678' });
    expect(String(jobs[0]!.data.text)).toContain(link.url);
    const bare = await t.api().as(admin).post('chat-links', { customer: { name: 'No number' }, list_items: [{ product_id: link.lines[0].product_id, quantity: 1 }] });
    const refused = await t.api().as(admin).post(`chat-links/${bare.json().data._id}/sms`);
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'Enter the buyer’s mobile number to text the link.']);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const { admin, saree, link } = await made();
    const cases: [object, string][] = [
      [{ address: { ...buyer, name: ' ' }, consent: true }, "Enter the recipient's name"],
      [{ address: { ...buyer, mobile: '0171' }, consent: true }, 'Mobile number must be exactly 11 digits'],
      [{ address: buyer, consent: false }, 'Please agree to the terms and the use of your data to place the order.'],
    ];
    for (const [body, message] of cases) {
      const res = await confirm(link.token, body);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    const unknown = await confirm('no-such-token');
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'CHAT_LINK_NOT_FOUND']);
    const empty = await t.api().as(admin).post('chat-links', { customer: {}, list_items: [] });
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'Add at least one product.']);
    const over = await t.api().as(admin).post('chat-links', { customer: {}, list_items: [{ product_id: saree.id, quantity: 11 }] });
    expect([over.statusCode, over.json().message]).toEqual([409, 'Not enough stock for Jamdani Saree.']);
    expect(await orderCount()).toBe(0);
    expect((await t.database.db.select({ n: count() }).from(chatLinks))[0]!.n).toBe(1);
    expect(await stockOf(t.database.db, saree.id)).toBe(10);
  });

  it('is for staff who manage orders', async () => {
    const user = await makeUser(t.database.db, t.config);
    const p = await makeProduct(t.database.db);
    const res = await t.api().as(user).post('chat-links', { customer: {}, list_items: [{ product_id: p.id, quantity: 1 }] });
    expect(res.statusCode).toBe(403);
    expect((await t.database.db.select({ n: count() }).from(chatLinks))[0]!.n).toBe(0);
  });
});
