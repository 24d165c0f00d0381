import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { refreshSessions, users } from '../src/db/schema';
import { makeUser, useTestApp } from './support';
import { startSmtpCatcher } from './support/smtp';
import { startFakeBulkSmsBd, type FakeBulkSmsBd } from './fakes/bulksmsbd';
import { sessionWithRefreshToken } from './security/world';

const smtp = await startSmtpCatcher();
afterAll(() => smtp.close());

describe('staff management (issue 28)', () => {
  const t = useTestApp({ SMTP_URL: smtp.url, RATE_LIMITS: 'off' });

  it('the Owner invites by e-mail: the account has the role and gets a sign-in code', async () => {
    const owner = await makeUser(t.database.db, t.config, 'ADMIN');
    const res = await t.api().as(owner).post('staff/invite', { name: 'Salma', email: 'Salma@Shop.test', role: 'PACKER' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Salma', email: 'salma@shop.test', role: 'PACKER', status: 'Active' });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'salma@shop.test'));
    expect(row?.role).toBe('PACKER');
    await expect.poll(() => smtp.mailsTo('salma@shop.test').length, { timeout: 10_000 }).toBe(1);
    const again = await t.api().as(owner).post('staff/invite', { name: 'Salma', email: 'salma@shop.test', role: 'ORDERS' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('STAFF_EMAIL_TAKEN');
    const list = await t.api().as(owner).get('staff');
    expect(list.json().data.map((m: { email: string }) => m.email).sort()).toEqual([owner.email, 'salma@shop.test'].sort());
  });

  it('a change of role or a disable ends the person’s sessions at once', async () => {
    const owner = await makeUser(t.database.db, t.config, 'ADMIN');
    const manager = await makeUser(t.database.db, t.config, 'MANAGER');
    const session = await sessionWithRefreshToken(t, manager.id);
    const changed = await t.api().as(owner).patch(`staff/${manager.id}`, { role: 'CATALOGUE' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.role).toBe('CATALOGUE');
    // Every refresh session revoked, and the access token refused on its next call.
    const live = await t.database.db.select().from(refreshSessions).where(eq(refreshSessions.userId, manager.id));
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    expect((await t.api().get('order/get-all-order', { headers: { authorization: `Bearer ${session.access}` } })).statusCode).toBe(401);
    expect((await t.api().post('user/refresh-token', { refresh_token: session.refresh })).statusCode).toBe(401);

    const disabled = await t.api().as(owner).patch(`staff/${manager.id}`, { status: 'Suspended' });
    expect(disabled.json().data.status).toBe('Suspended');
    expect((await t.api().as(manager).get('product/export.csv')).statusCode).toBe(401);
  });

  it('refuses the Owner changing themself, an unknown id, and a Manager managing staff', async () => {
    const owner = await makeUser(t.database.db, t.config, 'ADMIN');
    const manager = await makeUser(t.database.db, t.config, 'MANAGER');
    const shopper = await makeUser(t.database.db, t.config);
    expect((await t.api().as(owner).patch(`staff/${owner.id}`, { role: 'PACKER' })).json().code).toBe('STAFF_NOT_SELF');
    expect((await t.api().as(owner).patch(`staff/${shopper.id}`, { role: 'PACKER' })).json().code).toBe('STAFF_NOT_FOUND');
    const denied = await t.api().as(manager).post('staff/invite', { name: 'X', email: 'x@shop.test', role: 'ADMIN' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('PERMISSION_DENIED');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, shopper.id));
    expect(row?.role).toBe('USER');
  });
});

describe('staff invited by mobile (issue 28, decision 0068)', () => {
  let fake: FakeBulkSmsBd;
  const env: Record<string, string> = { RATE_LIMITS: 'off' };
  beforeAll(async () => {
    fake = await startFakeBulkSmsBd();
    Object.assign(env, { SMS_BASE_URL: fake.baseUrl, SMS_API_KEY: fake.apiKey, SMS_SENDER_ID: fake.senderId, SHOP_NAME: 'Haat', PUBLIC_URL: 'https://haat.example' });
  });
  afterAll(() => fake.close());
  const t = useTestApp(env);

  it('the Owner invites by mobile: a text says to sign in with the number, and its sign-in code opens the staff account', async () => {
    const owner = await makeUser(t.database.db, t.config, 'ADMIN');
    const res = await t.api().as(owner).post('staff/invite', { name: 'Rahim', mobile: '+880 1812-345678', role: 'ORDERS' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Rahim', email: '', mobile: '01812345678', role: 'ORDERS', status: 'Active' });
    await expect.poll(() => fake.state.messages.find((m) => m.number === '8801812345678')?.message).toBe('Haat: আপনাকে কর্মী হিসেবে যোগ করা হয়েছে। এই নম্বর দিয়ে লগইন করুন: https://haat.example/login-mobile');

    // Signing in with the number reaches the invited account (one account, with its role), not a new shopper's.
    expect((await t.api().post('user/otp/send', { mobile: '01812345678' })).statusCode).toBe(200);
    const code = /(\d{6})/.exec(fake.state.messages.filter((m) => m.number === '8801812345678').at(-1)!.message)![1]!;
    const signedIn = await t.api().post('user/otp/verify', { mobile: '01812345678', otp: code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const me = await t.api().as(signedIn.json().data.access_token as string).get('user/get-user');
    expect(me.json().data).toMatchObject({ _id: res.json().data._id, name: 'Rahim', role: 'ORDERS' });
    expect(await t.database.db.select().from(users).where(eq(users.mobile, '01812345678'))).toHaveLength(1);
  });

  it('refuses both or neither of e-mail and mobile, a bad number, and a number that already signs in, storing nothing', async () => {
    const owner = await makeUser(t.database.db, t.config, 'ADMIN');
    const both = await t.api().as(owner).post('staff/invite', { name: 'X', email: 'x@shop.test', mobile: '01712345678', role: 'PACKER' });
    expect(both.statusCode).toBe(400);
    expect(both.json().params).toMatchObject({ field: 'email' });
    expect((await t.api().as(owner).post('staff/invite', { name: 'X', role: 'PACKER' })).statusCode).toBe(400);
    const bad = await t.api().as(owner).post('staff/invite', { name: 'X', mobile: '12345', role: 'PACKER' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().params).toMatchObject({ field: 'mobile' });
    expect((await t.api().as(owner).post('staff/invite', { name: 'Rahim', mobile: '01912345678', role: 'PACKER' })).statusCode).toBe(201);
    const taken = await t.api().as(owner).post('staff/invite', { name: 'Other', mobile: '8801912345678', role: 'ORDERS' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('STAFF_MOBILE_TAKEN');
    const rows = await t.database.db.select().from(users).where(eq(users.mobile, '01912345678'));
    expect(rows.map((r) => r.name)).toEqual(['Rahim']);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'x@shop.test'))).toHaveLength(0);
  });
});

describe('a second way in for staff invited by mobile (issue 41)', () => {
  let fake: FakeBulkSmsBd;
  const env: Record<string, string> = { RATE_LIMITS: 'off', SMTP_URL: smtp.url };
  beforeAll(async () => {
    fake = await startFakeBulkSmsBd();
    Object.assign(env, { SMS_BASE_URL: fake.baseUrl, SMS_API_KEY: fake.apiKey, SMS_SENDER_ID: fake.senderId, SHOP_NAME: 'Haat', PUBLIC_URL: 'https://haat.example' });
  });
  afterAll(() => fake.close());
  const t = useTestApp(env);
  const loginCodeIn = (raw: string) => /Your sign-in code is (\d{8})/.exec(raw)?.[1];

  it('the Owner gives them an e-mail: a sign-in code is e-mailed, and it opens the staff account without any SMS', async () => {
    const owner = await makeUser(t.database.db, t.config, 'ADMIN');
    const invited = (await t.api().as(owner).post('staff/invite', { name: 'Rahim', mobile: '01812345670', role: 'ORDERS' })).json().data;
    const res = await t.api().as(owner).post(`staff/${invited._id}/email`, { email: 'Rahim.Second@Shop.test' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Sign-in code e-mailed.', data: { _id: invited._id, email: 'rahim.second@shop.test', mobile: '01812345670', role: 'ORDERS', status: 'Active' } });
    await expect.poll(() => smtp.mailsTo('rahim.second@shop.test').length, { timeout: 10_000 }).toBe(1);
    const code = loginCodeIn(smtp.mailsTo('rahim.second@shop.test')[0]!.raw);
    const texts = fake.state.messages.length;
    const signedIn = await t.api().put('user/login-with-code', { email: 'rahim.second@shop.test', code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await t.api().as(signedIn.json().data.access_token as string).get('user/get-user')).json().data).toMatchObject({ _id: invited._id, role: 'ORDERS' });
    expect(fake.state.messages.length).toBe(texts);
    // From then on the person asks for codes by e-mail themself (user/send-login-code, one a minute).
    const [entry] = (await t.api().as(owner).get('audit', { query: { kind: 'staff' } })).json().data as { action: string; target_id: string; before: unknown; after: unknown }[];
    expect(entry).toMatchObject({ action: 'update', target_id: invited._id, before: { email: null }, after: { email: 'rahim.second@shop.test' } });
  });

  it('never replaces an e-mail, takes one of another account, or reaches a shopper; each refusal changes nothing', async () => {
    const owner = await makeUser(t.database.db, t.config, 'ADMIN');
    const invited = (await t.api().as(owner).post('staff/invite', { name: 'Salma', mobile: '01812345671', role: 'PACKER' })).json().data;
    const shopper = await makeUser(t.database.db, t.config);
    const taken = await t.api().as(owner).post(`staff/${invited._id}/email`, { email: shopper.email });
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'STAFF_EMAIL_TAKEN']);
    expect((await t.api().as(owner).post(`staff/${invited._id}/email`, { email: 'salma.second@shop.test' })).statusCode).toBe(200);
    const again = await t.api().as(owner).post(`staff/${invited._id}/email`, { email: 'other.second@shop.test' });
    expect([again.statusCode, again.json().code, again.json().message]).toEqual([409, 'STAFF_HAS_EMAIL', 'This staff member already signs in with an e-mail.']);
    const notStaff = await t.api().as(owner).post(`staff/${shopper.id}/email`, { email: 'x@shop.test' });
    expect([notStaff.statusCode, notStaff.json().code]).toEqual([404, 'STAFF_NOT_FOUND']);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, invited._id));
    expect(row!.email).toBe('salma.second@shop.test');
    expect((await t.database.db.select().from(users).where(eq(users.id, shopper.id)))[0]!.role).toBe('USER');
    // Only the Owner's staff permission may do it.
    const manager = await makeUser(t.database.db, t.config, 'ORDERS');
    expect((await t.api().as(manager).post(`staff/${invited._id}/email`, { email: 'y@shop.test' })).statusCode).toBe(403);
    await expect.poll(() => smtp.mailsTo('salma.second@shop.test').length, { timeout: 10_000 }).toBe(1);
    expect(smtp.mailsTo('other.second@shop.test')).toEqual([]);
  });
});
