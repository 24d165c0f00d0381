import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderItems, orders, productCategories, promotions, promotionUses } from '../src/db/schema';
import { sweepExpiredPayments } from '../src/modules/payments/bkash';
import { deviceCookie } from '../src/modules/otp/index';
import { loadPromotionContext, priceOrderPromotions } from '../src/modules/promotions/index';
import type { PromotionInput, PromotionQuoteInput, PromotionScope } from '@haat/shared/schemas/promotion';
import { startFakeBkash, type FakeBkash } from './fakes/bkash';
import { dhakaGuest, makeAddress, makeCategory, makeProduct, makeUser, stockOf, useTestApp, type TestContext, type TestUser } from './support';

/**
 * Issue 22 (decision 0059): promotions priced and counted by the server, in
 * the order's transaction. Every rule through the API, on the real database.
 */

const DAY = 86_400_000;
const running = () => ({ starts_at: new Date(Date.now() - DAY).toISOString(), ends_at: new Date(Date.now() + 7 * DAY).toISOString() });

let ip = 0;
function helpers(t: TestContext) {
  let admin: TestUser | null = null;
  // The tables are emptied before each test: a new admin each time.
  beforeEach(() => {
    admin = null;
  });
  const asAdmin = async () => t.api().as((admin ??= await makeUser(t.database.db, t.config, 'ADMIN')));
  const create = async (body: Partial<PromotionInput> | object) => {
    const full: PromotionInput = { name: 'Eid offer', name_bn: 'ঈদ অফার', kind: 'percent', value: 10, ...running(), ...body };
    return (await asAdmin()).post('promotion', full);
  };
  const promo = async (body: object) => {
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { _id: string; code: string | null };
  };
  const order = (body: object, who?: TestUser) => {
    const api = t.api().from(`10.22.${Math.floor(++ip / 250)}.${ip % 250}`);
    return (who ? api.as(who) : api).post('order', { method: 'CASH-ON-DELIVERY', guest_user_delivery_address: dhakaGuest, ...body });
  };
  const uses = async (promotionId: string) => (await t.database.db.select().from(promotionUses).where(eq(promotionUses.promotionId, promotionId))).filter((u) => u.releasedAt === null).length;
  return { asAdmin, create, promo, order, uses };
}

describe('promotions: the owner', () => {
  const t = useTestApp();
  const h = helpers(t);
  it('creates, lists, edits, pauses and resumes a promotion; codes are stored upper case with Bengali digits as ASCII', async () => {
    const res = await h.create({ code: ' eid২০২৬ ', min_subtotal: 500, usage_limit: 10, per_customer_limit: 1, combines: true });
    expect(res.statusCode).toBe(201);
    const made = res.json().data;
    expect(made).toMatchObject({ name: 'Eid offer', name_bn: 'ঈদ অফার', code: 'EID2026', kind: 'percent', value: 10, scope: { kind: 'order', ids: [] }, usage_limit: 10, per_customer_limit: 1, combines: true, active: true, used: 0 });
    const admin = await h.asAdmin();
    const edited = await admin.put(`promotion/${made._id}`, { name: 'Eid sale', kind: 'fixed', value: 100, min_subtotal: 500, code: 'EID2026', ...running() });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Eid sale', kind: 'fixed', value: 100, usage_limit: null });
    const paused = await admin.put(`promotion/${made._id}/active`, { active: false });
    expect(paused.json().data.active).toBe(false);
    expect((await admin.put(`promotion/${made._id}/active`, { active: true })).json().data.active).toBe(true);
    const list = await admin.get('promotion?days=7');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining({ _id: made._id, name: 'Eid sale', stats: { orders: 0, discount_taka: 0, sales_taka: 0 } })]);
    expect((await t.api().get('promotion')).statusCode).toBe(401);
    expect((await admin.put('promotion/nosuchid00/active', { active: false })).json().code).toBe('PROMOTION_NOT_FOUND');
  });

  it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
    const product = await makeProduct(t.database.db);
    await h.promo({ code: 'TAKEN' });
    const cases: [object, string][] = [
      [{ starts_at: '2026-04-05T00:00:00+06:00', ends_at: '2026-04-01T00:00:00+06:00' }, 'ends_at'],
      [{ value: 101 }, 'value'],
      [{ kind: 'fixed', value: 600, min_subtotal: 500 }, 'value'],
      [{ scope: { kind: 'products', ids: [product.id, 'unknownid0000000'] } }, 'scope.ids'],
      [{ scope: { kind: 'categories', ids: ['unknownid0000000'] } }, 'scope.ids'],
      [{ code: 'taken' }, 'code'],
    ];
    for (const [body, field] of cases) {
      const res = await h.create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      // A schema's refusal names the field in params.field; the server's own codes in the message.
      const answer = res.json();
      expect(answer.code === 'VALIDATION' ? answer.params.field : answer.message, JSON.stringify(body)).toContain(field);
    }
    expect((await h.create({ code: 'taken' })).json()).toMatchObject({ code: 'PROMO_CODE_TAKEN', params: { field: 'code', code: 'TAKEN' } });
    expect(await t.database.db.select().from(promotions)).toHaveLength(1);
  });
});

