import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '@haat/shared/constants';
import type { Db } from '../src/db/client';
import { incompleteCheckouts, mobileCodes, orders, shopSettings, users } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { sweepIncompleteCheckouts } from '../src/modules/cod-risk/service';
import { newOrderCode } from '../src/modules/orders/service';
import { makeProduct, makeUser, stockOf, useTestApp, type TestUser } from './support';

/** Issue 26, decision 0062: fewer fake cash-on-delivery orders. */

const RISKY = '01712345678';
const NEWCOMER = '01912345678';
const guestAddress = (mobile: string) => ({ name: 'Rahim', address_line: 'Road 5, Mirpur', city: 'Dhaka', mobile });

/** A past order of this phone straight in the database (its status is the buyer's record). */
async function pastOrder(db: Db, phone: string, status: OrderStatus) {
  await db.insert(orders).values({
    id: newId(),
    orderId: newOrderCode(),
    status,
    paymentStatus: 'CASH-ON-DELIVERY',
    mobile: phone,
    subTotalAmount: 500,
    deliveryFee: 50,
    totalAmount: 550,
    guestDeliveryAddress: { address_line: 'Road 5, Mirpur', city: 'Dhaka', mobile: phone },
    stockReserved: false,
    createdAt: new Date(Date.now() - 40 * 86_400_000),
  });
}

