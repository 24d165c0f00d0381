import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MOBILE_CODES_PER_ASKER_PER_WINDOW, MOBILE_CODES_PER_NUMBER_PER_DAY } from '../src/modules/otp';
import { startFakeBulkSmsBd, type FakeBulkSmsBd } from './fakes/bulksmsbd';
import { makeProduct, makeUser, useTestApp, type Api, type TestContext } from './support';

/**
 * Issue 41 (decision 0091): a stranger could lock a mobile number out of SMS
 * codes for a day. Codes are now counted per (number, asker): the browser that
 * signed in with the number before is its own asker and always gets a code;
 * the number-wide daily cap stops only strangers.
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

const OWNER = '01712345678';
const sentTo = (mobile: string) => fake.state.messages.filter((m) => m.number === `88${mobile}`);
const codeSentTo = (mobile: string) => /(\d{6})/.exec(sentTo(mobile).at(-1)?.message ?? '')?.[1];
/** Moves a number's codes back in time, as if `ms` had passed (the clock is not the machine's speed). */
const age = (t: TestContext, mobile: string, ms: number) =>
  t.database.db.execute(
    sql`update mobile_codes set created_at = created_at - ${ms} * interval '1 millisecond', expires_at = expires_at - ${ms} * interval '1 millisecond' where mobile = ${mobile}`,
  );
/** The device cookie a sign-in set, as the browser sends it back. */
const cookieOf = (res: LightMyRequestResponse) => {
  const set = res.headers['set-cookie'];
  const first = String(Array.isArray(set) ? set[0] : set ?? '');
  return first.split(';')[0]!;
};