describe('promotions: the shopper', () => {
  const t = useTestApp();
  const h = helpers(t);

  it('shows automatic offers and quotes a cart with a code, as the order then charges it', async () => {
    const p = await makeProduct(t.database.db, { price: 600, stock: 50 });
    const auto = await h.promo({ name: 'Free delivery', kind: 'free_delivery', value: 0, min_subtotal: 1500, combines: true });
    await h.promo({ code: 'TEN', value: 10, combines: true });
    const offers = await t.api().get('promotion/offers');
    expect(offers.json().data).toEqual([expect.objectContaining({ _id: auto._id, kind: 'free_delivery', min_subtotal: 1500 })]);

    const asked: PromotionQuoteInput = { list_items: [{ product_id: p.id, quantity: 2 }], code: 'ten' };
    const quote = await t.api().post('promotion/quote', asked);
    expect(quote.json().data).toEqual({
      subtotal: 1200,
      lines: [expect.objectContaining({ name: 'Eid offer', code: 'TEN', kind: 'percent', saving: 120 })],
      discount: 120,
      delivery_fee: 50,
      delivery_saving: 0,
      total: 1130,
      free_delivery_remaining: 300,
      code_error: null,
    });
    const placed = await h.order({ list_items: [{ product_id: p.id, quantity: 2 }], voucher_code: 'ten' });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data).toMatchObject({ subTotal_amount: 1200, discount_total: 120, delivery_fee: 50, total_amount: 1130, promotions: [{ name: 'Eid offer', name_bn: 'ঈদ অফার', code: 'TEN', kind: 'percent', saving: 120 }] });
    expect(placed.json().data.product_details[0]).toMatchObject({ unit_price: 600, quantity: 2, promotion_discount: 120 });

    // Over the threshold the automatic free delivery joins; a client's own figures are ignored.
    const big = await h.order({ list_items: [{ product_id: p.id, quantity: 3 }], voucher_code: 'TEN', total_amount: 1, subTotal_amount: 1 });
    expect(big.json().data).toMatchObject({ subTotal_amount: 1800, discount_total: 180, delivery_fee: 0, total_amount: 1620 });
    expect(big.json().data.promotions.map((x: { kind: string; saving: number }) => [x.kind, x.saving])).toEqual([['percent', 180], ['free_delivery', 50]]);
  });

  it('prices an old client that sends no code with the automatic promotions, and keeps each line’s share', async () => {
    const [a, b] = [await makeProduct(t.database.db, { price: 333 }), await makeProduct(t.database.db, { price: 667 })];
    await h.promo({ value: 10 });
    const res = await h.order({ list_items: [{ product_id: a.id, quantity: 1 }, { product_id: b.id, quantity: 1 }] });
    expect(res.json().data).toMatchObject({ subTotal_amount: 1000, discount_total: 100, total_amount: 950 });
    const shares = (await t.database.db.select().from(orderItems)).map((i) => [i.unitPrice, i.promotionDiscount]).sort((x, y) => x[0]! - y[0]!);
    expect(shares).toEqual([[333, 33], [667, 67]]);
  });

  it('refuses each bad code with its reason in the quote and as a 400 that stores nothing', async () => {
    const shoes = await makeCategory(t.database.db);
    const p = await makeProduct(t.database.db, { price: 400, stock: 10 });
    const soon = { starts_at: new Date(Date.now() + DAY).toISOString(), ends_at: new Date(Date.now() + 2 * DAY).toISOString() };
    const past = { starts_at: new Date(Date.now() - 2 * DAY).toISOString(), ends_at: new Date(Date.now() - DAY).toISOString() };
    await h.promo({ code: 'SOON', ...soon });
    await h.promo({ code: 'PAST', ...past });
    await h.promo({ code: 'MIN', min_subtotal: 550 });
    await h.promo({ code: 'SHOES', scope: { kind: 'categories', ids: [shoes.id] } });
    const paused = await h.promo({ code: 'PAUSED' });
    await (await h.asAdmin()).put(`promotion/${paused._id}/active`, { active: false });
    const expectations: [string, string, object][] = [
      ['nope', 'PROMO_UNKNOWN', { code: 'NOPE' }],
      ['soon', 'PROMO_NOT_STARTED', { code: 'SOON' }],
      ['past', 'PROMO_ENDED', { code: 'PAST' }],
      ['min', 'PROMO_BELOW_MINIMUM', { code: 'MIN', needed: 150, minimum: 550 }],
      ['shoes', 'PROMO_NOT_FOR_THESE_PRODUCTS', { code: 'SHOES' }],
      ['paused', 'PROMO_PAUSED', { code: 'PAUSED' }],
    ];
    for (const [code, error, params] of expectations) {
      const quote = (await t.api().post('promotion/quote', { list_items: [{ product_id: p.id, quantity: 1 }], code })).json().data;
      expect(quote.code_error, code).toMatchObject({ code: error, params });
      expect(quote.total).toBe(450);
      const res = await h.order({ list_items: [{ product_id: p.id, quantity: 1 }], voucher_code: code });
      expect([res.statusCode, res.json().code], code).toEqual([400, error]);
    }
    expect((await h.order({ list_items: [{ product_id: p.id, quantity: 1 }], voucher_code: 'min' })).json().message).toBe('Add 150 taka more to use the voucher MIN (minimum order 550 taka).');
    expect(await t.database.db.select().from(orders)).toHaveLength(0);
    expect(await t.database.db.select().from(promotionUses)).toHaveLength(0);
    expect(await stockOf(t.database.db, p.id)).toBe(10);
  });

  it('prices a phone order (POST /order/manual) with a voucher code, and the invoice data names it', async () => {
    const p = await makeProduct(t.database.db, { price: 500 });
    await h.promo({ code: 'PHONE50', kind: 'fixed', value: 50, min_subtotal: 500 });
    const admin = await h.asAdmin();
    const res = await admin.post('order/manual', { customer: { name: 'Rahim', ...dhakaGuest }, list_items: [{ product_id: p.id, quantity: 1 }], method: 'CASH-ON-DELIVERY', voucher_code: 'phone৫০' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ source: 'admin', discount_total: 50, total_amount: 500, promotions: [{ code: 'PHONE50', saving: 50 }] });
    const printed = await admin.get(`order/print?ids=${res.json().data._id}`);
    expect(printed.json().data[0]).toMatchObject({ discount_total: 50, promotions: [{ code: 'PHONE50' }] });
    const listed = await admin.get('order/get-all-order');
    expect(listed.json().data[0]).toMatchObject({ discount_total: 50, promotions: [{ code: 'PHONE50' }] });
  });

  it('does not stack a promotion that does not combine: the shopper gets the best option, and a code that loses to it is refused', async () => {
    const p = await makeProduct(t.database.db, { price: 1000, stock: 20 });
    await h.promo({ name: 'Eid 20', value: 20, combines: false });
    await h.promo({ name: 'Small', value: 5, combines: true });
    await h.promo({ name: 'Voucher', code: 'TEN', value: 10, combines: true });
    const plain = await h.order({ list_items: [{ product_id: p.id, quantity: 1 }] });
    expect(plain.json().data).toMatchObject({ discount_total: 200, promotions: [{ name: 'Eid 20', saving: 200 }] });
    const coded = await h.order({ list_items: [{ product_id: p.id, quantity: 1 }], voucher_code: 'TEN' });
    expect([coded.statusCode, coded.json().code, coded.json().params]).toEqual([400, 'PROMO_NOT_COMBINABLE', { code: 'TEN', offer: 'Eid 20' }]);
    // Buy 2 get 1 free, combining with the others: the free unit first, then 10 % and 5 % of what is left.
    const bxgy = await h.promo({ name: 'B2G1', kind: 'bxgy', value: 100, buy_qty: 2, get_qty: 1, combines: true, scope: { kind: 'products', ids: [p.id] } });
    const three = await h.order({ list_items: [{ product_id: p.id, quantity: 3 }], voucher_code: 'ten' });
    expect(three.json().data).toMatchObject({ subTotal_amount: 3000, discount_total: 1000 + 200 + 90, total_amount: 3000 - 1290 + 50 });
    expect(three.json().data.promotions.map((x: { name: string; saving: number }) => [x.name, x.saving])).toEqual([['B2G1', 1000], ['Voucher', 200], ['Small', 90]]);
    expect(await h.uses(bxgy._id)).toBe(1);
  });

  it('applies a category-scoped code only to that category’s lines', async () => {
    const shoes = await makeCategory(t.database.db);
    const [shoe, shirt] = [await makeProduct(t.database.db, { price: 500 }), await makeProduct(t.database.db, { price: 700 })];
    await t.database.db.insert(productCategories).values({ productId: shoe.id, categoryId: shoes.id });
    const scope: PromotionScope = { kind: 'categories', ids: [shoes.id] };
    await h.promo({ code: 'SHOES', kind: 'fixed', value: 100, min_subtotal: 100, scope });
    const res = await h.order({ list_items: [{ product_id: shoe.id, quantity: 1 }, { product_id: shirt.id, quantity: 1 }], voucher_code: 'shoes' });
    expect(res.json().data).toMatchObject({ subTotal_amount: 1200, discount_total: 100, total_amount: 1150 });
    const byProduct = Object.fromEntries(res.json().data.product_details.map((l: { product_id: string; promotion_discount: number }) => [l.product_id, l.promotion_discount]));
    expect(byProduct).toEqual({ [shoe.id]: 100, [shirt.id]: 0 });
  });
});

