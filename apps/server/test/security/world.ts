import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ALL_TABLES, cartItems, refreshSessions } from '../../src/db/schema';
import { signAccessToken } from '../../src/lib/auth';
import { newId } from '../../src/lib/ids';
import { hashToken, newRefreshToken, REFRESH_TOKEN_TTL_MS } from '../../src/modules/users/tokens';
import { makeAddress, makeProduct, makeUser, multipart, png, seedCatalogue, type TestContext } from '../support';

/**
 * The security suite's shop: an admin, two shoppers (A and B) with an address
 * and a cart line each, a catalogue, and an order of B's. Every id a route can
 * take exists, so a request that slipped past a guard would change something.
 */
export async function buildWorld(t: TestContext) {
  const db = t.database.db;
  const admin = await makeUser(db, t.config, 'ADMIN');
  const userA = await makeUser(db, t.config);
  const userB = await makeUser(db, t.config);
  const packer = await makeUser(db, t.config, 'PACKER');
  const adminSession = await sessionWithRefreshToken(t, admin.id);
  const { cat, sub, addProducts } = await seedCatalogue(db);
  const [productId] = await addProducts(cat.electronics, sub.phones, [{ name: 'Samsung Galaxy A15', stock: 50 }]);
  const spare = await makeProduct(db, { name: 'Spare kettle', stock: 50 });
  const addressA = await makeAddress(db, userA.id, { address_line: 'A-street 1, Dhanmondi' });
  const addressB = await makeAddress(db, userB.id, { address_line: 'B-secret lane 9, Gulshan', mobile: '01899999999' });
  const cartA = newId();
  const cartB = newId();
  await db.insert(cartItems).values([
    { id: cartA, userId: userA.id, productId: productId!, quantity: 1 },
    { id: cartB, userId: userB.id, productId: spare.id, quantity: 2 },
  ]);
  const placed = await t.api().post('/api/order', { method: 'CASH-ON-DELIVERY', addressId: addressB, list_items: [{ product_id: spare.id, quantity: 1 }] }, { headers: userB.auth });
  if (placed.statusCode !== 201) throw new Error(`world: order failed ${placed.body}`);
  const orderB = placed.json().data._id as string;
  // The order's SMS is written after the answer (modules/notify): wait for it, so that snapshots taken now stay still.
  await waitForSms(t, orderB);
  return { admin, adminSession, userA, userB, packer, cat, sub, productId: productId!, spareId: spare.id, addressA, addressB, cartA, cartB, orderB };
}
export type World = Awaited<ReturnType<typeof buildWorld>>;