describe('a stranger cannot lock a number out of its SMS codes (issue 41)', () => {
  const t = useTestApp(env);

  /** The owner signs in with the number on their own phone, a while ago: the browser keeps the device cookie. */
  async function ownerDevice(): Promise<{ api: Api; cookie: string }> {
    const api = t.api();
    expect((await api.post('user/otp/send', { mobile: OWNER })).statusCode).toBe(200);
    const signedIn = await api.post('user/otp/verify', { mobile: OWNER, otp: codeSentTo(OWNER) });
    expect(signedIn.statusCode).toBe(200);
    const cookie = cookieOf(signedIn);
    expect(cookie).toMatch(new RegExp(`^haat_dev_${OWNER}=[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`));
    expect(String(signedIn.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
    await age(t, OWNER, 25 * 60 * 60_000); // yesterday
    return { api, cookie };
  }

  it("after a stranger's 20 requests in 2 minutes from another address, the owner's own device gets a code and signs in", async () => {
    const owner = await ownerDevice();
    const stranger = t.api();
    const purposes = ['user/otp/send', 'order/cod-confirm/send'];
    for (let i = 0; i < 20; i++) {
      await stranger.post(purposes[i % 2]!, { mobile: OWNER });
      await age(t, OWNER, 6_000);
    }
    const before = sentTo(OWNER).length;
    const res = await owner.api.post('user/otp/send', { mobile: OWNER }, { headers: { cookie: owner.cookie } });
    expect([res.statusCode, res.body]).toEqual([200, expect.stringContaining('resend_after_seconds')]);
    expect(sentTo(OWNER)).toHaveLength(before + 1);
    const code = codeSentTo(OWNER)!;
    // A stranger's later request does not void the owner's code.
    await t.api().post('user/otp/send', { mobile: OWNER });
    const signedIn = await owner.api.post('user/otp/verify', { mobile: OWNER, otp: code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it("past the number's daily cap strangers are still refused, from any address, while the owner's device gets sign-in and COD codes", async () => {
    const owner = await ownerDevice();
    const results: string[] = [];
    for (let i = 0; i < MOBILE_CODES_PER_NUMBER_PER_DAY + 2; i++) {
      const res = await t.api().post(i % 2 ? 'order/cod-confirm/send' : 'user/otp/send', { mobile: OWNER });
      results.push(res.statusCode === 200 ? 'sent' : res.json().code);
      await age(t, OWNER, 61_000);
    }
    expect(results).toEqual([...Array(MOBILE_CODES_PER_NUMBER_PER_DAY).fill('sent'), 'OTP_NUMBER_DAILY_CAP', 'OTP_NUMBER_DAILY_CAP']);
    // A forged or another number's cookie proves nothing.
    const forged = await t.api().post('user/otp/send', { mobile: OWNER }, { headers: { cookie: `haat_dev_${OWNER}=AAAAAAAAAAAAAAAAAAAAAA.AAAA` } });
    expect(forged.json().code).toBe('OTP_NUMBER_DAILY_CAP');
    const other = await t.api().post('user/otp/send', { mobile: OWNER }, { headers: { cookie: owner.cookie.replace(OWNER, '01812345678') } });
    expect(other.json().code).toBe('OTP_NUMBER_DAILY_CAP');

    // The owner signs in from their own device, from the same address as a stranger even.
    const sent = await owner.api.post('user/otp/send', { mobile: OWNER }, { headers: { cookie: owner.cookie } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await owner.api.post('user/otp/verify', { mobile: OWNER, otp: codeSentTo(OWNER) })).statusCode).toBe(200);

    // And confirms a cash-on-delivery order for the number as a guest.
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    expect((await t.api().as(admin.token).put('cod/settings', { mode: 'always', risk: 'off', above: null })).statusCode).toBe(200);
    const p = await makeProduct(t.database.db, { price: 500, stock: 3 });
    const order = (extra: object = {}) =>
      owner.api.post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: { name: 'Rahim', address_line: 'Road 5, Mirpur', city: 'Dhaka', mobile: OWNER }, ...extra });
    expect((await order()).json().code).toBe('COD_CONFIRM_REQUIRED');
    const cod = await owner.api.post('order/cod-confirm/send', { mobile: OWNER }, { headers: { cookie: owner.cookie } });
    expect(cod.statusCode, cod.body).toBe(200);
    expect(sentTo(OWNER).at(-1)!.message).toMatch(/অর্ডার নিশ্চিত করার কোড/);
    expect((await order({ cod_otp: codeSentTo(OWNER) })).statusCode).toBe(201);
  });

  it(`slows one asker to ${MOBILE_CODES_PER_ASKER_PER_WINDOW} codes an hour for a number, the owner's device included; others are not held back`, async () => {
    const owner = await ownerDevice();
    const stranger = t.api();
    const results: string[] = [];
    for (let i = 0; i < MOBILE_CODES_PER_ASKER_PER_WINDOW + 1; i++) {
      const res = await stranger.post('user/otp/send', { mobile: OWNER });
      results.push(res.statusCode === 200 ? 'sent' : res.json().code);
      await age(t, OWNER, 61_000);
    }
    expect(results).toEqual([...Array(MOBILE_CODES_PER_ASKER_PER_WINDOW).fill('sent'), 'OTP_ASKER_WINDOW_CAP']);
    const refused = await stranger.post('user/otp/send', { mobile: OWNER });
    expect([refused.statusCode, refused.json().message]).toEqual([429, 'Too many codes were asked for this number from here in the last hour. Please try again later.']);
    // Retry-After (decision 0098): when the first of the five (aged 6 × 61 s, and the test's own seconds) leaves the hour.
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeLessThanOrEqual(3600 - 6 * 61);
    expect(wait).toBeGreaterThan(3600 - 6 * 61 - 30);
    // The owner's device is its own asker.
    expect((await owner.api.post('user/otp/send', { mobile: OWNER }, { headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    // An hour later the stranger may ask again.
    await age(t, OWNER, 60 * 60_000);
    expect((await stranger.post('user/otp/send', { mobile: OWNER })).statusCode).toBe(200);
  });

  it('a guest who confirmed a COD order with the right code is the number’s own browser from then on; a wrong code or an order not asked proves nothing', async () => {
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    expect((await t.api().as(admin.token).put('cod/settings', { mode: 'always', risk: 'off', above: null })).statusCode).toBe(200);
    const p = await makeProduct(t.database.db, { price: 500, stock: 5 });
    const guest = t.api();
    const order = (extra: object = {}) =>
      guest.post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: { name: 'Rahim', address_line: 'Road 5, Mirpur', city: 'Dhaka', mobile: OWNER }, ...extra });
    expect((await guest.post('order/cod-confirm/send', { mobile: OWNER })).statusCode).toBe(200);
    const code = codeSentTo(OWNER)!;
    const wrong = await order({ cod_otp: code === '000000' ? '111111' : '000000' });
    expect([wrong.json().code, wrong.headers['set-cookie']]).toEqual(['OTP_CODE_WRONG', undefined]);
    const placed = await order({ cod_otp: code });
    expect(placed.statusCode, placed.body).toBe(201);
    const cookie = cookieOf(placed);
    expect(cookie).toMatch(new RegExp(`^haat_dev_${OWNER}=`));
    // Not asked for a code (the rule off): a typed cod_otp is not checked, so it proves nothing.
    await t.api().as(admin.token).put('cod/settings', { mode: 'never', risk: 'off', above: null });
    expect((await order({ cod_otp: '123456' })).headers['set-cookie']).toBeUndefined();

    // Strangers use up the number's day; this browser still gets a code.
    for (let i = 0; i < MOBILE_CODES_PER_NUMBER_PER_DAY; i++) {
      await t.api().post('user/otp/send', { mobile: OWNER });
      await age(t, OWNER, 61_000);
    }
    expect((await t.api().post('user/otp/send', { mobile: OWNER })).json().code).toBe('OTP_NUMBER_DAILY_CAP');
    expect((await guest.post('user/otp/send', { mobile: OWNER }, { headers: { cookie } })).statusCode).toBe(200);
  });
});