describe('promotions: counted exactly', () => {
  const t = useTestApp();
  const h = helpers(t);

  it('an order reads the running promotions before its transaction, and a limited one the owner changed meanwhile is priced as it now is', async () => {
    const p = await makeProduct(t.database.db, { price: 1000, stock: 10 });
    const made = await h.promo({ code: 'FIRST50', kind: 'fixed', value: 50, min_subtotal: 500, usage_limit: 5 });
    const lines = [{ product_id: p.id, unit_price: 1000, quantity: 1 }];
    // Read as placeOrder reads it, then the owner raises the saving before the order's transaction locks the row.
    const context = await loadPromotionContext(t.database.db, [p.id], 'FIRST50');
    const admin = await h.asAdmin();
    expect((await admin.put(`promotion/${made._id}`, { name: 'Eid offer', kind: 'fixed', value: 80, min_subtotal: 500, code: 'FIRST50', usage_limit: 5, ...running() })).statusCode).toBe(200);
    const priced = await t.database.db.transaction((tx) => priceOrderPromotions(tx, { lines, code: 'FIRST50', userId: null, deliveryFee: 60 }, context));
    expect(priced.discount).toBe(80);
    // Paused meanwhile: the typed code is refused with the reason, as if read now.
    const stale = await loadPromotionContext(t.database.db, [p.id], 'FIRST50');
    await admin.put(`promotion/${made._id}/active`, { active: false });
    await expect(t.database.db.transaction((tx) => priceOrderPromotions(tx, { lines, code: 'FIRST50', userId: null, deliveryFee: 60 }, stale))).rejects.toMatchObject({ code: 'PROMO_PAUSED' });
  });

  it('prices each order with the automatic promotions as the database holds them, whoever changed them and however often they were read', async () => {
    const p = await makeProduct(t.database.db, { price: 1000, stock: 20 });
    const made = await h.promo({ value: 10 });
    const discountOf = async () => {
      const res = await h.order({ list_items: [{ product_id: p.id, quantity: 1 }] });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.discount_total as number;
    };
    expect(await discountOf()).toBe(100);
    expect(await discountOf()).toBe(100);
    // Another process (or the owner's SQL) changes the row: the trigger's notification reaches this process's list first.
    await t.database.db.update(promotions).set({ value: 20 }).where(eq(promotions.id, made._id));
    expect(await discountOf()).toBe(200);
    await t.database.db.update(promotions).set({ active: false }).where(eq(promotions.id, made._id));
    expect(await discountOf()).toBe(0);
    // Through the API, as the owner resumes it.
    expect((await (await h.asAdmin()).put(`promotion/${made._id}/active`, { active: true })).statusCode).toBe(200);
    expect(await discountOf()).toBe(200);
    // Ended a moment ago, and one whose start is still ahead: neither runs, with no change announced in between.
    await t.database.db.update(promotions).set({ endsAt: new Date(Date.now() + 1_500) }).where(eq(promotions.id, made._id));
    await h.promo({ value: 30, starts_at: new Date(Date.now() + DAY).toISOString(), ends_at: new Date(Date.now() + 2 * DAY).toISOString() });
    expect(await discountOf()).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(await discountOf()).toBe(0);
    expect((await t.api().get('promotion/offers')).json().data).toEqual([]);
  });

  it('100 concurrent orders on a code limited to 10: exactly 10 carry it, the others are refused as used up and nothing is half made', async () => {
    const p = await makeProduct(t.database.db, { price: 100, stock: 1000, quantity: 1000 });
    const code = await h.promo({ code: 'TEN', usage_limit: 10 });
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => h.order({ list_items: [{ product_id: p.id, quantity: 1 }], voucher_code: 'TEN', guest_user_delivery_address: { ...dhakaGuest, mobile: `0171${String(10_000_000 + i).slice(1)}` } })));
    const placed = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode === 400);
    expect(placed).toHaveLength(10);
    expect(refused).toHaveLength(90);
    expect(new Set(refused.map((r) => r.json().code))).toEqual(new Set(['PROMO_USED_UP']));
    expect(placed.every((r) => r.json().data.promotions[0].code === 'TEN')).toBe(true);
    expect(await t.database.db.select().from(orders)).toHaveLength(10);
    expect(await h.uses(code._id)).toBe(10);
    expect(await stockOf(t.database.db, p.id)).toBe(990);
  });

  it('a per-customer limit of 1 holds under concurrent orders from the same phone (in any spelling) and by account', async () => {
    const p = await makeProduct(t.database.db, { price: 100, stock: 1000, quantity: 1000 });
    await h.promo({ code: 'ONCE', per_customer_limit: 1 });
    const spellings = ['01712345678', '+8801712345678', '০১৭১২৩৪৫৬৭৮', '880 1712-345678'];
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => h.order({ list_items: [{ product_id: p.id, quantity: 1 }], voucher_code: 'once', guest_user_delivery_address: { ...dhakaGuest, mobile: spellings[i % 4] } })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(new Set(results.filter((r) => r.statusCode !== 201).map((r) => r.json().code))).toEqual(new Set(['PROMO_ALREADY_USED']));

    // By account: the same shopper at two addresses with different phones.
    const user = await makeUser(t.database.db, t.config);
    const [home, office] = [await makeAddress(t.database.db, user.id, { mobile: '01811111111' }), await makeAddress(t.database.db, user.id, { mobile: '01911111111' })];
    const mine = await Promise.all([home, office, home, office].map((addressId) => h.order({ list_items: [{ product_id: p.id, quantity: 1 }], voucher_code: 'ONCE', addressId, guest_user_delivery_address: undefined }, user)));
    expect(mine.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(mine.filter((r) => r.statusCode === 400).map((r) => r.json().code)).toEqual(['PROMO_ALREADY_USED', 'PROMO_ALREADY_USED', 'PROMO_ALREADY_USED']);
    const quote = await t.api().as(user).post('promotion/quote', { list_items: [{ product_id: p.id, quantity: 1 }], code: 'ONCE' });
    expect(quote.json().data.code_error.code).toBe('PROMO_ALREADY_USED');
  });

  it('the quote does not tell a stranger whether a number used a per-customer code; the browser that holds the number is told, and the order refuses (issue 41)', async () => {
    const p = await makeProduct(t.database.db, { price: 100, stock: 100 });
    await h.promo({ code: 'ONCE', per_customer_limit: 1 });
    const used = '01712345678';
    expect((await h.order({ list_items: [{ product_id: p.id, quantity: 1 }], voucher_code: 'ONCE', guest_user_delivery_address: { ...dhakaGuest, mobile: used } })).statusCode).toBe(201);
    const quote = (mobile: string, headers?: Record<string, string>) => t.api().post('promotion/quote', { list_items: [{ product_id: p.id, quantity: 1 }], code: 'ONCE', mobile }, { headers });
    const [asked, fresh] = [await quote(used), await quote('01812345678')];
    // The same answer for a number that used the code and one that did not: nothing to learn.
    expect(asked.json().data).toEqual(fresh.json().data);
    expect(asked.json().data).toMatchObject({ discount: 10, code_error: null });
    // A forged cookie, or one proving another number, is a stranger's.
    const other = deviceCookie(t.config.JWT_SECRET, '01812345678', false).split(';')[0]!;
    expect((await quote(used, { cookie: `${other}; haat_dev_${used}=${'a'.repeat(22)}.forged` })).json().data.code_error).toBeNull();
    // The browser that holds the number (its device cookie, decision 0091) hears why.
    const own = deviceCookie(t.config.JWT_SECRET, used, false).split(';')[0]!;
    expect((await quote('+880 1712-345678', { cookie: own })).json().data.code_error).toMatchObject({ code: 'PROMO_ALREADY_USED', params: { code: 'ONCE' } });
    // Staff taking a phone order read that number's orders anyway: the form hears why too.
    expect((await (await h.asAdmin()).post('promotion/quote', { list_items: [{ product_id: p.id, quantity: 1 }], code: 'ONCE', mobile: used })).json().data.code_error).toMatchObject({ code: 'PROMO_ALREADY_USED' });
    // The order still counts the number's uses.
    const again = await h.order({ list_items: [{ product_id: p.id, quantity: 1 }], voucher_code: 'ONCE', guest_user_delivery_address: { ...dhakaGuest, mobile: used } });
    expect([again.statusCode, again.json().code]).toEqual([400, 'PROMO_ALREADY_USED']);
  });

  it('gives a use back once when its order is cancelled or returned, and counts it again if the order comes back', async () => {
    const p = await makeProduct(t.database.db, { price: 100, stock: 100 });
    const code = await h.promo({ code: 'ONE', usage_limit: 1 });
    const first = (await h.order({ list_items: [{ product_id: p.id, quantity: 1 }], voucher_code: 'ONE' })).json().data;
    expect((await h.order({ list_items: [{ product_id: p.id, quantity: 1 }], voucher_code: 'ONE' })).json().code).toBe('PROMO_USED_UP');
    const admin = await h.asAdmin();
    for (const status of ['Cancel', 'Return']) {
      expect((await admin.patch(`order/update-status/${first._id}`, { status })).statusCode).toBe(200);
      expect(await h.uses(code._id)).toBe(0);
    }
    expect((await admin.get('promotion')).json().data[0].used).toBe(0);
    expect((await admin.patch(`order/update-status/${first._id}`, { status: 'Pending' })).statusCode).toBe(200);
    expect(await h.uses(code._id)).toBe(1);
    expect((await admin.patch(`order/update-status/${first._id}`, { status: 'Cancel' })).statusCode).toBe(200);
    const second = await h.order({ list_items: [{ product_id: p.id, quantity: 1 }], voucher_code: 'ONE' });
    expect(second.statusCode).toBe(201);
    expect(await h.uses(code._id)).toBe(1);
    const stats = (await admin.get('promotion?days=1')).json().data[0];
    expect(stats).toMatchObject({ used: 1, stats: { orders: 1, discount_taka: 10, sales_taka: 140 } });
  });

  it('refuses to bring back a cancelled order when others used up its promotion meanwhile, and changes nothing (issue 41)', async () => {
    const p = await makeProduct(t.database.db, { price: 100, stock: 10 });
    const code = await h.promo({ code: 'ONE', usage_limit: 1 });
    const first = (await h.order({ list_items: [{ product_id: p.id, quantity: 1 }], voucher_code: 'ONE' })).json().data;
    const admin = await h.asAdmin();
    expect((await admin.patch(`order/update-status/${first._id}`, { status: 'Cancel' })).statusCode).toBe(200);
    const second = await h.order({ list_items: [{ product_id: p.id, quantity: 1 }], voucher_code: 'ONE', guest_user_delivery_address: { ...dhakaGuest, mobile: '01812345678' } });
    expect(second.statusCode).toBe(201);
    const revived = await admin.patch(`order/update-status/${first._id}`, { status: 'Pending' });
    expect([revived.statusCode, revived.json().code, revived.json().params]).toEqual([409, 'ORDER_REVIVE_PROMO_USED_UP', { promotion: 'ONE', limit: 1 }]);
    expect(revived.json().message).toContain('Raise the promotion’s usage limit first');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, first._id));
    expect(row).toMatchObject({ status: 'Cancel', stockReserved: false });
    expect(await stockOf(t.database.db, p.id)).toBe(9);
    expect(await h.uses(code._id)).toBe(1);
    expect((await admin.get('promotion')).json().data[0].used).toBe(1);
    // The owner raises the limit: the order comes back and counts its use.
    expect((await admin.put(`promotion/${code._id}`, { name: 'Eid offer', kind: 'percent', value: 10, code: 'ONE', usage_limit: 2, ...running() })).statusCode).toBe(200);
    expect((await admin.patch(`order/update-status/${first._id}`, { status: 'Pending' })).statusCode).toBe(200);
    expect(await h.uses(code._id)).toBe(2);
    expect(await stockOf(t.database.db, p.id)).toBe(8);
  });

  it('refuses to bring back a cancelled order whose customer used a per-customer code again meanwhile (issue 41)', async () => {
    const p = await makeProduct(t.database.db, { price: 100, stock: 10 });
    const code = await h.promo({ code: 'ONCE', per_customer_limit: 1 });
    const first = (await h.order({ list_items: [{ product_id: p.id, quantity: 1 }], voucher_code: 'ONCE' })).json().data;
    const admin = await h.asAdmin();
    expect((await admin.patch(`order/update-status/${first._id}`, { status: 'Cancel' })).statusCode).toBe(200);
    // The same phone in another spelling, and a stranger's order, which does not count against this customer.
    expect((await h.order({ list_items: [{ product_id: p.id, quantity: 1 }], voucher_code: 'ONCE', guest_user_delivery_address: { ...dhakaGuest, mobile: '+880' + dhakaGuest.mobile.slice(1) } })).statusCode).toBe(201);
    expect((await h.order({ list_items: [{ product_id: p.id, quantity: 1 }], voucher_code: 'ONCE', guest_user_delivery_address: { ...dhakaGuest, mobile: '01812345678' } })).statusCode).toBe(201);
    const revived = await admin.patch(`order/update-status/${first._id}`, { status: 'Received' });
    expect([revived.statusCode, revived.json().code, revived.json().params]).toEqual([409, 'ORDER_REVIVE_PROMO_ALREADY_USED', { promotion: 'ONCE', limit: 1 }]);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, first._id)))[0]).toMatchObject({ status: 'Cancel', stockReserved: false });
    expect(await h.uses(code._id)).toBe(2);
    expect(await stockOf(t.database.db, p.id)).toBe(8);
  });
});

