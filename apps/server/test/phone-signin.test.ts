import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mobileCodes, users } from '../src/db/schema';
import { startFakeBulkSmsBd, type FakeBulkSmsBd } from './fakes/bulksmsbd';
import { makeProduct, makeUser, useTestApp, type Api, type TestContext } from './support';

/**
 * Issue 26 (decision 0061): signing in with a mobile number and a code texted
 * by BulkSMSBD (here its local fake), through the API, on both databases.
 */
let fake: FakeBulkSmsBd;
const env: Record<string, string> = {};
beforeAll(async () => {
  fake = await startFakeBulkSmsBd();
  Object.assign(env, { SMS_BASE_URL: fake.baseUrl, SMS_API_KEY: fake.apiKey, SMS_SENDER_ID: fake.senderId, SHOP_NAME: 'Haat' });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.state.messages.length = 0;
});

/** The code the fake gateway last delivered to a number. */
function codeSentTo(mobile: string) {
  const msg = fake.state.messages.filter((m) => m.number === `88${mobile}`).at(-1);
  return msg ? /(\d{6})/.exec(msg.message)?.[1] : undefined;
}
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

/** Asks for a code and signs in with it; answers the response. */
async function signInWithMobile(c: Api, mobile: string, typed = mobile) {
  const sent = await c.post('user/otp/send', { mobile: typed });
  expect(sent.statusCode, sent.body).toBe(200);
  return c.post('user/otp/verify', { mobile: typed, otp: codeSentTo(mobile) });
}

/** Moves a number's codes back in time, as if `ms` had passed. */
const age = (t: TestContext, mobile: string, ms: number) =>
  t.database.db.execute(
    sql`update mobile_codes set created_at = created_at - ${ms} * interval '1 millisecond', expires_at = expires_at - ${ms} * interval '1 millisecond' where mobile = ${mobile}`,
  );