describe('COD protection', () => {
  // The shop's default caps of open, unconfirmed COD orders (the test kit turns them off elsewhere).
  const t = useTestApp({ COD_OPEN_PER_MOBILE: '5/20', COD_OPEN_PER_ADDRESS: '10/40' });
  const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0]!.n;
  const guestCod = (productId: string, mobile: string, extra: object = {}) =>
    t.api().post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: productId, quantity: 1 }], guest_user_delivery_address: guestAddress(mobile), ...extra });
  /** The owner's rule as a shop that never saved it: the default (High Risk, or above ৳5,000). */
  const useDefaultRule = () => t.database.db.delete(shopSettings);
  let owner: TestUser;
  const admin = () => t.api().as(owner.token);
  const setup = async () => {
    owner = await makeUser(t.database.db, t.config, 'ADMIN');
  };
  /** The last SMS written to the outbox (no SMS settings in tests) for a number. */
  const lastSms = (mobile: string) => {
    const dir = path.join(t.config.DATA_DIR, 'outbox');
    return readdirSync(dir)
      .filter((f) => f.endsWith('.sms.json'))
      .sort()
      .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string; text: string })
      .filter((m) => m.to.endsWith(mobile.slice(1)))
      .at(-1)?.text;
  };

  describe('the owner’s rule for confirming a guest’s COD mobile', () => {
    it('defaults to High Risk or above ৳5,000, and saves only what is valid (400 naming the field)', async () => {
      await setup();
      await useDefaultRule();
      expect((await admin().get('cod/settings')).json().data).toEqual({ mode: 'rules', risk: 'high', above: 5000 });
      // The dashboard's low-stock level shares the row and keeps its value.
      expect((await admin().put('dashboard/settings', { lowStockThreshold: 9 })).statusCode).toBe(200);
      const cases: [object, string][] = [
        [{ mode: 'sometimes', risk: 'high', above: 5000 }, 'mode'],
        [{ mode: 'rules', risk: 'medium', above: 5000 }, 'risk'],
        [{ mode: 'rules', risk: 'high', above: -1 }, 'above'],
        [{ mode: 'rules', risk: 'high', above: 12.5 }, 'above'],
      ];
      for (const [body, field] of cases) {
        const res = await admin().put('cod/settings', body);
        expect([res.statusCode, res.json().code, res.json().params.field]).toEqual([400, 'VALIDATION', field]);
      }
      expect((await admin().get('cod/settings')).json().data).toEqual({ mode: 'rules', risk: 'high', above: 5000 });
      const saved = await admin().put('cod/settings', { mode: 'rules', risk: 'caution', above: '' });
      expect(saved.json()).toMatchObject({ success: true, message: 'Cash-on-delivery settings saved.', data: { mode: 'rules', risk: 'caution', above: null } });
      expect((await admin().get('cod/settings')).json().data).toEqual({ mode: 'rules', risk: 'caution', above: null });
      expect((await t.database.db.select({ n: shopSettings.lowStockThreshold }).from(shopSettings))[0]!.n).toBe(9);
      // Staff without settings.manage cannot change it.
      const orderStaff = await makeUser(t.database.db, t.config, 'ORDERS');
      expect((await t.api().as(orderStaff.token).put('cod/settings', { mode: 'never', risk: 'off', above: null })).statusCode).toBe(403);
    });

    it('asks a High Risk guest for the code and places nothing; the safe order is placed', async () => {
      await setup();
      await useDefaultRule();
      const p = await makeProduct(t.database.db, { name: 'Panjabi', price: 1200, stock: 5 });
      // Two returned of two: High Risk by the shop's own record.
      await pastOrder(t.database.db, RISKY, 'Return');
      await pastOrder(t.database.db, RISKY, 'Cancel');
      const before = await orderCount();

      const risky = await guestCod(p.id, RISKY);
      expect(risky.statusCode).toBe(409);
      expect(risky.json()).toMatchObject({ code: 'COD_CONFIRM_REQUIRED', data: null });
      expect(await orderCount()).toBe(before);
      expect(await stockOf(t.database.db, p.id)).toBe(5);

      // A newcomer's small order: no code.
      const safe = await guestCod(p.id, NEWCOMER);
      expect(safe.statusCode).toBe(201);
      expect(await stockOf(t.database.db, p.id)).toBe(4);

      // The risky phone paying by bKash, or a signed-in shopper: not asked.
      const wallet = await t.api().post('order', { method: 'bkash', transaction_id: '8N7A6D5CQ1', mobile: RISKY, list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: guestAddress(RISKY) });
      expect(wallet.statusCode).toBe(201);
    });

    it('asks above the total, always, never, and from Caution when the owner says so', async () => {
      await setup();
      await useDefaultRule();
      const cheap = await makeProduct(t.database.db, { price: 900, stock: 20 });
      const dear = await makeProduct(t.database.db, { price: 6000, stock: 20 });
      expect((await guestCod(dear.id, NEWCOMER)).json().code).toBe('COD_CONFIRM_REQUIRED');
      expect((await guestCod(cheap.id, NEWCOMER)).statusCode).toBe(201);

      await admin().put('cod/settings', { mode: 'always', risk: 'off', above: null });
      expect((await guestCod(cheap.id, NEWCOMER)).json().code).toBe('COD_CONFIRM_REQUIRED');

      await admin().put('cod/settings', { mode: 'never', risk: 'high', above: 5000 });
      expect((await guestCod(dear.id, NEWCOMER)).statusCode).toBe(201);

      // One delivered, one returned: Caution (50 %), asked only from Caution.
      const watched = '01812345670';
      await pastOrder(t.database.db, watched, 'Delivered');
      await pastOrder(t.database.db, watched, 'Return');
      await admin().put('cod/settings', { mode: 'rules', risk: 'high', above: null });
      expect((await guestCod(cheap.id, watched)).statusCode).toBe(201);
      await admin().put('cod/settings', { mode: 'rules', risk: 'caution', above: null });
      // (the Pending order just placed counts neither way: still 1 delivered of 2)
      expect((await guestCod(cheap.id, watched)).json().code).toBe('COD_CONFIRM_REQUIRED');
    });
    it('asks a signed-in account too unless the delivery mobile is its verified one (issue 41)', async () => {
      await setup();
      await admin().put('cod/settings', { mode: 'always', risk: 'off', above: null });
      const p = await makeProduct(t.database.db, { price: 500, stock: 5 });
      const shopper = await makeUser(t.database.db, t.config);
      const addressOf = async (mobile: string) => (await t.api().as(shopper.token).post('address/add-address', { name: 'Rahim', address_line: 'Road 5, Mirpur', city: 'Dhaka', mobile })).json().data._id as string;
      const order = (addressId: string) => t.api().as(shopper.token).post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], addressId });
      const home = await addressOf(NEWCOMER);
      // A new e-mail account, no verified mobile: asked, nothing placed, no stock held.
      expect((await order(home)).json().code).toBe('COD_CONFIRM_REQUIRED');
      // The account's mobile typed but never confirmed: still asked.
      await t.database.db.update(users).set({ mobile: NEWCOMER }).where(eq(users.id, shopper.id));
      expect((await order(home)).json().code).toBe('COD_CONFIRM_REQUIRED');
      expect(await orderCount()).toBe(0);
      expect(await stockOf(t.database.db, p.id)).toBe(5);
      // Verified: its own number is not asked; another number on the same account is.
      await t.database.db.update(users).set({ mobileVerifiedAt: new Date() }).where(eq(users.id, shopper.id));
      expect((await order(home)).statusCode).toBe(201);
      expect((await order(await addressOf(RISKY))).json().code).toBe('COD_CONFIRM_REQUIRED');
      expect(await orderCount()).toBe(1);
      expect(await stockOf(t.database.db, p.id)).toBe(4);
    });
  });

  describe('the confirmation step (the OTP core, purpose cod)', () => {
    /** The last SMS written to the outbox (no SMS settings in tests) for a number: its code. */
    const codeSentTo = (mobile: string) => {
      const dir = path.join(t.config.DATA_DIR, 'outbox');
      const texts = readdirSync(dir)
        .filter((f) => f.endsWith('.sms.json'))
        .sort()
        .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string; text: string })
        .filter((m) => m.to.endsWith(mobile.slice(1)));
      return texts.at(-1)?.text;
    };

    it('places the risky order with the right code, consumed with it; a wrong or expired code places nothing', async () => {
      await setup();
      await useDefaultRule();
      const p = await makeProduct(t.database.db, { name: 'Panjabi', price: 1200, stock: 5 });
      await pastOrder(t.database.db, RISKY, 'Return');
      const before = await orderCount();
      expect((await guestCod(p.id, RISKY)).json().code).toBe('COD_CONFIRM_REQUIRED');

      const sent = await t.api().post('order/cod-confirm/send', { mobile: '+8801712345678' });
      expect(sent.json()).toMatchObject({ success: true, data: { resend_after_seconds: 60 } });
      // A Bangla SMS naming the shop, with the code.
      const sms = codeSentTo(RISKY)!;
      expect(sms).toMatch(new RegExp(`^${t.config.SHOP_NAME}: আপনার অর্ডার নিশ্চিত করার কোড \\d{6}।`));
      const code = /(\d{6})/.exec(sms)![1]!;

      const wrong = code === '000000' ? '111111' : '000000';
      const refused = await guestCod(p.id, RISKY, { cod_otp: wrong });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'OTP_CODE_WRONG', params: { left: 4 } });
      // The wrong try counts although the order rolled back; nothing placed, no stock taken.
      expect((await t.database.db.select({ attempts: mobileCodes.attempts }).from(mobileCodes).where(eq(mobileCodes.mobile, RISKY)))[0]!.attempts).toBe(1);
      expect(await orderCount()).toBe(before);
      expect(await stockOf(t.database.db, p.id)).toBe(5);
      // A malformed code is a 400 naming the field.
      expect((await guestCod(p.id, RISKY, { cod_otp: '12' })).json().params.field).toBe('cod_otp');

      const placed = await guestCod(p.id, RISKY, { cod_otp: code });
      expect(placed.statusCode).toBe(201);
      expect(await stockOf(t.database.db, p.id)).toBe(4);
      // Used once: the same code again places nothing.
      const again = await guestCod(p.id, RISKY, { cod_otp: code });
      expect(again.json().code).toBe('OTP_CODE_EXPIRED');
      expect(await orderCount()).toBe(before + 1);
    });

    it('an expired code places nothing; five wrong tries lock the code', async () => {
      await setup();
      await admin().put('cod/settings', { mode: 'always', risk: 'off', above: null });
      const p = await makeProduct(t.database.db, { price: 500, stock: 5 });
      await t.api().post('order/cod-confirm/send', { mobile: NEWCOMER });
      const code = /(\d{6})/.exec(codeSentTo(NEWCOMER)!)![1]!;
      await t.database.db.update(mobileCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(mobileCodes.mobile, NEWCOMER));
      expect((await guestCod(p.id, NEWCOMER, { cod_otp: code })).json().code).toBe('OTP_CODE_EXPIRED');
      expect(await orderCount()).toBe(0);

      await t.database.db.delete(mobileCodes);
      await t.api().post('order/cod-confirm/send', { mobile: NEWCOMER });
      const fresh = /(\d{6})/.exec(codeSentTo(NEWCOMER)!)![1]!;
      const wrong = fresh === '000000' ? '111111' : '000000';
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await guestCod(p.id, NEWCOMER, { cod_otp: wrong })).json().code);
      expect(answers).toEqual(['OTP_CODE_WRONG', 'OTP_CODE_WRONG', 'OTP_CODE_WRONG', 'OTP_CODE_WRONG', 'OTP_CODE_LOCKED']);
      expect((await guestCod(p.id, NEWCOMER, { cod_otp: fresh })).json().code).toBe('OTP_CODE_LOCKED');
      expect(await orderCount()).toBe(0);
      expect(await stockOf(t.database.db, p.id)).toBe(5);
    });
  });

  describe('caps on open, unconfirmed COD orders (issue 41)', () => {
    const codOrder = (api: ReturnType<typeof t.api>, productId: string, mobile: string, quantity = 1, extra: object = {}) =>
      api.post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: productId, quantity }], guest_user_delivery_address: guestAddress(mobile), ...extra });

    it('one address places at most 10 open COD orders (40 units); the rest are refused and hold no stock', async () => {
      await setup();
      const p = await makeProduct(t.database.db, { price: 300, stock: 500, quantity: 50 });
      const attacker = t.api();
      const answers: string[] = [];
      // 35 orders of 3 units, each to another number, from one address (the route's rate limit stops the last 5).
      for (let i = 0; i < 35; i++) {
        const res = await codOrder(attacker, p.id, `0171100${String(1000 + i)}`, 3);
        answers.push(res.statusCode === 201 ? 'placed' : res.json().code);
        if (i === 10) {
          expect(res.statusCode).toBe(429);
          expect(res.json()).toMatchObject({ code: 'COD_OPEN_ADDRESS_CAP', params: { orders: 10, units: 40 }, data: null });
        }
      }
      expect(answers.filter((a) => a === 'placed')).toHaveLength(10);
      expect(new Set(answers.slice(10))).toEqual(new Set(['COD_OPEN_ADDRESS_CAP', 'TOO_MANY_ORDERS']));
      expect(await orderCount()).toBe(10);
      expect(await stockOf(t.database.db, p.id)).toBe(500 - 30);
      // Another address is not held back.
      expect((await codOrder(t.api(), p.id, '01711008888', 1)).statusCode).toBe(201);
    });

    it('one mobile has at most 5 open COD orders or 20 units, from any address; a confirmed or handled order frees it', async () => {
      await setup();
      const p = await makeProduct(t.database.db, { price: 300, stock: 500, quantity: 50 });
      for (let i = 0; i < 5; i++) expect((await codOrder(t.api(), p.id, NEWCOMER)).statusCode).toBe(201);
      const refused = await codOrder(t.api(), p.id, NEWCOMER);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'COD_OPEN_MOBILE_CAP', params: { orders: 5, units: 20 }, message: expect.stringContaining('at most 5 orders or 20 items') });
      expect(await orderCount()).toBe(5);
      expect(await stockOf(t.database.db, p.id)).toBe(495);
      // Units count too: 19 in one order, then 2 more is over 20.
      expect((await codOrder(t.api(), p.id, RISKY, 19)).statusCode).toBe(201);
      expect((await codOrder(t.api(), p.id, RISKY, 2)).json().code).toBe('COD_OPEN_MOBILE_CAP');
      expect((await codOrder(t.api(), p.id, RISKY, 1)).statusCode).toBe(201);
      expect(await stockOf(t.database.db, p.id)).toBe(475);

      // The shop handles one (Received): a place frees.
      const [first] = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.mobile, NEWCOMER)).limit(1);
      await t.database.db.update(orders).set({ status: 'Received' }).where(eq(orders.id, first!.id));
      expect((await codOrder(t.api(), p.id, NEWCOMER)).statusCode).toBe(201);
      expect((await codOrder(t.api(), p.id, NEWCOMER)).json().code).toBe('COD_OPEN_MOBILE_CAP');
      // Orders older than 3 days no longer count.
      const [pending] = await t.database.db.select({ id: orders.id }).from(orders).where(and(eq(orders.mobile, NEWCOMER), eq(orders.status, 'Pending'))).limit(1);
      await t.database.db.update(orders).set({ createdAt: new Date(Date.now() - 4 * 86_400_000) }).where(eq(orders.id, pending!.id));
      expect((await codOrder(t.api(), p.id, NEWCOMER)).statusCode).toBe(201);

      // A code-confirmed order is the number's own: not held back, and not counted.
      await admin().put('cod/settings', { mode: 'always', risk: 'off', above: null });
      const shopper = t.api();
      await shopper.post('order/cod-confirm/send', { mobile: RISKY });
      const code = /(\d{6})/.exec(lastSms(RISKY)!)![1]!;
      const confirmed = await codOrder(shopper, p.id, RISKY, 5, { cod_otp: code });
      expect(confirmed.statusCode).toBe(201);
      expect((await t.database.db.select({ c: orders.codConfirmed, ip: orders.clientIp }).from(orders).where(eq(orders.id, confirmed.json().data._id)))[0]).toEqual({ c: true, ip: shopper.ip });
    });

    it('parallel orders of one mobile cannot pass the cap together', async () => {
      await setup();
      const p = await makeProduct(t.database.db, { price: 300, stock: 500, quantity: 50 });
      const answers = await Promise.all(Array.from({ length: 9 }, () => codOrder(t.api(), p.id, NEWCOMER)));
      expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(5);
      expect(answers.filter((r) => r.json().code === 'COD_OPEN_MOBILE_CAP')).toHaveLength(4);
      expect(await stockOf(t.database.db, p.id)).toBe(495);
    });
  });

  describe('blocked mobiles', () => {
    it('the owner blocks a mobile with a reason; its COD order is refused in plain words, bKash still works', async () => {
      await setup();
      const p = await makeProduct(t.database.db, { name: 'Lungi', price: 450, stock: 5 });
      const blocked = await admin().post('cod/blocks', { mobile: '+880 1712-345678', reason: 'Refused three parcels' });
      expect(blocked.statusCode).toBe(201);
      expect(blocked.json().data).toMatchObject({ mobile: RISKY, reason: 'Refused three parcels' });
      // Bengali digits name the same number: the reason is replaced, still one block.
      await admin().post('cod/blocks', { mobile: '০১৭১২৩৪৫৬৭৮', reason: 'Fake orders' });
      expect((await admin().get('cod/blocks')).json().data).toMatchObject([{ mobile: RISKY, reason: 'Fake orders' }]);
      for (const [body, field] of [
        [{ mobile: '01712', reason: 'x' }, 'mobile'],
        [{ mobile: NEWCOMER, reason: '  ' }, 'reason'],
        [{ mobile: NEWCOMER, reason: 'x'.repeat(301) }, 'reason'],
      ] as const) {
        const res = await admin().post('cod/blocks', body);
        expect([res.statusCode, res.json().params.field]).toEqual([400, field]);
      }
      expect((await admin().get('cod/blocks')).json().data).toHaveLength(1);

      const refused = await guestCod(p.id, RISKY);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'COD_BLOCKED', message: 'Cash on delivery is not available for this mobile number. Please pay by bKash instead.', data: null });
      expect(await orderCount()).toBe(0);
      expect(await stockOf(t.database.db, p.id)).toBe(5);
      const wallet = await t.api().post('order', { method: 'bkash', transaction_id: '8N7A6D5CQ1', mobile: RISKY, list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: guestAddress(RISKY) });
      expect(wallet.statusCode).toBe(201);

      expect((await admin().delete(`cod/blocks/${RISKY}`)).statusCode).toBe(200);
      expect((await admin().delete(`cod/blocks/${RISKY}`)).json().code).toBe('COD_BLOCK_NOT_FOUND');
      expect((await guestCod(p.id, RISKY)).statusCode).toBe(201);
      // Staff without settings.manage neither see nor change the list.
      const packer = await makeUser(t.database.db, t.config, 'PACKER');
      expect((await t.api().as(packer.token).get('cod/blocks')).statusCode).toBe(403);
    });
  });

  describe('duplicates', () => {
    it('flags an order of the same mobile with the same items within 24 hours on the admin’s list', async () => {
      await setup();
      const a = await makeProduct(t.database.db, { price: 300, stock: 50 });
      const b = await makeProduct(t.database.db, { price: 400, stock: 50 });
      const place = (mobile: string, lines: { product_id: string; quantity: number }[]) =>
        t.api().post('order', { method: 'CASH-ON-DELIVERY', list_items: lines, guest_user_delivery_address: guestAddress(mobile) });
      const first = (await place(NEWCOMER, [{ product_id: a.id, quantity: 1 }, { product_id: b.id, quantity: 2 }])).json().data;
      // The same lines in another order and spelling of the phone: a duplicate.
      const second = (await place('+8801912345678', [{ product_id: b.id, quantity: 2 }, { product_id: a.id, quantity: 1 }])).json().data;
      const otherItems = (await place(NEWCOMER, [{ product_id: a.id, quantity: 2 }])).json().data;
      const otherPhone = (await place(RISKY, [{ product_id: a.id, quantity: 1 }, { product_id: b.id, quantity: 2 }])).json().data;
      const list = async () => new Map(((await admin().get('order/get-all-order?page=1')).json().data as { _id: string; duplicate_of: string | null }[]).map((o) => [o._id, o.duplicate_of]));
      let flags = await list();
      expect(flags.get(second._id)).toBe(first.orderId);
      expect(flags.get(first._id)).toBe(second.orderId);
      expect(flags.get(otherItems._id)).toBeNull();
      expect(flags.get(otherPhone._id)).toBeNull();
      // More than 24 hours apart: not a duplicate.
      await t.database.db.update(orders).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(orders.id, first._id));
      flags = await list();
      expect(flags.get(first._id)).toBeNull();
      expect(flags.get(second._id)).toBeNull();
    });
  });

  describe('incomplete checkouts', () => {
    it('are kept per mobile from the checkout, listed for the owner, and end when an order is placed', async () => {
      await setup();
      const saree = await makeProduct(t.database.db, { name: 'Jamdani Saree', nameBn: 'জামদানি শাড়ি', price: 5000, discount: 10, stock: 5 });
      const fan = await makeProduct(t.database.db, { name: 'Walton Fan', price: 3000, stock: 5 });
      const shopper = t.api();
      const sent = await shopper.post('order/incomplete', { mobile: '০১৯১২৩৪৫৬৭৮', list_items: [{ product_id: saree.id, quantity: 1 }] }, { headers: { 'accept-language': 'bn' } });
      expect(sent.statusCode).toBe(200);
      // The cart changed before the shopper left: still one entry, the newest cart.
      await shopper.post('order/incomplete', { mobile: NEWCOMER, list_items: [{ product_id: saree.id, quantity: 2 }, { product_id: fan.id, quantity: 1 }, { product_id: 'nosuchproduct', quantity: 1 }] }, { headers: { 'accept-language': 'bn' } });
      await shopper.post('order/incomplete', { mobile: RISKY, list_items: [{ product_id: fan.id, quantity: 1 }], lang: 'en' });
      const list = (await admin().get('order/incomplete')).json().data;
      expect(list).toHaveLength(2);
      expect(list.find((e: { mobile: string }) => e.mobile === NEWCOMER)).toMatchObject({
        lang: 'bn',
        lines: [
          { product_id: saree.id, name: 'Jamdani Saree', name_bn: 'জামদানি শাড়ি', unit_price: 4500, quantity: 2 },
          { product_id: fan.id, name: 'Walton Fan', unit_price: 3000, quantity: 1 },
        ],
        subtotal: 12000,
      });
      // Bad input: 400 naming the field, nothing stored.
      for (const [body, field] of [
        [{ mobile: '12345', list_items: [{ product_id: fan.id, quantity: 1 }] }, 'mobile'],
        [{ mobile: NEWCOMER, list_items: [] }, 'list_items'],
        [{ mobile: NEWCOMER, list_items: [{ product_id: fan.id, quantity: 0 }] }, 'list_items.0.quantity'],
      ] as const) {
        const res = await shopper.post('order/incomplete', body);
        expect([res.statusCode, res.json().params.field]).toEqual([400, field]);
      }
      expect((await admin().get('order/incomplete')).json().data).toHaveLength(2);
      // Shoppers and staff without orders.manage do not see it.
      const user = await makeUser(t.database.db, t.config);
      expect((await t.api().as(user.token).get('order/incomplete')).statusCode).toBe(403);

      // The owner turns one into a phone order in one step: its mobile and cart, the name and address asked on the phone.
      const entry = list.find((e: { mobile: string }) => e.mobile === NEWCOMER);
      const bad = await admin().post(`order/incomplete/${entry._id}/place`, { customer: { name: '', address_line: 'Zindabazar', city: 'Sylhet' }, method: 'CASH-ON-DELIVERY' });
      expect([bad.statusCode, bad.json().params.field]).toEqual([400, 'customer.name']);
      const phoneOrder = await admin().post(`order/incomplete/${entry._id}/place`, { customer: { name: 'Karim', address_line: 'Zindabazar', city: 'Sylhet' }, method: 'CASH-ON-DELIVERY' });
      expect(phoneOrder.statusCode).toBe(201);
      expect(phoneOrder.json().data).toMatchObject({ source: 'admin', customer_name: 'Karim', mobile: NEWCOMER, total_amount: 12100, product_details: [{ quantity: expect.any(Number) }, { quantity: expect.any(Number) }] });
      expect(await stockOf(t.database.db, saree.id)).toBe(3);
      expect((await admin().get('order/incomplete')).json().data.map((e: { mobile: string }) => e.mobile)).toEqual([RISKY]);
      expect((await admin().post(`order/incomplete/${entry._id}/place`, { customer: { name: 'Karim', address_line: 'Zindabazar', city: 'Sylhet' }, method: 'CASH-ON-DELIVERY' })).json().code).toBe('INCOMPLETE_CHECKOUT_NOT_FOUND');
      // The shopper who comes back and orders ends their own entry too.
      expect((await guestCod(fan.id, RISKY)).statusCode).toBe(201);
      expect((await admin().get('order/incomplete')).json().data).toEqual([]);

      // A dismissed one goes; a second dismissal is a 404.
      await shopper.post('order/incomplete', { mobile: NEWCOMER, list_items: [{ product_id: fan.id, quantity: 1 }] });
      const [left] = (await admin().get('order/incomplete')).json().data;
      expect((await admin().delete(`order/incomplete/${left._id}`)).statusCode).toBe(200);
      expect((await admin().delete(`order/incomplete/${left._id}`)).json().code).toBe('INCOMPLETE_CHECKOUT_NOT_FOUND');
    });

    it('are kept per mobile and browser, capped per mobile and address, and paged for the owner (issue 41)', async () => {
      await setup();
      const fan = await makeProduct(t.database.db, { name: 'Walton Fan', price: 3000, stock: 5 });
      const report = (api: ReturnType<typeof t.api>, mobile: string, quantity: number, browser?: string) =>
        api.post('order/incomplete', { mobile, list_items: [{ product_id: fan.id, quantity }], ...(browser ? { browser_id: browser } : {}) });
      const entries = async () => (await t.database.db.select().from(incompleteCheckouts)).map((r) => ({ mobile: r.phone, browser: r.browserId, quantity: r.lines[0]!.quantity }));
      // The shopper's browser, then a stranger typing the same mobile: the shopper's cart stays as it was.
      expect((await report(t.api(), NEWCOMER, 2, 'shopper-browser-000001')).statusCode).toBe(200);
      expect((await report(t.api(), NEWCOMER, 9)).statusCode).toBe(200);
      expect((await report(t.api(), NEWCOMER, 8, 'stranger-browser-00001')).statusCode).toBe(200);
      expect(await entries()).toEqual(expect.arrayContaining([{ mobile: NEWCOMER, browser: 'shopper-browser-000001', quantity: 2 }]));
      // A fourth browser for the mobile is refused, nothing changes; a browser already there still updates its own.
      const fourth = await report(t.api(), NEWCOMER, 7, 'stranger-browser-00002');
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toMatchObject({ code: 'INCOMPLETE_CHECKOUT_MOBILE_CAP', params: { n: 3 }, data: null });
      expect(await entries()).toHaveLength(3);
      expect((await report(t.api(), NEWCOMER, 3, 'shopper-browser-000001')).statusCode).toBe(200);
      expect(await entries()).toEqual(expect.arrayContaining([{ mobile: NEWCOMER, browser: 'shopper-browser-000001', quantity: 3 }]));
      const bad = await report(t.api(), NEWCOMER, 1, 'short');
      expect([bad.statusCode, bad.json().params.field]).toEqual([400, 'browser_id']);

      // One address makes at most 10 new entries a day.
      const flooder = t.api();
      for (let i = 0; i < 10; i++) expect((await report(flooder, `0171200${String(1000 + i)}`, 1)).statusCode).toBe(200);
      const over = await report(flooder, '01712009999', 1);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ code: 'INCOMPLETE_CHECKOUT_ADDRESS_CAP', params: { n: 10 } });
      expect(await entries()).toHaveLength(13);
      for (let i = 0; i < 12; i++) expect((await report(t.api(), `0171300${String(1000 + i)}`, 1)).statusCode).toBe(200);

      // 25 entries: the owner's list pages them, 20 a page, newest first.
      const first = (await admin().get('order/incomplete')).json();
      expect(first.data).toHaveLength(20);
      expect(first.pagination).toEqual({ page: 1, pageSize: 20, totalPages: 2, totalCount: 25 });
      expect(first.data[0].mobile).toBe('01713001011');
      const second = (await admin().get('order/incomplete?page=2')).json();
      expect(second.data).toHaveLength(5);
      expect(new Set([...first.data, ...second.data].map((e: { _id: string }) => e._id)).size).toBe(25);
      expect((await admin().get('order/incomplete?page=0')).statusCode).toBe(400);

      // The shopper's order ends every entry of the mobile.
      expect((await guestCod(fan.id, NEWCOMER)).statusCode).toBe(201);
      expect((await entries()).filter((e) => e.mobile === NEWCOMER)).toEqual([]);
    });

    it('keep the name, address and city the shopper typed for the phone order, and say a mobile blocked from COD (issue 42)', async () => {
      await setup();
      const fan = await makeProduct(t.database.db, { name: 'Walton Fan', price: 3000, stock: 5 });
      const SHOPPER = 'shopper-browser-000042';
      const report = (body: object) => t.api().post('order/incomplete', { mobile: NEWCOMER, list_items: [{ product_id: fan.id, quantity: 1 }], ...body });
      const listed = async () => (await admin().get('order/incomplete')).json().data as { _id: string; mobile: string; name: string; address_line: string; city: string; cod_block: { reason: string } | null }[];
      // The mobile first (the address dialog's mobile left before the rest), then the whole address.
      expect((await report({ browser_id: SHOPPER })).statusCode).toBe(200);
      expect(await listed()).toMatchObject([{ mobile: NEWCOMER, name: '', address_line: '', city: '', cod_block: null }]);
      expect((await report({ browser_id: SHOPPER, name: '  Karim Uddin ', address_line: 'House 4, Road 2, Zindabazar', city: 'Sylhet' })).statusCode).toBe(200);
      // A later report without them (the cart changed) keeps them; a field given again replaces it.
      expect((await report({ browser_id: SHOPPER, list_items: [{ product_id: fan.id, quantity: 2 }], city: 'সিলেট' })).statusCode).toBe(200);
      const [mine] = await listed();
      expect(mine).toMatchObject({ name: 'Karim Uddin', address_line: 'House 4, Road 2, Zindabazar', city: 'সিলেট', lines: [{ quantity: 2 }] });

      // A stranger typing the same mobile: their own entry, never the shopper's name or address; a client naming
      // no browser (anyone's entry) keeps no name or address at all.
      expect((await report({ browser_id: 'stranger-browser-0042', name: 'Stranger', address_line: 'Elsewhere', city: 'Dhaka' })).statusCode).toBe(200);
      expect((await report({ name: 'Nobody', address_line: 'Nowhere', city: 'Khulna' })).statusCode).toBe(200);
      const rows = await t.database.db.select().from(incompleteCheckouts).where(eq(incompleteCheckouts.phone, NEWCOMER));
      expect(rows.map((r) => [r.browserId, r.name, r.addressLine, r.city]).sort()).toEqual([
        ['', '', '', ''],
        [SHOPPER, 'Karim Uddin', 'House 4, Road 2, Zindabazar', 'সিলেট'],
        ['stranger-browser-0042', 'Stranger', 'Elsewhere', 'Dhaka'],
      ]);

      // Over the address form's limits: 400 naming the field, nothing changed.
      for (const [body, field] of [
        [{ name: 'n'.repeat(101) }, 'name'],
        [{ address_line: 'a'.repeat(301) }, 'address_line'],
        [{ city: 'c'.repeat(101) }, 'city'],
        [{ city: 42 }, 'city'],
      ] as const) {
        const res = await report({ browser_id: SHOPPER, ...body });
        expect([res.statusCode, res.json().params.field]).toEqual([400, field]);
      }
      expect((await t.database.db.select().from(incompleteCheckouts).where(eq(incompleteCheckouts.browserId, SHOPPER)))[0]).toMatchObject({ name: 'Karim Uddin', city: 'সিলেট' });
      // The caps still hold for reports that carry an address: a fourth browser for the mobile is refused.
      const fourth = await report({ browser_id: 'fourth-browser-000042', name: 'Fourth' });
      expect([fourth.statusCode, fourth.json().code]).toEqual([429, 'INCOMPLETE_CHECKOUT_MOBILE_CAP']);

      // The owner blocks the mobile from COD: its entries say so, with the reason; unblocked, they do not.
      expect((await admin().post('cod/blocks', { mobile: NEWCOMER, reason: 'Refused 3 parcels' })).statusCode).toBe(201);
      expect((await listed()).map((e) => e.cod_block)).toEqual([{ reason: 'Refused 3 parcels' }, { reason: 'Refused 3 parcels' }, { reason: 'Refused 3 parcels' }]);
      expect((await admin().delete(`cod/blocks/${NEWCOMER}`)).statusCode).toBe(200);
      expect((await listed()).map((e) => e.cod_block)).toEqual([null, null, null]);

      // "Make phone order" with what was typed places it to that name and address.
      const entry = (await listed()).find((e) => e.name === 'Karim Uddin')!;
      const placed = await admin().post(`order/incomplete/${entry._id}/place`, { customer: { name: entry.name, address_line: entry.address_line, city: entry.city }, method: 'CASH-ON-DELIVERY' });
      expect(placed.statusCode, placed.body).toBe(201);
      expect(placed.json().data).toMatchObject({ source: 'admin', customer_name: 'Karim Uddin', guest_user_delivery_address: { address_line: 'House 4, Road 2, Zindabazar', city: 'সিলেট', mobile: NEWCOMER } });
    });

    it('are deleted by the periodic sweep once 30 days old', async () => {
      await setup();
      const fan = await makeProduct(t.database.db, { price: 3000, stock: 5 });
      await t.api().post('order/incomplete', { mobile: NEWCOMER, list_items: [{ product_id: fan.id, quantity: 1 }] });
      await t.api().post('order/incomplete', { mobile: RISKY, list_items: [{ product_id: fan.id, quantity: 1 }] });
      const day = 86_400_000;
      await t.database.db.update(incompleteCheckouts).set({ updatedAt: new Date(Date.now() - 31 * day) }).where(eq(incompleteCheckouts.phone, NEWCOMER));
      await t.database.db.update(incompleteCheckouts).set({ updatedAt: new Date(Date.now() - 29 * day) }).where(eq(incompleteCheckouts.phone, RISKY));
      expect(await sweepIncompleteCheckouts(t.database.db)).toBe(1);
      expect((await admin().get('order/incomplete')).json().data.map((e: { mobile: string }) => e.mobile)).toEqual([RISKY]);
    });
  });
});