describe('promotions with bKash', () => {
  let fake: FakeBkash;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    fake = await startFakeBkash();
    // A generous timeout: this file tests no timeout, and the machine may be loaded.
    Object.assign(env, fake.env({ BKASH_TIMEOUT_MS: '5000' }));
  });
  afterAll(() => fake?.close());
  const t = useTestApp(env);
  const h = helpers(t);
  beforeEach(() => fake.reset());

  it('sends bKash the discounted total, and gives the use back when the unpaid order expires', async () => {
    const p = await makeProduct(t.database.db, { price: 1200, stock: 5 });
    const code = await h.promo({ code: 'EID', value: 10, usage_limit: 5 });
    const res = await h.order({ method: 'bkash', mobile: '01770618575', list_items: [{ product_id: p.id, quantity: 2 }], voucher_code: 'eid' });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    // 2 × 1200 − 240 + 50 inside Dhaka
    expect(data).toMatchObject({ total_amount: 2210, discount_total: 240 });
    const payment = fake.ledger.payments.get(new URL(data.bkashURL).searchParams.get('paymentID')!)!;
    expect(payment.amount).toBe('2210');
    expect(await h.uses(code._id)).toBe(1);

    await t.database.db.execute(sql`UPDATE orders SET created_at = now() - interval '31 minutes' WHERE id = ${data._id}`);
    expect(await sweepExpiredPayments({ db: t.database.db, gateway: fake.client(), log: t.app.log }, 30)).toMatchObject({ cancelled: 1 });
    expect(await h.uses(code._id)).toBe(0);
    const released = await t.database.db.select().from(promotionUses).where(isNull(promotionUses.releasedAt));
    expect(released).toHaveLength(0);
  });
});