describe('signing in with a mobile number', () => {
  const t = useTestApp(env);

  it('texts a Bangla code naming the shop, then answers exactly like user/login, making the account the first time', async () => {
    const c = t.api();
    const sent = await c.post('user/otp/send', { mobile: '+880 1712-345678' });
    expect(sent.json()).toMatchObject({ success: true, error: false, data: { resend_after_seconds: 60 }, message: 'We have sent a code to this number.' });
    expect(fake.state.messages.at(-1)!.message).toMatch(/^Haat: আপনার লগইন কোড \d{6}। ৫ মিনিট বৈধ। কাউকে জানাবেন না।$/);
    // Bengali digits name the same number.
    const res = await c.post('user/otp/verify', { mobile: '০১৭১২৩৪৫৬৭৮', otp: codeSentTo('01712345678') });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'error', 'message', 'success']);
    expect(body.message).toBe('Login successfully');
    expect(Object.keys(body.data).sort()).toEqual(['access_token', 'refresh_token']);
    // The same shape as an e-mail login.
    const emailUser = await t.api().signUp();
    const login = (await t.api().login(emailUser.email, emailUser.password)).json();
    expect(Object.keys(login.data).sort()).toEqual(Object.keys(body.data).sort());
    expect(login.message).toBe(body.message);

    const me = (await c.as(body.data.access_token).get('user/get-user')).json().data;
    expect(me).toMatchObject({ mobile: '01712345678', mobile_verified: true, phone_only: true, email: '', role: 'USER', status: 'Active' });
    // The refresh token works like any other.
    const refreshed = await c.post('user/refresh-token', { refresh_token: body.data.refresh_token });
    expect(refreshed.statusCode).toBe(200);

    // Next time the same account, not a new one.
    await age(t, '01712345678', 61_000);
    const again = await signInWithMobile(t.api(), '01712345678', '8801712345678');
    expect((await t.api().as(again.json().data.access_token).get('user/get-user')).json().data._id).toBe(me._id);
    expect(await t.database.db.select().from(users).where(eq(users.mobile, '01712345678'))).toHaveLength(1);
  });

  it('refuses a number that is not a Bangladeshi mobile with a 400 naming the field, sending nothing', async () => {
    const res = await t.api().post('user/otp/send', { mobile: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', params: { field: 'mobile' }, message: 'Valid mobile number required' });
    expect(fake.state.messages).toHaveLength(0);
  });

  it('answers the same whether or not a number has an account: sending, a wrong code, a right one', async () => {
    await signInWithMobile(t.api(), '01712345678');
    const known = t.api();
    const unknown = t.api();
    await age(t, '01712345678', 61_000);
    const a = await known.post('user/otp/send', { mobile: '01712345678' });
    const b = await unknown.post('user/otp/send', { mobile: '01812345678' });
    expect([a.statusCode, a.body]).toEqual([b.statusCode, b.body]);
    expect(fake.state.messages.at(-1)!.message.replace(/\d{6}/, 'X')).toBe(fake.state.messages.at(-2)!.message.replace(/\d{6}/, 'X'));
    const wa = await known.post('user/otp/verify', { mobile: '01712345678', otp: wrongFor(codeSentTo('01712345678')!) });
    const wb = await unknown.post('user/otp/verify', { mobile: '01812345678', otp: wrongFor(codeSentTo('01812345678')!) });
    expect([wa.statusCode, wa.body]).toEqual([wb.statusCode, wb.body]);
    const ra = await known.post('user/otp/verify', { mobile: '01712345678', otp: codeSentTo('01712345678') });
    const rb = await unknown.post('user/otp/verify', { mobile: '01812345678', otp: codeSentTo('01812345678') });
    expect([ra.statusCode, Object.keys(ra.json().data), ra.json().message]).toEqual([rb.statusCode, Object.keys(rb.json().data), rb.json().message]);
    // No live code: the same answer for a number with an account and for one that never had any.
    const na = await t.api().post('user/otp/verify', { mobile: '01712345678', otp: '123456' });
    const nb = await t.api().post('user/otp/verify', { mobile: '01912345678', otp: '123456' });
    expect([na.statusCode, na.body]).toEqual([nb.statusCode, nb.body]);
  });

  it('locks a code after five wrong tries, refuses a reused and an expired code, and waits a minute between codes', async () => {
    const c = t.api();
    await c.post('user/otp/send', { mobile: '01712345678' });
    const code = codeSentTo('01712345678')!;
    const again = await c.post('user/otp/send', { mobile: '01712345678' });
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('OTP_RESEND_TOO_SOON');
    // The refusal says when (decision 0098): the form names the time.
    expect(Number(again.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(60);
    const tries = [];
    for (let i = 0; i < 5; i++) tries.push((await c.post('user/otp/verify', { mobile: '01712345678', otp: wrongFor(code) })).json());
    expect(tries.map((r) => r.code)).toEqual(['OTP_CODE_WRONG', 'OTP_CODE_WRONG', 'OTP_CODE_WRONG', 'OTP_CODE_WRONG', 'OTP_CODE_LOCKED']);
    expect(tries[0]).toMatchObject({ params: { left: 4 }, message: 'That code is not right. 4 tries left.' });
    // English's plural for one (issue 42): not "1 tries left".
    expect(tries[3]).toMatchObject({ params: { left: 1 }, message: 'That code is not right. 1 try left.' });
    const locked = await c.post('user/otp/verify', { mobile: '01712345678', otp: code });
    expect([locked.statusCode, locked.json().code]).toEqual([429, 'OTP_CODE_LOCKED']);
    expect(await t.database.db.select().from(users)).toHaveLength(0);

    // A new code a minute later; used once.
    await age(t, '01712345678', 61_000);
    const ok = await signInWithMobile(c, '01712345678');
    expect(ok.statusCode).toBe(200);
    const reused = await t.api().post('user/otp/verify', { mobile: '01712345678', otp: codeSentTo('01712345678') });
    expect([reused.statusCode, reused.json().code]).toEqual([400, 'OTP_CODE_EXPIRED']);

    // Expired after 5 minutes.
    await age(t, '01712345678', 61_000);
    await c.post('user/otp/send', { mobile: '01712345678' });
    await age(t, '01712345678', 5 * 60_000 + 1000);
    const expired = await c.post('user/otp/verify', { mobile: '01712345678', otp: codeSentTo('01712345678') });
    expect([expired.statusCode, expired.json().code, expired.json().message]).toEqual([400, 'OTP_CODE_EXPIRED', 'This code has expired or was already used. Please ask for a new one.']);
  });

  it('caps codes per number a day from many addresses, and per address a day over many numbers', async () => {
    const results: string[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await t.api().post('user/otp/send', { mobile: '01712345678' });
      results.push(res.statusCode === 200 ? 'sent' : res.json().code);
      await age(t, '01712345678', 61_000);
    }
    expect(results).toEqual([...Array(8).fill('sent'), 'OTP_NUMBER_DAILY_CAP']);
    // Retry-After: when the oldest of the 8 (aged 9 × 61 s by now, and the test's own seconds) leaves the day.
    const capped = Number((await t.api().post('user/otp/send', { mobile: '01712345678' })).headers['retry-after']);
    expect(capped).toBeLessThanOrEqual(24 * 3600 - 9 * 61);
    expect(capped).toBeGreaterThan(24 * 3600 - 9 * 61 - 30);
    // 20 a day from one address, over two 15-minute windows of the route's limit.
    const from = t.api();
    const byAddress: string[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await from.post('user/otp/send', { mobile: `0181${String(1000000 + i)}` });
      byAddress.push(res.statusCode === 200 ? 'sent' : res.json().code);
    }
    expect(byAddress.slice(0, 10)).toEqual(Array(10).fill('sent'));
    expect(byAddress[10]).toBe('TOO_MANY_ATTEMPTS');
    expect(await t.database.db.select().from(mobileCodes).where(eq(mobileCodes.mobile, '01811000010'))).toHaveLength(0);
  });

  it('of two verifies racing with one code exactly one signs in; two numbers racing make two accounts', async () => {
    const c = t.api();
    await c.post('user/otp/send', { mobile: '01712345678' });
    const code = codeSentTo('01712345678');
    const raced = await Promise.all([t.api(), t.api(), t.api()].map((x) => x.post('user/otp/verify', { mobile: '01712345678', otp: code })));
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    expect(await t.database.db.select().from(users)).toHaveLength(1);

    await Promise.all(['01812345678', '01912345678'].map((m) => t.api().post('user/otp/send', { mobile: m })));
    const [a, b] = await Promise.all(['01812345678', '01912345678'].map((m) => t.api().post('user/otp/verify', { mobile: m, otp: codeSentTo(m) })));
    const ids = await Promise.all([a!, b!].map(async (r) => (await t.api().as(r.json().data.access_token).get('user/get-user')).json().data));
    expect(ids.map((u) => u.mobile).sort()).toEqual(['01812345678', '01912345678']);
    expect(new Set(ids.map((u) => u._id)).size).toBe(2);
  });
});

describe('a mobile on the profile', () => {
  const t = useTestApp(env);

  async function emailAccount() {
    const s = await t.api().signUp();
    return { ...s, api: t.api().as(s.access) };
  }

  it('is verified by a texted code, and then signs the e-mail account in', async () => {
    const me = await emailAccount();
    const sent = await me.api.post('user/mobile/send', { mobile: '01712345678' });
    expect(sent.statusCode).toBe(200);
    expect(fake.state.messages.at(-1)!.message).toMatch(/^Haat: আপনার যাচাই কোড \d{6}।/);
    // A sign-in code does not verify, nor the other way round.
    const wrongPurpose = await t.api().post('user/otp/verify', { mobile: '01712345678', otp: codeSentTo('01712345678') });
    expect(wrongPurpose.json().code).toBe('OTP_CODE_EXPIRED');
    const done = await me.api.post('user/mobile/verify', { mobile: '01712345678', otp: codeSentTo('01712345678') });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ message: 'Mobile number verified.', data: { email: me.email, mobile: '01712345678', mobile_verified: true, phone_only: false } });
    const viaPhone = await signInWithMobile(t.api(), '01712345678');
    expect((await t.api().as(viaPhone.json().data.access_token).get('user/get-user')).json().data.email).toBe(me.email);
    // Changing the number on the profile ends its verification.
    await me.api.put('user/update-user', { mobile: '01812345678' });
    expect((await me.api.get('user/get-user')).json().data).toMatchObject({ mobile: '01812345678', mobile_verified: false });
  });

  it("joins the person's phone account into the e-mail account: cart, addresses and orders move, the phone account is disabled", async () => {
    const lamp = await makeProduct(t.database.db, { name: 'Lamp', stock: 10, price: 500 });
    const cup = await makeProduct(t.database.db, { name: 'Cup', stock: 10, price: 100 });
    const phone = await signInWithMobile(t.api(), '01712345678');
    const p = t.api().as(phone.json().data.access_token);
    const address = (await p.post('address/add-address', { name: 'Rahim', address_line: 'Road 5, Mirpur', city: 'Dhaka', mobile: '01712345678' })).json().data;
    const order = await p.post('order', { method: 'CASH-ON-DELIVERY', addressId: address._id, list_items: [{ product_id: cup.id, quantity: 1 }] });
    expect(order.statusCode, order.body).toBeLessThan(300);
    await p.post('cart/add-to-cart', { product_id: lamp.id, quantity: 2 });
    const me = await emailAccount();
    await me.api.post('cart/add-to-cart', { product_id: lamp.id, quantity: 1 });

    await me.api.post('user/mobile/send', { mobile: '01712345678' });
    const joined = await me.api.post('user/mobile/verify', { mobile: '01712345678', otp: codeSentTo('01712345678') });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().message).toBe('Mobile number verified. Your other account’s orders, addresses and cart are now here.');

    const mine = (await me.api.get('user/get-user')).json().data;
    expect(mine.orderHistory).toHaveLength(1);
    expect(mine.address_details).toEqual([address._id]);
    const cart = (await me.api.get('cart/get-cart-items')).json().data as { quantity: number }[];
    expect(cart.map((l) => l.quantity)).toEqual([2]);
    // The phone account is disabled and signed out; the number now signs the e-mail account in.
    expect((await p.get('user/get-user')).statusCode).toBe(401);
    expect((await t.api().post('user/refresh-token', { refresh_token: phone.json().data.refresh_token })).statusCode).toBe(401);
    await age(t, '01712345678', 61_000);
    const viaPhone = await signInWithMobile(t.api(), '01712345678');
    expect((await t.api().as(viaPhone.json().data.access_token).get('user/get-user')).json().data._id).toBe(mine._id);
  });

  it('records every join on the audit log: the phone account, who joined it, into which account (issue 41)', async () => {
    const phone = await signInWithMobile(t.api(), '01712345678');
    const phoneId = (await t.api().as(phone.json().data.access_token).get('user/get-user')).json().data._id;
    const me = await emailAccount();
    await me.api.post('user/mobile/send', { mobile: '01712345678' });
    expect((await me.api.post('user/mobile/verify', { mobile: '01712345678', otp: codeSentTo('01712345678') })).statusCode).toBe(200);
    const meId = (await me.api.get('user/get-user')).json().data._id;
    const owner = await makeUser(t.database.db, t.config, 'ADMIN');
    const entries = (await t.api().as(owner).get('audit', { query: { kind: 'account' } })).json().data;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'merge', target_id: phoneId, target_label: '01712345678', actor: { _id: meId, role: 'USER' }, before: { status: 'Active' }, after: { status: 'Inactive', joined_into: meId, orders_moved: 0 } });
  });

  it('never joins a staff account invited by mobile into a shopper’s: 409 MOBILE_TAKEN, the staff member keeps role and sign-in, nothing recorded (issue 41)', async () => {
    const owner = await makeUser(t.database.db, t.config, 'ADMIN');
    const invited = await t.api().as(owner).post('staff/invite', { name: 'Rahim', mobile: '01712345678', role: 'ORDERS' });
    expect(invited.statusCode, invited.body).toBe(201);
    const staffId = invited.json().data._id;
    const shopper = await emailAccount();
    await shopper.api.post('user/mobile/send', { mobile: '01712345678' });
    const res = await shopper.api.post('user/mobile/verify', { mobile: '01712345678', otp: codeSentTo('01712345678') });
    expect([res.statusCode, res.json().code]).toEqual([409, 'MOBILE_TAKEN']);
    const [staff] = await t.database.db.select().from(users).where(eq(users.id, staffId));
    expect(staff).toMatchObject({ role: 'ORDERS', status: 'Active', mobile: '01712345678' });
    expect(staff!.mobileVerifiedAt).not.toBeNull();
    expect((await shopper.api.get('user/get-user')).json().data.mobile_verified).toBe(false);
    expect((await t.api().as(owner).get('audit', { query: { kind: 'account' } })).json().data).toEqual([]);
    // The number still signs the staff member in.
    await age(t, '01712345678', 61_000);
    const signedIn = await signInWithMobile(t.api(), '01712345678');
    expect((await t.api().as(signedIn.json().data.access_token).get('user/get-user')).json().data).toMatchObject({ _id: staffId, role: 'ORDERS' });
  });

  it('does not take over an account that has an e-mail: 409, and nothing changes', async () => {
    const owner = await emailAccount();
    await owner.api.post('user/mobile/send', { mobile: '01712345678' });
    await owner.api.post('user/mobile/verify', { mobile: '01712345678', otp: codeSentTo('01712345678') });
    const other = await emailAccount();
    await age(t, '01712345678', 61_000);
    await other.api.post('user/mobile/send', { mobile: '01712345678' });
    const res = await other.api.post('user/mobile/verify', { mobile: '01712345678', otp: codeSentTo('01712345678') });
    expect([res.statusCode, res.json().code]).toEqual([409, 'MOBILE_TAKEN']);
    expect((await owner.api.get('user/get-user')).json().data).toMatchObject({ mobile: '01712345678', mobile_verified: true, status: 'Active' });
    expect((await other.api.get('user/get-user')).json().data.mobile_verified).toBe(false);
  });

  it('lets a phone account add its first e-mail and password without a current one, but not drop its only way in', async () => {
    const phone = await signInWithMobile(t.api(), '01712345678');
    const p = t.api().as(phone.json().data.access_token);
    const dropped = await p.put('user/update-user', { mobile: '01812345678' });
    expect([dropped.statusCode, dropped.json().code]).toEqual([409, 'MOBILE_ONLY_SIGN_IN']);
    const named = await p.put('user/update-user', { name: 'Rahim', email: 'rahim@example.com', password: 'a-new-password' });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().data).toMatchObject({ name: 'Rahim', email: 'rahim@example.com', phone_only: false });
    expect((await t.api().login('rahim@example.com', 'a-new-password')).statusCode).toBe(200);
    // A password login never matches an account without a password.
    expect((await t.api().login('', 'whatever1')).statusCode).toBe(400);
  });
});