async function waitForSms(t: TestContext, orderId: string) {
  for (let i = 0; i < 200; i++) {
    const res = (await t.database.db.execute(sql`select count(*)::int as n from order_events where order_id = ${orderId}`)) as unknown as { rows: { n: number }[] };
    if (res.rows[0]!.n > 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('world: the order SMS was never recorded');
}

/** A real session with its refresh token (as login makes one) and an access token for it. */
export async function sessionWithRefreshToken(t: TestContext, userId: string) {
  const id = newId();
  const refresh = newRefreshToken();
  await t.database.db.insert(refreshSessions).values({ id, userId, tokenHash: hashToken(refresh), expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS) });
  return { id, refresh, access: await signAccessToken(t.config, userId, id) };
}

export interface Sample {
  /** The URL to call (parameters filled in); the route's own when omitted. */
  url?: string;
  json?: Record<string, unknown>;
  /** Multipart text fields and files. */
  form?: Record<string, string | string[] | Buffer | Buffer[]>;
  query?: Record<string, string>;
}

/**
 * A valid request for every route, keyed "METHOD /api/url" as in the route
 * table. The matrix fails for a route without one, so a new route must be
 * added here (and so gets checked).
 */
const promotionSample = { name: 'Eid offer', kind: 'percent', value: 10, code: 'EID10', starts_at: '2026-01-01T00:00:00.000Z', ends_at: '2036-01-01T00:00:00.000Z' };

export async function samples(w: World): Promise<Record<string, Sample>> {
  const image = await png(20, 20);
  const product = {
    name: 'Walton Fridge',
    description: 'Cold',
    unit: '1 pc',
    stock: '5',
    price: '30000',
    category: w.cat.electronics,
    subCategory: w.sub.phones,
  };
  const address = { address_line: 'House 7, Road 3, Banani', city: 'Dhaka', mobile: '01712345678' };
  const password = 'secret123';
  const email = 'someone@example.com';
  const returnRequest = JSON.stringify({ kind: 'return', items: [{ item_id: 'nosuchitem01', quantity: 1 }], reason: 'damaged' });
  return {
    'GET /api/health': {},
    // The OpenAPI description and Swagger UI (lib/openapi.ts): public, read-only.
    'GET /api/docs': {},
    'GET /api/docs/json': {},
    'GET /api/docs/yaml': {},
    'GET /api/docs/static/index.html': {},
    'GET /api/docs/static/swagger-initializer.js': {},
    'GET /api/docs/static/*': { url: '/api/docs/static/swagger-ui.css' },
    'GET /api/shop-info': {},
    'GET /api/delivery-settings': {},
    'PUT /api/delivery-settings': { json: { insideDhaka: 60, outsideDhaka: 120, freeDelivery: false } },
    'GET /api/cart/get-cart-items': {},
    'POST /api/cart/add-to-cart': { json: { product_id: w.spareId, quantity: 1 } },
    'POST /api/cart/update-cart-items': { json: { id: w.cartA, quantity: 3 } },
    'POST /api/order': { json: { method: 'CASH-ON-DELIVERY', addressId: w.addressA, note: 'Ring twice', list_items: [{ product_id: w.productId, quantity: 1 }] } },
    'GET /api/order/get-order': {},
    'GET /api/order/get-all-order': { query: { page: '1' } },
    'PATCH /api/order/update-status/:id': { url: `/api/order/update-status/${w.orderB}`, json: { status: 'Delivered' } },
    'DELETE /api/order/:id': { url: `/api/order/${w.orderB}` },
    // bKash (issue 12): the untrusted return from bKash, and the admin's refund.
    'GET /api/payment/bkash/callback': { query: { paymentID: 'TR0011NOSUCHPAYMENT', status: 'success' } },
    'POST /api/order/:id/refund': { url: `/api/order/${w.orderB}/refund`, json: { reason: 'Out of stock' } },
    // SSLCommerz (issue 46): the untrusted returns and IPN (only its validation API settles an order), and the owner's release of a held payment.
    ...Object.fromEntries(['success', 'fail', 'cancel', 'ipn'].map((via) => [`POST /api/payment/sslcommerz/${via}`, { json: { tran_id: 'NOSUCHTRAN', val_id: 'NOSUCHVAL' } }])),
    // Nagad (issue 46): the untrusted callback (only Nagad's verify API settles an order).
    'GET /api/payment/nagad/callback': { query: { payment_ref_id: 'MDENOSUCHREF', status: 'Success', order_id: 'HTNOSUCH' } },
    'POST /api/order/:id/payment-hold/release': { url: `/api/order/${w.orderB}/payment-hold/release` },
    // The Orders role's refund limit (issue 28): read by those who refund, set by the Owner.
    'GET /api/refund-limit': {},
    'PUT /api/refund-limit': { json: { limit: 500 } },
    'POST /api/order/manual': { json: { customer: { name: 'Rahim Uddin', ...address }, method: 'CASH-ON-DELIVERY', list_items: [{ product_id: w.productId, quantity: 1 }] } },
    'GET /api/order/print': { query: { ids: w.orderB } },
    'GET /api/order/:id/events': { url: `/api/order/${w.orderB}/events` },
    'POST /api/user/register': { json: { name: 'Karim', email, password, confirmPassword: password } },
    'POST /api/user/login': { json: { email, password } },
    'POST /api/user/refresh-token': { json: { refresh_token: 'not-a-token' } },
    'POST /api/user/logout': { json: { refresh_token: 'not-a-token' } },
    'GET /api/user/get-user': {},
    'PUT /api/user/update-user': { json: { name: 'Renamed', mobile: '01711111111' } },
    'PUT /api/user/upload-avatar': { form: { avatar: image } },
    'PUT /api/user/forgot-password': { json: { email } },
    'PUT /api/user/verify-otp': { json: { email, otp: '123456' } },
    'PUT /api/user/send-login-code': { json: { email } },
    'PUT /api/user/login-with-code': { json: { email, code: '12345678' } },
    // Signing in with a mobile (issue 26): a code texted to the number, then the code.
    'POST /api/user/otp/send': { json: { mobile: '01755555555' } },
    'POST /api/user/otp/verify': { json: { mobile: '01755555555', otp: '123456' } },
    'POST /api/user/mobile/send': { json: { mobile: '01766666666' } },
    'POST /api/user/mobile/verify': { json: { mobile: '01766666666', otp: '123456' } },
    'PUT /api/user/update-password': { json: { email, resetToken: 'not-a-token', NewPassword: password, ConfirmNewPassword: password } },
    'GET /api/address/get-address': {},
    'POST /api/address/add-address': { json: address },
    'POST /api/address/edit-address': { json: { id: w.addressA, ...address } },
    'PUT /api/address/edit-address': { json: { id: w.addressA, ...address } },
    'DELETE /api/address/delete-address': { json: { id: w.addressA } },
    'GET /api/category/get-category': {},
    'POST /api/category/add-category': { form: { name: 'Toys', name_bn: 'খেলনা', image } },
    'PUT /api/category/update-category': { form: { categoryId: w.cat.fashion, name: 'Clothes', name_bn: 'পোশাক' } },
    'DELETE /api/category/delete-category': { json: { categoryId: w.cat.fashion } },
    'GET /api/subcategory/get-subcategories': {},
    'POST /api/subcategory/add-subcategory': { form: { name: 'Laptops', name_bn: 'ল্যাপটপ', image, category: w.cat.electronics } },
    'PUT /api/subcategory/update-subcategories': { form: { subcategoryId: w.sub.tv, name: 'TVs', name_bn: 'টিভি', category: w.cat.electronics } },
    'DELETE /api/subcategory/delete-subcategories': { json: { subcategoryId: w.sub.shirts } },
    'GET /api/product/get-all-products': { query: { search: 'galaxy' } },
    'POST /api/product/get-all-products': { json: { search: 'galaxy', page: 1, limit: 10 } },
    'GET /api/product/get-product-by-id': { query: { categoryId: w.cat.electronics } },
    'POST /api/product/get-product-by-id': { json: { categoryId: w.cat.electronics } },
    'GET /api/product/get-product-by-category-and-subcategory': { query: { categoryId: w.cat.electronics, subcategoryId: w.sub.phones } },
    'POST /api/product/get-product-by-category-and-subcategory': { json: { categoryId: w.cat.electronics, subcategoryId: w.sub.phones, searchTerm: 'sams' } },
    'GET /api/product/get-product-details': { query: { productId: w.productId } },
    'POST /api/product/get-product-details': { json: { productId: w.productId } },
    'POST /api/product/add-product': { form: { ...product, image } },
    'PUT /api/product/edit-product': { form: { ...product, productId: w.productId, stock: '50', name: 'Galaxy A15 (2025)' } },
    'DELETE /api/product/delete-product': { json: { productId: w.spareId } },
    'GET /api/product/admin-product': { query: { productId: w.productId } },
    'POST /api/product/variants-preview': { json: { productId: w.productId, options: [], variants: [] } },
    'POST /api/product/admin-variants': { json: { productIds: [w.productId] } },
    // Catalogue CSV (issue 14): the export, and a dry run of a one-row import.
    'GET /api/product/export.csv': {},
    'POST /api/product/import': { query: { dryRun: '1' }, form: { file: Buffer.from(`name,description,unit,price,stock,category,subCategory\nWalton Fan,Cool,1 pc,3000,5,${w.cat.electronics},${w.sub.phones}\n`) } },
    'GET /uploads/*': { url: '/uploads/products/none.webp' },
    // Couriers (issue 13): the test app has only the sandbox courier; webhooks without their secret are refused.
    'GET /api/courier/providers': {},
    'GET /api/courier/pathao/places': {},
    'GET /api/order/:id/courier': { url: `/api/order/${w.orderB}/courier` },
    'POST /api/order/:id/courier': { url: `/api/order/${w.orderB}/courier`, json: { provider: 'sandbox' } },
    'POST /api/courier/book': { json: { provider: 'sandbox', orderIds: [w.orderB] } },
    'POST /api/courier/steadfast/webhook': { json: { notification_type: 'delivery_status', consignment_id: 1, status: 'delivered' } },
    'POST /api/courier/pathao/webhook': { json: { event: 'webhook_integration' } },
    // Issue 46 (decision 0122): RedX's webhook (its token in the query), the owner's courier by district.
    'POST /api/courier/redx/webhook': { json: { tracking_number: '20A313THJA1', status: 'delivered' } },
    // Decision 0129: Paperfly's webhook (its shared secret in a header).
    'POST /api/courier/paperfly/webhook': { json: { merOrderRef: 'HT-000001', event: 'delivered' } },
    'GET /api/courier/rules': {},
    'PUT /api/courier/rules': { json: { rules: [{ area: 'dhaka', provider: 'sandbox' }], fallback: null } },
    // The owner's dashboard (issue 14).
    'GET /api/dashboard/summary': { query: { days: '30' } },
    'PUT /api/dashboard/settings': { json: { lowStockThreshold: 7 } },
    // Search synonyms (issue 19): the owner's, ADMIN only.
    'GET /api/search/synonyms': {},
    'PUT /api/search/synonyms': { json: { groups: [['shari', 'saree']] } },
    // Staff management (issue 28): the Owner's.
    'GET /api/staff': {},
    'GET /api/audit': { query: { person: w.admin.id, kind: 'product', from: '2026-01-01', to: '2036-12-31', page: '1' } },
    // Durable jobs that failed (issue 24, decision 0073): settings.manage.
    'GET /api/jobs/failed': {},
    // Courier settlements (issue 44, decision 0112).
    'GET /api/settlements': {},
    'GET /api/settlements/cash': {},
    'GET /api/settlements/payouts/:id': { url: '/api/settlements/payouts/nosuchpayout' },
    'POST /api/settlements/resolve': { json: { provider: 'steadfast', consignmentId: '1424107', note: 'Paid in cash' } },
    'PUT /api/settlements/rates': { json: { rates: [{ provider: 'steadfast', zone: 'inside', deliveryCharge: 80, codFeePermille: 10, returnCharge: 40 }] } },
    'POST /api/settlements/pull': {},
    'POST /api/settlements/statement': {
      query: { dryRun: '1' },
      form: { format: 'pathao', provider: 'pathao', reference: 'P-1', paidOn: '2026-11-30', file: Buffer.from('Consignment ID,Collected Amount,Delivery Fee,COD Fee,Payout Amount\nDL1,1000,70,10,920\n') },
    },
    'GET /api/settlements/export.csv': { query: { period: 'daily', from: '2026-11-01', to: '2026-11-30' } },
    'POST /api/jobs/:id/retry': { url: '/api/jobs/nosuchjob0001/retry' },
    // The deadlines (issue 27, decision 0076): settings.manage.
    'GET /api/deadline-settings': {},
    'PUT /api/deadline-settings': { json: { handoverHours: 48, deliveryDaysInsideDhaka: 5, deliveryDaysOutsideDhaka: 10 } },
    'POST /api/staff/invite': { json: { name: 'Salma Packer', email: 'salma@example.com', role: 'PACKER' } },
    'PATCH /api/staff/:id': { url: `/api/staff/${w.packer.id}`, json: { role: 'ORDERS' } },
    'POST /api/staff/:id/email': { url: `/api/staff/${w.packer.id}/email`, json: { email: 'packer-second@example.com' } },
    // Promotions (issue 22): the owner's list and writes (catalogue.manage), the shop's offers and quote.
    'GET /api/promotion': { query: { days: '30' } },
    'POST /api/promotion': { json: promotionSample },
    'PUT /api/promotion/:id': { url: '/api/promotion/nosuchpromo1', json: promotionSample },
    'PUT /api/promotion/:id/active': { url: '/api/promotion/nosuchpromo1/active', json: { active: false } },
    'GET /api/promotion/offers': {},
    'POST /api/promotion/quote': { json: { list_items: [{ product_id: w.productId, quantity: 1 }], code: 'EID10' } },
    // COD protection (issue 26): the owner's rule and blocks (settings.manage), the checkout's incomplete report
    // (public, rate limited) and the owner's Incomplete orders (orders.manage).
    'GET /api/cod/settings': {},
    'PUT /api/cod/settings': { json: { mode: 'rules', risk: 'high', above: 5000 } },
    // The partial advance rule (issue 44, decision 0114).
    'GET /api/cod/advance': {},
    'PUT /api/cod/advance': { json: { kind: 'delivery', value: 0, who: 'risky', above: null } },
    'GET /api/cod/blocks': {},
    'POST /api/cod/blocks': { json: { mobile: '01799999999', reason: 'Fake orders' } },
    'DELETE /api/cod/blocks/:mobile': { url: '/api/cod/blocks/01799999999' },
    'POST /api/order/incomplete': { json: { mobile: '01899999999', list_items: [{ product_id: w.productId, quantity: 1 }] } },
    'GET /api/order/incomplete': {},
    'POST /api/order/cod-confirm/send': { json: { mobile: '01899999999' } },
    // The checkout's preview of the partial advance (decision 0130): optional sign-in, rate limited, writes nothing.
    'POST /api/order/advance': { json: { guest_user_delivery_address: address, list_items: [{ product_id: w.productId, quantity: 1 }] } },
    'DELETE /api/order/incomplete/:id': { url: '/api/order/incomplete/nosuchentry1' },
    'POST /api/order/incomplete/:id/place': { url: '/api/order/incomplete/nosuchentry1/place', json: { customer: { name: 'Rahim Uddin', address_line: 'Road 5', city: 'Dhaka' }, method: 'CASH-ON-DELIVERY' } },
    // What the shop shows (issue 27, decision 0077): business details and pages (settings.manage; pages public to read),
    // the complaints form (public, rate limited) and the owner's list (orders.view) and acted-on mark (orders.manage).
    'GET /api/shop/business': {},
    'PUT /api/shop/business': { json: { tradeLicence: 'TRAD/DNCC/12345/2026', dbid: 'DBID-123456', bin: '0012345670101', address: 'House 7, Road 3, Banani, Dhaka', vatRate: 15 } },
    'GET /api/shop/pages': {},
    'GET /api/shop/pages/:slug': { url: '/api/shop/pages/terms' },
    'PUT /api/shop/pages/:slug': { url: '/api/shop/pages/terms', json: { title_en: 'Terms', title_bn: 'শর্তাবলি', body_en: 'Our terms.', body_bn: 'আমাদের শর্ত।' } },
    'POST /api/complaint': { json: { name: 'Rahim Uddin', mobile: '01712345678', order_id: '', text: 'The parcel came late.' } },
    'GET /api/complaint': { query: { show: 'open' } },
    'PATCH /api/complaint/:id/acted': { url: '/api/complaint/nosuchcomplaint/acted', json: { note: 'Called back' } },
    'GET /api/order/track': { query: { orderId: 'HT-20260101-AAAAAA', mobile: '01899999999' } },
    // Back-in-stock alerts and checkout recovery (issue 45): the shopper's request and the SMS link's answers (public, rate
    // limited), the owner's most-asked list (catalogue.manage), recovery's settings and weekly figures (settings.manage).
    'POST /api/stock-alert': { json: { product_id: w.productId, mobile: '01899999999' } },
    'GET /api/stock-alert/most-asked': {},
    'GET /api/wishlist': {},
    'POST /api/wishlist': { json: { product_id: w.productId } },
    'POST /api/wishlist/merge': { json: { items: [{ product_id: w.productId }] } },
    'DELETE /api/wishlist/:variantId': { url: `/api/wishlist/${w.productId}` },
    'GET /api/recovery/settings': {},
    'PUT /api/recovery/settings': { json: { on: true, delays_hours: [1, 24, 72], voucher_taka: 0, voucher_min_subtotal: 0 } },
    'GET /api/recovery/weeks': {},
    'POST /api/recovery/open': { json: { token: 'nosuchtokennosuchtoken1' } },
    'POST /api/recovery/stop': { json: { token: 'nosuchtokennosuchtoken1' } },
    // Returns and refunds (issue 27, decision 0075): a shopper's own order, a guest's by number and mobile, the owner's.
    'GET /api/order/:id/returnable': { url: `/api/order/${w.orderB}/returnable` },
    'POST /api/order/:id/returns': { url: `/api/order/${w.orderB}/returns`, form: { request: returnRequest } },
    'POST /api/track/returnable': { json: { orderId: 'HT-20260101-AAAAAA', mobile: '01899999999' } },
    'POST /api/track/returns': { form: { orderId: 'HT-20260101-AAAAAA', mobile: '01899999999', request: returnRequest } },
    'GET /api/returns': { query: { state: 'requested', cursor: 'nosuchreturn1' } },
    'GET /api/order/:id/returns': { url: `/api/order/${w.orderB}/returns` },
    'POST /api/returns/:id/decision': { url: '/api/returns/nosuchreturn1/decision', json: { decision: 'approve', pickup: 'manual' } },
    'POST /api/returns/:id/receive': { url: '/api/returns/nosuchreturn1/receive', json: {} },
    'POST /api/returns/:id/refund': { url: '/api/returns/nosuchreturn1/refund', json: { method: 'cash', amount: 10 } },
    // A refund owed (decision 0081), recorded by hand from the order card.
    'POST /api/refunds/:id/record': { url: '/api/refunds/nosuchrefund1/record', json: { method: 'nagad', trx_id: '7XK2A9QW', amount: 10 } },
    'POST /api/refunds/:id/void': { url: '/api/refunds/nosuchrefund1/void', json: { note: 'No money came under this transaction ID' } },
    // Reviews (issue 47, decision 0124): the product's list, a guest's code and proof, the buyer's, the owner's.
    'GET /api/reviews/product/:id': { url: `/api/reviews/product/${w.productId}`, query: { sort: 'lowest', page: '1' } },
    'POST /api/reviews/code': { json: { mobile: '01899999999' } },
    'POST /api/reviews/verify': { json: { mobile: '01899999999', otp: '123456' } },
    'GET /api/reviews/mine': {},
    'POST /api/reviews': { form: { review: JSON.stringify({ order_item_id: 'nosuchitem01', rating: 5, body: 'Good' }) } },
    'PATCH /api/reviews/:id': { url: '/api/reviews/nosuchreview1', json: { rating: 4, body: 'Fine' } },
    'POST /api/reviews/:id/helpful': { url: '/api/reviews/nosuchreview1/helpful' },
    'GET /api/reviews': { query: { status: 'pending' } },
    'POST /api/reviews/:id/publish': { url: '/api/reviews/nosuchreview1/publish' },
    'POST /api/reviews/:id/hide': { url: '/api/reviews/nosuchreview1/hide', json: { reason: 'Rude' } },
    'POST /api/reviews/:id/reply': { url: '/api/reviews/nosuchreview1/reply', json: { reply: 'Thank you' } },
    'GET /api/review-settings': {},
    'PUT /api/review-settings': { json: { auto_publish_from: 4, blocked_words: '', request_days: null } },
    'GET /api/reviews/attention': {},
    'GET /api/return-window': {},
    'PUT /api/return-window': { json: { days: 10 } },
    // Checkout links for chat orders (issue 45, decision 0118): staff make them; the buyer opens one by its token.
    'GET /api/chat-links/settings': {},
    'PUT /api/chat-links/settings': { json: { hours: 24 } },
    'POST /api/chat-links': { json: { customer: { name: 'Rahim Uddin', mobile: '01899999999' }, list_items: [{ product_id: w.productId, quantity: 1 }] } },
    'GET /api/chat-links/:id': { url: '/api/chat-links/nosuchlink1' },
    'POST /api/chat-links/:id/refresh': { url: '/api/chat-links/nosuchlink1/refresh' },
    'POST /api/chat-links/:id/sms': { url: '/api/chat-links/nosuchlink1/sms' },
    'GET /api/chat-links/by-token/:token': { url: '/api/chat-links/by-token/nosuchtoken1' },
    'POST /api/chat-links/by-token/:token/order': { url: '/api/chat-links/by-token/nosuchtoken1/order', json: { address: { name: 'Rahim', address_line: 'Road 5', city: 'Dhaka', mobile: '01899999999' }, consent: true } },
    // The owner's ad and analytics settings (decision 0119), and the two ids the browser loads the tags with.
    'GET /api/ads/public': {},
    'GET /api/ads/settings': {},
    'PUT /api/ads/settings': { json: { meta_pixel_id: '', meta_purchase_at: 'order', ga_measurement_id: '' } },
    // A reply the SMS gateway forwards (decision 0131): behind SMS_INBOUND_SECRET (401 without it).
    'POST /api/sms/inbound': { json: { from: '8801899999999', text: 'STOP' } },
    // The server's copy of a Pixel event (decision 0131): public, queued only with the consent cookie.
    'POST /api/ads/events': { json: { name: 'view_item', event_id: 'view_item.abcdef0123', items: [{ id: w.productId, quantity: 1, price: 100 }] } },
    // SEO (issue 14): crawlers' files and the Meta catalogue feed, public and read-only.
    'GET /robots.txt': {},
    'GET /sitemap.xml': {},
    'GET /sitemaps/:file': { url: '/sitemaps/products-1.xml' },
    'GET /feeds/meta.csv': {},
  };
}

/** The seven upload routes: method, URL, the file's field, the most MB a file may have. */
export const UPLOAD_ROUTES = [
  ['POST', '/api/category/add-category', 'image', 5],
  ['PUT', '/api/category/update-category', 'image', 5],
  ['POST', '/api/subcategory/add-subcategory', 'image', 5],
  ['PUT', '/api/subcategory/update-subcategories', 'image', 5],
  ['POST', '/api/product/add-product', 'image', 5],
  ['PUT', '/api/product/edit-product', 'image', 5],
  ['PUT', '/api/user/upload-avatar', 'avatar', 2],
] as const;

/** Sends a sample (or a variation of it) as `method`, with optional headers. */
export function requestFor(method: string, routeUrl: string, sample: Sample, headers: Record<string, string> = {}): InjectOptions {
  const url = sample.url ?? routeUrl;
  const query = sample.query ? `?${new URLSearchParams(sample.query)}` : '';
  const body = sample.form ? multipart(sample.form) : null;
  return {
    method: method as InjectOptions['method'],
    url: `${url}${query}`,
    headers: { ...headers, ...body?.headers },
    payload: (body?.payload ?? sample.json) as InjectOptions['payload'],
  };
}

/** Row count and a hash of every row, per table: equal snapshots mean nothing changed. */
export async function snapshot(t: TestContext): Promise<Record<string, string>> {
  // The app's own worker runs the jobs its world queued (the orders' SMS) in the background: a job finishing between
  // the two snapshots would read as a change made by the request. Both are taken with the queue settled.
  await jobsSettled(t);
  const out: Record<string, string> = {};
  for (const table of ALL_TABLES) {
    const res = (await t.database.db.execute(
      sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${table}" x`),
    )) as unknown as { rows: { n: number; h: string }[] };
    out[table] = `${res.rows[0]!.n} ${res.rows[0]!.h}`;
  }
  return out;
}

/** Waits (up to 10 s) until no job is running or due within a second: what is queued now has run. */
async function jobsSettled(t: TestContext): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const res = (await t.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name like ${`${t.config.JOBS_QUEUE}/%`} and (state = 'active' or (state in ('created', 'retry') and start_after <= now() + interval '1 second'))`,
    )) as unknown as { rows: { n: number }[] };
    if (res.rows[0]!.n === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the job queue did not settle in 10 s');
}

/** Every file under DATA_DIR/uploads, with its size. */
export function uploadedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'uploads');
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out.sort();
}

/** A stack trace or a source path in an answer. */
export const LEAKS_INTERNALS = /\n\s+at |node_modules|\.ts:\d+|\/src\/|DrizzleQueryError|Failed query/;

export const describeRes = (res: LightMyRequestResponse) => `${res.statusCode} ${res.body.slice(0, 200)}`;
